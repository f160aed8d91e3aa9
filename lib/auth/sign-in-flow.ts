// The sign-in in progress, between discovery and the IdP's callback: which tenant's connection
// to use, and for which email. Kept in a short-lived,
// encrypted cookie (same scheme as the session, its own key derivation) so any app instance can
// finish a sign-in another one started: no server state.
import 'server-only';
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
  /** A SAML sign-in: the AuthnRequest sent (its response must answer it) and where to go after. */
  saml?: { requestId: string; returnTo: string };
  /** A Test connection run: no session; what the IdP sent is kept under this id for `returnTo`. */
  test?: { testId: string; returnTo: string };
}

const stringPair = <K extends string>(v: unknown, a: K, b: K): Record<K, string> | undefined => {
  const o = v as Record<string, unknown> | undefined;
  return typeof o?.[a] === 'string' && typeof o[b] === 'string' ? ({ [a]: o[a], [b]: o[b] } as Record<K, string>) : undefined;
};

export function encodeFlow(flow: SignInFlow): Promise<string> {
  const { tenantId, email, continues, saml, test } = flow;
  return encode({ secret: config().ARBOR_SESSION_SECRET, salt: SALT, maxAge: FLOW_MAX_AGE, token: { tenantId, email, ...(continues ? { continues } : {}), ...(saml ? { saml } : {}), ...(test ? { test } : {}) } });
}

/** The flow, or undefined when the cookie is missing, expired or was tampered with. */
export async function decodeFlow(token: string | undefined): Promise<SignInFlow | undefined> {
  if (!token) return undefined;
  try {
    const p = await decode({ secret: config().ARBOR_SESSION_SECRET, salt: SALT, token });
    if (typeof p?.tenantId !== 'string' || typeof p.email !== 'string') return undefined;
    const c = p.continues as { userId?: unknown; sessionId?: unknown } | undefined;
    const continues = typeof c?.userId === 'string' && isSessionId(c.sessionId) ? { userId: c.userId, sessionId: c.sessionId } : undefined;
    const saml = stringPair(p.saml, 'requestId', 'returnTo');
    const test = stringPair(p.test, 'testId', 'returnTo');
    return { tenantId: p.tenantId, email: p.email, ...(continues ? { continues } : {}), ...(saml ? { saml } : {}), ...(test ? { test } : {}) };
  } catch {
    return undefined;
  }
}
