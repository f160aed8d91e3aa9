'use client';
// The work-email form. After discovery succeeds the browser continues to the organization's
// identity provider through next-auth (which sets the state, nonce and PKCE cookies).
import { useActionState, useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { continueWithSso } from '@/components/shell/continue-with-sso';
import { beginSignIn, type BeginSignInState } from './actions';

export function SignInForm({ callbackUrl }: { callbackUrl: string }) {
  const [state, action, pending] = useActionState<BeginSignInState, FormData>(beginSignIn, { status: 'idle', email: '' });
  const redirecting = state.status === 'redirecting';

  useEffect(() => {
    if (state.status === 'redirecting') void continueWithSso(state.email, callbackUrl, { pick: true });
  }, [state, callbackUrl]);

  return (
    <form action={action} className="space-y-4" noValidate>
      <TextField
        label="Work email"
        name="email"
        type="email"
        autoComplete="username"
        required
        autoFocus
        defaultValue={state.email}
        placeholder="name@company.com"
        error={state.status === 'error' ? state.message : undefined}
      />
      <Button type="submit" variant="primary" className="w-full" disabled={pending || redirecting}>
        {redirecting ? 'Redirecting to your identity provider…' : pending ? 'Checking…' : 'Continue'}
      </Button>
      <p aria-live="polite" className="sr-only">
        {redirecting ? 'Redirecting to your organization’s sign-in page.' : ''}
      </p>
    </form>
  );
}
