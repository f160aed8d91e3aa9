// Test connection: a real sign-in through the tenant's IdP that creates no session. What the IdP
// sent and what Arbor would do with it are kept for an hour under the test's id, in the tenant's
// partition, for the page that started the test (Settings → Single sign-on, or a setup link).
import 'server-only';
import { randomBytes } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { keys, putItem, TTL_ATTRIBUTE, type PlatformDb, type TenantDb } from '../db';
import { getInvitationsForEmail } from '../invitations/list-invitations';
import { getUserMemberships } from '../members';
import { getUserByEmail } from '../users';
import { emailDomain } from '../validation';
import type { SsoConnection } from '../sso/connection';

const TEST_SECONDS = 3600;

export const newTestId = () => randomBytes(18).toString('base64url');
export const isTestId = (v: unknown): v is string => typeof v === 'string' && /^[A-Za-z0-9_-]{24}$/.test(v);

export interface ConnectionTestResult {
  testId: string;
  protocol: SsoConnection['protocol'];
  at: string;
  /** The claims (OIDC) or NameID and attributes (SAML) as received, bounded. */
  received: Record<string, unknown>;
  /** The person as Arbor reads them, when it could. */
  person?: { email: string; name: string; groups?: string[] };
  /** What a real sign-in would do: `signIn` (and how) or the failure code it would end on. */
  outcome: { ok: true; via: 'membership' | 'invitation' | 'jit' } | { ok: false; code: string };
}

/** What a sign-in of this person would do, read without writing anything. */
export async function predictSignIn(platform: PlatformDb, db: TenantDb, connection: SsoConnection, email: string): Promise<ConnectionTestResult['outcome']> {
  const user = await getUserByEmail(platform, email);
  if (user) {
    const { memberships, deactivated } = await getUserMemberships(db, user.id);
    if (deactivated) return { ok: false, code: 'tenant.deactivated' };
    if (memberships.length > 0) return { ok: true, via: 'membership' };
  }
  if ((await getInvitationsForEmail(db, email)).length > 0) return { ok: true, via: 'invitation' };
  if (connection.jit && connection.domains.includes(emailDomain(email))) return { ok: true, via: 'jit' };
  return { ok: false, code: 'membership.none' };
}

export async function recordTestResult(db: TenantDb, result: ConnectionTestResult): Promise<void> {
  const json = JSON.stringify(result.received, (_k, v) => (typeof v === 'string' ? v.slice(0, 1024) : v));
  // An item holds 400 KB; an IdP that sends more than this is summarised rather than kept.
  const received = json.length <= 64_000 ? JSON.parse(json) : { note: `${json.length} bytes received, too many to keep` };
  await putItem(db, {
    Item: { ...keys.ssoTest(db.tenantId, result.testId), type: 'ssoTest', ...result, received, [TTL_ATTRIBUTE]: Math.floor(Date.now() / 1000) + TEST_SECONDS },
  });
}

export async function readTestResult(db: TenantDb, testId: string): Promise<ConnectionTestResult | undefined> {
  if (!isTestId(testId)) return undefined;
  const out = await db.client.send(new GetCommand({ TableName: db.tableName, Key: keys.ssoTest(db.tenantId, testId), ConsistentRead: true }));
  if (!out.Item) return undefined;
  const { protocol, at, received, person, outcome } = out.Item as ConnectionTestResult;
  return { testId, protocol, at, received, person, outcome };
}
