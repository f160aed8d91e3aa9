'use client';
// The header's account menu: who is signed in, and "Sign out of all devices" (every session of
// the person ends on its next request, this one included). A disclosure button, not an ARIA
// menu: its content is an ordinary form, reached with Tab, closed with Escape.
import { useActionState, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { signOutEverywhereAction, type SignOutState } from './actions';

export function UserMenu({ name, email }: { name: string; email: string }) {
  const [open, setOpen] = useState(false);
  const [state, action, pending] = useActionState<SignOutState>(signOutEverywhereAction, undefined);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (e: Event) => {
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', close);
    document.addEventListener('pointerdown', close);
    return () => {
      document.removeEventListener('keydown', close);
      document.removeEventListener('pointerdown', close);
    };
  }, [open]);

  return (
    <div ref={root} className="relative">
      <Button variant="ghost" size="sm" aria-label={`Account: ${name || email}`} aria-expanded={open} aria-controls={open ? panelId : undefined} title={email} onClick={() => setOpen((o) => !o)}>
        <span className="max-w-28 truncate sm:max-w-48">{name || email}</span>
        <span aria-hidden="true">▾</span>
      </Button>
      {/* Rendered only while open: the email and labels must not add hidden matches to the page's text. */}
      {open && (
        <div
          id={panelId}
          role="region"
          aria-label="Account"
          className="absolute right-0 z-20 mt-1 w-72 max-w-[calc(100vw-1.5rem)] rounded-md border border-zinc-200 bg-white p-3 shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
        >
          <p className="truncate text-sm text-zinc-600 dark:text-zinc-400">Signed in as {email}</p>
          <form action={action} className="mt-3">
            <Button type="submit" variant="secondary" size="sm" disabled={pending} className="w-full">
              Sign out of all devices
            </Button>
          </form>
          <p className="mt-2 text-xs text-zinc-500 dark:text-zinc-400">Ends every session of yours, in every browser, this one included.</p>
          {state?.status === 'failed' && (
            <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
              {state.message}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
