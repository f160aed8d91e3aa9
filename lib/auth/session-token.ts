// The session: a JWT encrypted and authenticated with A256GCM under a key derived from
// ARBOR_SESSION_SECRET (next-auth's own format, so either side can read what the other wrote).
// Decoding tells apart a missing, expired and tampered session, so each gets its
// own message. The token names its session (`sessionId`), which must also be recorded as live in
// the table (session-records.ts): signing out deletes the record, and every copy of the cookie
// stops working.
import 'server-only';
import { randomBytes } from 'node:crypto';
import { decode, encode } from 'next-auth/jwt';
import { config } from '../config';

/** What the session cookie carries. Nothing else about the user is trusted from it. */
export interface SessionClaims {
  userId: string;
  email: string;
  name: string;
  /** The active tenant; only ever set by the server (sign-in callback, tenant switch). */
  tenantId: string;
  /** The OIDC issuer the user signed in with; a tenant switch needs the target to trust it. */
  issuer: string;
  /** Random id of this sign-in, kept across tenant switches; its table records make it live. */
  sessionId: string;
}

export interface Session extends SessionClaims {
  expiresAt: Date;
}

export type SessionState =
  | { status: 'active'; session: Session }
  | { status: 'none' }
  | { status: 'expired' }
  | { status: 'invalid' };

const secret = () => config().ARBOR_SESSION_SECRET;

/** 128 random bits, base64url (22 characters). */
export const newSessionId = () => randomBytes(16).toString('base64url');

const SESSION_ID = /^[A-Za-z0-9_-]{22,64}$/;
/** The shape the server mints. A token without one predates session records: sign in again. */
export const isSessionId = (v: unknown): v is string => typeof v === 'string' && SESSION_ID.test(v);

/** Encodes a session lasting `maxAgeSeconds` (default: ARBOR_SESSION_MAX_AGE). */
export function encodeSessionToken(claims: SessionClaims, maxAgeSeconds = config().ARBOR_SESSION_MAX_AGE): Promise<string> {
  const { userId, email, name, tenantId, issuer, sessionId } = claims;
  return encode({ secret: secret(), maxAge: maxAgeSeconds, token: { sub: userId, userId, email, name, tenantId, issuer, sessionId } });
}

export async function decodeSessionToken(token: string | undefined): Promise<SessionState> {
  if (!token) return { status: 'none' };
  let payload: Record<string, unknown> | null;
  try {
    payload = await decode({ secret: secret(), token });
  } catch (e) {
    return (e as { code?: string }).code === 'ERR_JWT_EXPIRED' ? { status: 'expired' } : { status: 'invalid' };
  }
  const fields = ['userId', 'email', 'tenantId', 'issuer'] as const;
  if (!payload || fields.some((f) => typeof payload![f] !== 'string') || typeof payload.exp !== 'number') return { status: 'invalid' };
  if (!isSessionId(payload.sessionId)) return { status: 'invalid' };
  return {
    status: 'active',
    session: {
      userId: payload.userId as string,
      email: payload.email as string,
      name: typeof payload.name === 'string' ? payload.name : '',
      tenantId: payload.tenantId as string,
      issuer: payload.issuer as string,
      sessionId: payload.sessionId,
      expiresAt: new Date(payload.exp * 1000),
    },
  };
}
