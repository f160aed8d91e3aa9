'use client';
// Hands the browser to next-auth's `sso` sign-in: it fetches a CSRF token, sets the state,
// nonce and PKCE cookies and sends the browser to the IdP chosen by the sign-in flow cookie.
import { signIn } from 'next-auth/react';

/**
 * `pick`: after a fresh sign-in, the organization picker decides where a member of several
 * tenants goes; a tenant switch already chose its tenant and returns straight to `returnTo`.
 */
export function continueWithSso(email: string, returnTo: string, options: { pick: boolean }) {
  const callbackUrl = options.pick ? `/select-tenant?next=${encodeURIComponent(returnTo)}` : returnTo;
  return signIn('sso', { callbackUrl }, { login_hint: email });
}
