'use client';
// Sign out: a form posting the server action, so it works before hydration too. A sign-out the
// server could not complete leaves the person signed in and says so. Pending shows at once (the
// button's label and the top bar): ending the session and the redirect take a second or more.
import { useActionState, useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { signOutAction, type SignOutState } from './actions';
import { startNavigationProgress, stopNavigationProgress } from './navigation-progress';

export function SignOutButton() {
  const [state, action, pending] = useActionState<SignOutState>(signOutAction, undefined);
  useEffect(() => {
    if (state?.status === 'failed') stopNavigationProgress();
  }, [state]);
  return (
    <form action={action} onSubmit={() => startNavigationProgress()} className="flex items-center gap-2">
      <Button type="submit" variant="ghost" size="sm" disabled={pending}>
        {pending ? 'Signing out…' : 'Sign out'}
      </Button>
      {state?.status === 'failed' && (
        <p role="alert" className="max-w-xs text-sm text-red-700 dark:text-red-400">
          {state.message}
        </p>
      )}
    </form>
  );
}
