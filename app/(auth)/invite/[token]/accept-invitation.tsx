'use client';
// The invitation's one button: records the sign-in flow for the invitation's tenant, then hands
// the browser to that tenant's identity provider with the invited address as the hint.
import { useState, useTransition } from 'react';
import { Button } from '@/components/ui/button';
import { continueWithSso } from '@/components/shell/continue-with-sso';
import { beginInvitedSignIn } from './actions';

export function AcceptInvitation({ token, email }: { token: string; email: string }) {
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);

  function accept() {
    setError(null);
    startTransition(async () => {
      const started = await beginInvitedSignIn(token);
      if (started.status === 'error') return setError(started.message);
      setRedirecting(true);
      await continueWithSso(started.email, started.returnTo, { pick: false });
    });
  }

  return (
    <div className="space-y-3">
      <Button variant="primary" className="w-full" onClick={accept} disabled={pending || redirecting}>
        {redirecting ? 'Redirecting to your identity provider…' : pending ? 'Checking…' : `Accept and sign in as ${email}`}
      </Button>
      {error && <p role="alert" className="text-sm text-red-700 dark:text-red-400">{error}</p>}
    </div>
  );
}
