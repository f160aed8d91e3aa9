// Directory tokens: the bearer secrets an IdP's provisioning agent sends to /scim/v2.
//
// A token is `arbor_scim_<43 base64url characters>` (256 random bits), shown once when created.
// Arbor keeps only its SHA-256, in two items, with the lifecycle every bearer credential shares
// (lib/bearer-credentials):
// - P5, platform: `TOKEN#<hash>` / `TOKEN` → tenantId, tokenId, lastUsedAt. The one GetItem that
//   turns a bearer into a tenant; deleting it revokes the token at once.
// - tenant: `T#<t>#DIRECTORY` / `TOKEN#<tokenId>` → label, the last 4 characters (to tell tokens
//   apart), who made it and when: the console's list, read with the tenant's own credentials.
// Several tokens may live at once (rotation: create the new one, switch the IdP, revoke the old).
import 'server-only';
import { ulid } from 'ulid';
import { z } from 'zod';
import { auditEntryPut } from '../audit';
import { credentialHash, issueSecret, lastUses, noteAccessTokenUse, putAccessToken, readAccessToken, revokeAccessToken } from '../bearer-credentials';
import { actorIdentity, deleteItem, itemParser, keys, queryAll, storedActor, transaction, withoutGuards, type AuditActor, type PlatformDb, type TenantDb } from '../db';
import { validateLabel } from '../validation';
import { badTokenLabel, tokenNotFound, tooManyTokens } from './errors';

export const MAX_TOKENS = 5;
const TOKEN_PREFIX = 'arbor_scim_';

export interface DirectoryScope {
  tenant: TenantDb;
  platform: PlatformDb;
}

export interface DirectoryToken {
  tokenId: string;
  label: string;
  /** The last 4 characters of the secret. */
  hint: string;
  createdAt: string;
  createdBy: AuditActor;
  lastUsedAt?: string;
}

const parseTokenItem = itemParser(
  'directoryToken',
  z.object({ tokenId: z.string(), label: z.string(), hint: z.string(), tokenHash: z.string(), createdAt: z.string(), createdBy: storedActor }),
);
const parseAccessToken = itemParser('accessToken', z.object({ tenantId: z.string(), tokenId: z.string(), lastUsedAt: z.string().optional() }));

async function tokenItems(db: TenantDb) {
  const items = await queryAll(db, {
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
    ExpressionAttributeValues: { ':pk': keys.directoryPartition(db.tenantId), ':sk': keys.directoryTokenPrefix },
    ConsistentRead: true,
  });
  return items.map(parseTokenItem);
}

/** Creates a token; the secret is in the result and nowhere else, ever. */
export async function createScimToken(scope: DirectoryScope, input: { label: string; actor: AuditActor }): Promise<{ token: string; tokenId: string }> {
  const label = validateLabel(input.label, badTokenLabel);
  const existing = await tokenItems(scope.tenant);
  if (existing.length >= MAX_TOKENS) throw tooManyTokens(MAX_TOKENS);
  const { secret: token, tokenHash, hint } = issueSecret(TOKEN_PREFIX);
  const tokenId = ulid();
  const now = new Date().toISOString();
  const db = scope.tenant;
  // The listing entry first: a token that works is always listed (and so can be revoked).
  await transaction(db)
    .add({
      Put: {
        TableName: db.tableName,
        Item: { ...keys.directoryToken(db.tenantId, tokenId), type: 'directoryToken', tenantId: db.tenantId, tokenId, label, hint, tokenHash, createdAt: now, createdBy: actorIdentity(input.actor) },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    })
    .add(auditEntryPut(db, { actor: input.actor, action: 'directory.tokenCreate', target: { type: 'directory', id: tokenId, label } }))
    .send();
  await putAccessToken(scope.platform, tokenHash, { kind: 'scim', tenantId: db.tenantId, tokenId, createdAt: now });
  return { token, tokenId };
}

/** The tenant's tokens with their last use: one Query (tenant) + one BatchGetItem (platform). */
export async function listScimTokens(scope: DirectoryScope): Promise<DirectoryToken[]> {
  const items = await tokenItems(scope.tenant);
  const used = await lastUses(scope.platform, items.map((t) => t.tokenHash));
  return items
    .map((t) => ({ tokenId: t.tokenId, label: t.label, hint: t.hint, createdAt: t.createdAt, createdBy: t.createdBy, ...(used.has(t.tokenHash) ? { lastUsedAt: used.get(t.tokenHash) } : {}) }))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/**
 * Revokes a token. The decision is recorded first (the audit entry, with a check that the token
 * is still listed, carrying the request's bound facts), then the platform item goes, so the token
 * stops working, and the listing entry last: a token that still works is always listed.
 */
export async function revokeScimToken(scope: DirectoryScope, input: { tokenId: string; actor: AuditActor }): Promise<void> {
  const db = scope.tenant;
  const found = (await tokenItems(db)).find((t) => t.tokenId === input.tokenId);
  if (!found) throw tokenNotFound();
  const key = keys.directoryToken(db.tenantId, found.tokenId);
  await transaction(db)
    .add({ ConditionCheck: { TableName: db.tableName, Key: key, ConditionExpression: 'attribute_exists(PK)' } }, () => tokenNotFound())
    .add(auditEntryPut(db, { actor: input.actor, action: 'directory.tokenRevoke', target: { type: 'directory', id: found.tokenId, label: found.label } }))
    .send();
  await revokeAccessToken(scope.platform, found.tokenHash);
  // The decision was carried out by the transaction above; the listing entry's removal follows it.
  await deleteItem(withoutGuards(db), { Key: key });
}

export interface TokenHolder {
  tenantId: string;
  tokenId: string;
}

/**
 * The tenant a bearer token opens, or undefined. One strongly consistent GetItem (a revoked token
 * stops at once); the last use is noted.
 */
export async function authenticateScimToken(platform: PlatformDb, bearer: string | undefined): Promise<TokenHolder | undefined> {
  if (!bearer?.startsWith(TOKEN_PREFIX) || bearer.length > 200) return undefined;
  const tokenHash = credentialHash(bearer);
  const stored = await readAccessToken(platform, tokenHash, 'scim');
  if (!stored) return undefined;
  const holder = parseAccessToken(stored);
  noteAccessTokenUse(platform, tokenHash, holder.lastUsedAt);
  return { tenantId: holder.tenantId, tokenId: holder.tokenId };
}
