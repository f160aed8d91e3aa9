'use client';
// Hands the browser to next-auth's `sso` sign-in: it fetches a CSRF token, sets the state,
// nonce and PKCE cookies and sends the browser to the IdP chosen by the sign-in flow cookie.
import { signIn } from 'next-auth/react';

export function continueWithSso(email: string, returnTo: string) {
  // After the IdP, the organization picker decides where a member of several tenants goes.
  const callbackUrl = `/select-tenant?next=${encodeURIComponent(returnTo)}`;
  return signIn('sso', { callbackUrl }, { login_hint: email });
}
