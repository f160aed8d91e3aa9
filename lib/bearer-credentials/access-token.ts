// The platform item of a bearer credential (P5): created after the tenant-side entry (a credential
// that works is always listed), read by hash with one strongly consistent GetItem (a revoked
// credential stops at once), its last use noted, deleted to revoke.
import 'server-only';
import { batchGet, deleteItem, getItem, keys, putItem, TTL_ATTRIBUTE, updateItem, type PlatformDb } from '../db';

export type AccessTokenKind = 'api' | 'scim' | 'setup';

/** The platform item as stored: its kind, its tenant, and the attributes its area keeps on it. */
export type AccessTokenItem = Record<string, unknown> & { kind: AccessTokenKind; tenantId: string; lastUsedAt?: string };

/** "Last used" is shown to the minute: written at most once a minute per credential. */
const LAST_USED_EVERY_MS = 60_000;

/**
 * Stores the platform item of a new credential (never over an existing one). `expiresAt` also
 * becomes its TTL, so DynamoDB removes a credential that ran out.
 */
export async function putAccessToken(
  platform: PlatformDb, tokenHash: string,
  item: { kind: AccessTokenKind; tenantId: string; expiresAt?: Date } & Record<string, unknown>,
): Promise<void> {
  const { expiresAt, ...attributes } = item;
  const outcome = await putItem(platform, {
    Item: {
      ...keys.accessToken(tokenHash), type: 'accessToken', ...attributes,
      ...(expiresAt ? { [TTL_ATTRIBUTE]: Math.floor(expiresAt.getTime() / 1000) } : {}),
    },
    ConditionExpression: 'attribute_not_exists(PK)',
  });
  // 256 random bits do not collide: a hash already stored is a bug, not a person's error.
  if (!outcome.written) throw new Error('bearer credential: its hash is already stored');
}

/** The platform item of a credential of this kind, by its hash; undefined when unknown or revoked. */
export async function readAccessToken(platform: PlatformDb, tokenHash: string, kind: AccessTokenKind): Promise<AccessTokenItem | undefined> {
  const item = await getItem(platform, keys.accessToken(tokenHash));
  return item?.kind === kind ? (item as AccessTokenItem) : undefined;
}

/** Revokes at once: without its platform item, no request finds the credential. */
export async function revokeAccessToken(platform: PlatformDb, tokenHash: string): Promise<void> {
  await deleteItem(platform, { Key: keys.accessToken(tokenHash) });
}

/**
 * Notes that a credential was used, after the answer is known, never awaited. Bookkeeping: a lost
 * update only makes it a minute older, so it carries no version.
 */
export function noteAccessTokenUse(platform: PlatformDb, tokenHash: string, lastUsedAt: string | undefined, now = Date.now()): void {
  if (lastUsedAt && now - Date.parse(lastUsedAt) < LAST_USED_EVERY_MS) return;
  void updateItem(platform, {
    Key: keys.accessToken(tokenHash), UpdateExpression: 'SET lastUsedAt = :now', ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeValues: { ':now': new Date(now).toISOString() },
  }).catch(() => undefined);
}

/** The last use of each credential, by hash, for a listing: one BatchGetItem. */
export async function lastUses(platform: PlatformDb, tokenHashes: string[]): Promise<Map<string, string>> {
  const used = new Map<string, string>();
  if (tokenHashes.length === 0) return used;
  const hashOf = new Map(tokenHashes.map((h) => [keys.accessToken(h).PK, h]));
  const items = await batchGet(platform, tokenHashes.map((h) => keys.accessToken(h)), { consistent: false, projection: ['lastUsedAt'] });
  for (const item of items) {
    const hash = hashOf.get(item.PK as string);
    if (hash && typeof item.lastUsedAt === 'string') used.set(hash, item.lastUsedAt);
  }
  return used;
}
