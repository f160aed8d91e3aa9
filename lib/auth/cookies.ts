// Names and options of the cookies Arbor's sign-in uses. All are httpOnly,
// SameSite=Lax (the IdP's redirect back is a top-level GET, which Lax allows) and Secure with
// the `__Secure-` prefix whenever the app is served over https.
import 'server-only';
import { config } from '../config';

export const useSecureCookies = () => config().ARBOR_APP_URL.startsWith('https://');
const prefix = () => (useSecureCookies() ? '__Secure-' : '');

/** next-auth's session cookie (its default name, so next-auth and Arbor read the same one). */
export const sessionCookieName = () => `${prefix()}next-auth.session-token`;
/** The sign-in in progress: which tenant's connection the IdP callback must use. */
export const flowCookieName = () => `${prefix()}arbor.sso-flow`;
/**
 * Marks a browser that had a session, so that a missing session cookie can be reported as
 * "your session expired" rather than a bare sign-in page. Carries nothing secret.
 */
export const hadSessionCookieName = () => `${prefix()}arbor.had-session`;

export const HAD_SESSION_MAX_AGE = 60 * 60 * 24 * 30;

export function cookieOptions(maxAgeSeconds: number) {
  return { httpOnly: true, sameSite: 'lax' as const, secure: useSecureCookies(), path: '/', maxAge: Math.max(0, Math.floor(maxAgeSeconds)) };
}

/** A `Set-Cookie` header value with the options above (route handlers that build their own responses). */
export function setCookieHeader(name: string, value: string, maxAgeSeconds: number) {
  const o = cookieOptions(maxAgeSeconds);
  return `${name}=${value}; Path=${o.path}; Max-Age=${o.maxAge}; HttpOnly; SameSite=Lax${o.secure ? '; Secure' : ''}`;
}
