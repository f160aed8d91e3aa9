// The invitation link: `<app>/invite/<tenantId>.<invitationId>.<secret>`.
//
// The secret is 256 random bits, shown once (in the mail, or to the admin who copies the link)
// and stored only as its SHA-256 (design invariant 12). The tenant id travels in the link so the
// lookup runs with that tenant's scoped credentials, like every tenant read: no platform item is
// needed, and a link can only ever reach the invitation item it names inside the tenant it names.
// Changing the tenant id (or the invitation id) reaches an item that is absent or whose hash
// differs, which is the same "not valid" answer as a forged secret.
import 'server-only';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { sha256Base64url } from '../security/digest';
import { isValidTenantId } from '../tenancy/session-policy';
import { ULID } from '../validation/ids';

export interface InvitationToken {
  tenantId: string;
  invitationId: string;
  secret: string;
}

const SECRET = /^[A-Za-z0-9_-]{43}$/;

export const newLinkSecret = () => randomBytes(32).toString('base64url');

export const hashLinkSecret = sha256Base64url;

/** Whether `secret` is the one whose hash is stored; constant time. */
export function secretMatches(secret: string, storedHash: unknown): boolean {
  if (typeof storedHash !== 'string') return false;
  const a = Buffer.from(hashLinkSecret(secret));
  const b = Buffer.from(storedHash);
  return a.length === b.length && timingSafeEqual(a, b);
}

export const formatInvitationToken = (t: InvitationToken) => `${t.tenantId}.${t.invitationId}.${t.secret}`;

export const invitationLinkUrl = (appUrl: string, token: InvitationToken) =>
  `${appUrl.replace(/\/$/, '')}/invite/${formatInvitationToken(token)}`;

/** The token's parts, or undefined for anything that is not exactly a token's shape. */
export function parseInvitationToken(raw: unknown): InvitationToken | undefined {
  if (typeof raw !== 'string' || raw.length > 120) return undefined;
  const parts = raw.split('.');
  if (parts.length !== 3) return undefined;
  const [tenantId, invitationId, secret] = parts;
  if (!isValidTenantId(tenantId) || !ULID.test(invitationId) || !SECRET.test(secret)) return undefined;
  return { tenantId, invitationId, secret };
}
