// The setup session: the one browser that opened a setup link. Opening marks the link's platform
// item with the hash of a new session secret (only if nobody opened it before), and the browser
// keeps that secret in an encrypted, httpOnly cookie until the link expires. Every request then
// reads the platform item (one GetItem): revoked, expired or another browser's, and the session
// is over. The IT admin acts as "<label> (setup link)" in the audit trail, and every write is
// conditioned on the link's tenant entry (its version changes when revoked).
import 'server-only';
import { randomBytes } from 'node:crypto';
import { credentialHash } from '../bearer-credentials';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { decode, encode } from 'next-auth/jwt';
import { auditEntryPut } from '../audit';
import { config } from '../config';
import { readAccessToken } from '../bearer-credentials';
import { keys, transaction, updateItem, type AuditActor, type PlatformDb, type TenantDb } from '../db';
import { tenancy } from '../tenancy';
import { setupLinkUnusable } from './errors';
import { SETUP_TOKEN_PREFIX } from './links';

const SALT = 'arbor.setup-session';

export interface SetupSession {
  tenantId: string;
  linkId: string;
  label: string;
  expiresAt: Date;
  /** The tenant's scoped database, its writes conditioned on the link still being live. */
  db: TenantDb;
  actor: AuditActor;
}

interface CookieClaims {
  tokenHash: string;
  secret: string;
}

interface LinkItem {
  tenantId: string;
  linkId: string;
  label: string;
  linkExpiresAt: string;
  openedAt?: string;
  sessionHash?: string;
}

async function readLink(platform: PlatformDb, tokenHash: string): Promise<LinkItem | undefined> {
  const item = (await readAccessToken(platform, tokenHash, 'setup')) as (LinkItem & { kind: 'setup' }) | undefined;
  if (!item || Date.parse(item.linkExpiresAt) <= Date.now()) return undefined;
  return item;
}

/**
 * Opens a link in this browser: the session cookie's value and lifetime, or `setup.linkUnusable`
 * (unknown, revoked, expired, or opened by another browser). A browser that opened it already
 * (its cookie given) gets its session back.
 */
export async function openSetupLink(platform: PlatformDb, token: string, currentCookie?: string): Promise<{ cookie: string; maxAge: number }> {
  if (!token.startsWith(SETUP_TOKEN_PREFIX) || token.length > 100) throw setupLinkUnusable();
  const tokenHash = credentialHash(token);
  const link = await readLink(platform, tokenHash);
  if (!link) throw setupLinkUnusable();
  const maxAge = Math.floor((Date.parse(link.linkExpiresAt) - Date.now()) / 1000);
  const mine = await decodeClaims(currentCookie);
  if (link.openedAt) {
    if (mine?.tokenHash === tokenHash && credentialHash(mine.secret) === link.sessionHash) return { cookie: currentCookie!, maxAge };
    throw setupLinkUnusable();
  }
  const secret = randomBytes(32).toString('base64url');
  const openedAt = new Date().toISOString();
  const opened = await updateItem(platform, {
    Key: keys.accessToken(tokenHash),
    UpdateExpression: 'SET openedAt = :at, sessionHash = :h',
    ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(openedAt)',
    ExpressionAttributeValues: { ':at': openedAt, ':h': credentialHash(secret) },
  });
  if (!opened.written) throw setupLinkUnusable();
  const db = await tenancy().tenantDb(link.tenantId);
  await transaction(db)
    .add({ Update: { TableName: db.tableName, Key: keys.setupLink(link.tenantId, link.linkId), UpdateExpression: 'SET openedAt = :at', ExpressionAttributeValues: { ':at': openedAt } } })
    .add(auditEntryPut(db, { actor: setupActor(link), action: 'setupLink.open', target: { type: 'tenant', id: link.tenantId, label: link.label }, after: { label: link.label } }))
    .send();
  const cookie = await encode({ secret: config().ARBOR_SESSION_SECRET, salt: SALT, maxAge, token: { tokenHash, secret } satisfies CookieClaims });
  return { cookie, maxAge };
}

/** The live setup session of this cookie, or undefined. */
export async function loadSetupSession(platform: PlatformDb, cookie: string | undefined): Promise<SetupSession | undefined> {
  const claims = await decodeClaims(cookie);
  if (!claims) return undefined;
  const link = await readLink(platform, claims.tokenHash);
  if (!link?.sessionHash || link.sessionHash !== credentialHash(claims.secret)) return undefined;
  const scoped = await tenancy().tenantDb(link.tenantId);
  const entry = await scoped.client.send(new GetCommand({ TableName: scoped.tableName, Key: keys.setupLink(link.tenantId, link.linkId), ConsistentRead: true }));
  if (!entry.Item || entry.Item.revokedAt) return undefined;
  const fact = { key: keys.setupLink(link.tenantId, link.linkId), expect: { version: entry.Item.version as number }, changed: 'grant' as const };
  return {
    tenantId: link.tenantId, linkId: link.linkId, label: link.label, expiresAt: new Date(link.linkExpiresAt),
    db: { ...scoped, guards: { facts: () => [fact], sent: () => undefined } },
    actor: setupActor(link),
  };
}

const setupActor = (link: Pick<LinkItem, 'linkId' | 'label'>): AuditActor => ({ userId: `setup-link:${link.linkId}`, email: 'setup-link@arbor', name: `${link.label} (setup link)` });

async function decodeClaims(cookie: string | undefined): Promise<CookieClaims | undefined> {
  if (!cookie) return undefined;
  try {
    const p = await decode({ secret: config().ARBOR_SESSION_SECRET, salt: SALT, token: cookie });
    return typeof p?.tokenHash === 'string' && typeof p.secret === 'string' ? { tokenHash: p.tokenHash, secret: p.secret } : undefined;
  } catch {
    return undefined;
  }
}
