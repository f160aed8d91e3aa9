// The sign-in in progress, between discovery and the IdP's callback: which tenant's connection
// to use, and for which email. Server-only. Kept in a short-lived,
// encrypted cookie (same scheme as the session, its own key derivation) so any app instance can
// finish a sign-in another one started: no server state.
import { decode, encode } from 'next-auth/jwt';
import { config } from '../config';
import { isSessionId } from './session-token';

/** As long as next-auth's own state and PKCE cookies live. */
export const FLOW_MAX_AGE = 15 * 60;
const SALT = 'arbor.sso-flow';

export interface SignInFlow {
  tenantId: string;
  email: string;
  /** The session a tenant switch through another IdP continues (same person: same session id). */
  continues?: { userId: string; sessionId: string };
}

export function encodeFlow(flow: SignInFlow): Promise<string> {
  const { tenantId, email, continues } = flow;
  return encode({ secret: config().ARBOR_SESSION_SECRET, salt: SALT, maxAge: FLOW_MAX_AGE, token: { tenantId, email, ...(continues ? { continues } : {}) } });
}

/** The flow, or undefined when the cookie is missing, expired or was tampered with. */
export async function decodeFlow(token: string | undefined): Promise<SignInFlow | undefined> {
  if (!token) return undefined;
  try {
    const p = await decode({ secret: config().ARBOR_SESSION_SECRET, salt: SALT, token });
    if (typeof p?.tenantId !== 'string' || typeof p.email !== 'string') return undefined;
    const c = p.continues as { userId?: unknown; sessionId?: unknown } | undefined;
    const continues = typeof c?.userId === 'string' && isSessionId(c.sessionId) ? { userId: c.userId, sessionId: c.sessionId } : undefined;
    return { tenantId: p.tenantId, email: p.email, ...(continues ? { continues } : {}) };
  } catch {
    return undefined;
  }
}

/** Only a path on this site: never another origin (`//evil`, `https://…`) nor a sign-in page loop. */
export function safeReturnTo(raw: unknown): string {
  if (typeof raw !== 'string' || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return '/';
  if (raw.startsWith('/sign-in') || raw.startsWith('/api/auth')) return '/';
  return raw.slice(0, 2000);
}
