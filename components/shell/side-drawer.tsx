'use client';
// The side pane (the organization tree) as a drawer below tablet width: the header's button opens
// it over the page, navigating, Escape or a tap outside closes it. From `md` up the same pane is
// an ordinary column, always shown; there is one pane in the page either way, so the tree keeps
// its state and its element ids stay unique.
import { usePathname } from 'next/navigation';
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';

const PANE_ID = 'side-pane';

interface DrawerState {
  open: boolean;
  setOpen: (open: boolean) => void;
}

const DrawerContext = createContext<DrawerState>({ open: false, setOpen: () => {} });

export function DrawerProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const pathname = usePathname();
  // Choosing a unit (or any other navigation) closes the drawer.
  useEffect(() => setOpen(false), [pathname]);
  return <DrawerContext.Provider value={{ open, setOpen }}>{children}</DrawerContext.Provider>;
}

/** Whether the drawer is open, and opening or closing it (from inside the pane). */
export const useDrawer = () => useContext(DrawerContext);

/** The header's button; shown below `md` on the screens that have a side pane (the tree). */
export function DrawerToggle() {
  const { open, setOpen } = useContext(DrawerContext);
  const pathname = usePathname();
  if (!(pathname === '/' || pathname.startsWith('/units'))) return null;
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={PANE_ID}
      onClick={() => setOpen(!open)}
      className="-ml-1 flex size-9 shrink-0 items-center justify-center rounded-md text-zinc-700 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-emerald-600 md:hidden dark:text-zinc-300 dark:hover:bg-zinc-800"
    >
      <span className="sr-only">{open ? 'Close the organization tree' : 'Open the organization tree'}</span>
      <svg viewBox="0 0 20 20" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" aria-hidden="true">
        {open ? <path d="M5 5l10 10M15 5 5 15" /> : <path d="M3 5h14M3 10h14M3 15h14" />}
      </svg>
    </button>
  );
}

/** The pane itself: a column from `md` up, a drawer over the page below it. */
export function SidePane({ label, children }: { label: string; children: ReactNode }) {
  const { open, setOpen } = useContext(DrawerContext);
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!open) return;
    // Focus goes to the pane, not its search field: that would pop up a phone's keyboard. Opened
    // by `/` from a keyboard, the search has taken focus already (children's effects run first).
    if (!ref.current?.contains(document.activeElement)) ref.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, setOpen]);

  return (
    <>
      {open && <div aria-hidden="true" onClick={() => setOpen(false)} className="fixed inset-0 z-30 bg-black/40 md:hidden" />}
      <aside
        ref={ref}
        id={PANE_ID}
        aria-label={label}
        tabIndex={-1}
        className={`${open ? 'fixed inset-y-0 left-0 z-40 flex w-[min(20rem,85vw)] bg-white shadow-xl dark:bg-zinc-950' : 'hidden'} flex-col border-r border-zinc-200 outline-none md:static md:z-auto md:flex md:w-72 md:shrink-0 md:shadow-none xl:w-80 dark:border-zinc-800`}
      >
        {children}
      </aside>
    </>
  );
}
