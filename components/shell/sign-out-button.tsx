'use client';
// Sign out: a form posting the server action, so it works before hydration too. A sign-out the
// server could not complete leaves the person signed in and says so.
import { useActionState } from 'react';
import { Button } from '@/components/ui/button';
import { signOutAction, type SignOutState } from './actions';

export function SignOutButton() {
  const [state, action, pending] = useActionState<SignOutState>(signOutAction, undefined);
  return (
    <form action={action} className="flex items-center gap-2">
      <Button type="submit" variant="ghost" size="sm" disabled={pending}>
        Sign out
      </Button>
      {state?.status === 'failed' && (
        <p role="alert" className="max-w-xs text-sm text-red-700 dark:text-red-400">
          {state.message}
        </p>
      )}
    </form>
  );
}
