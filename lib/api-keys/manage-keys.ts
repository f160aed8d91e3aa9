// API keys: the bearer secrets other systems call /api/v1 with, each acting as a
// role on one unit (and any custom roles beside it), exactly as a person holding that membership
// would.
//
// A key is `arbor_key_<43 base64url characters>` (256 random bits), shown once when created; the
// prefix lets secret scanners recognise a leaked one. Arbor keeps only its SHA-256, in two items,
// with the lifecycle every bearer credential shares (lib/bearer-credentials):
// - P5, platform: `TOKEN#<hash>` / `TOKEN` (kind `api`) → tenant, key id, unit, expiry (also
//   its TTL), last use: the one GetItem that turns a bearer into a tenant;
// - tenant: `T#<t>#APIKEYS` / `KEY#<keyId>` → name, role, scope, unit, expiry, creator, version: the
//   settings list (with the custom role keys, `roles`), and the fact every write made with the key is conditioned on.
// A key's scope is `full` (every operation its role allows) or `check` (only the check API's
// operations, which read only); keys stored before scopes existed have none and are `full`.
import 'server-only';
import { ulid } from 'ulid';
import { z } from 'zod';
import { auditEntryPut } from '../audit';
import { ROLES, type Role } from '../authz/roles';
import { credentialHash, issueSecret, lastUses, putAccessToken, revokeAccessToken } from '../bearer-credentials';
import {
  actorIdentity, deleteItem, itemParser, keys, queryAll, storedActor, transaction, TTL_ATTRIBUTE, withoutGuards,
  type AuditActor, type PlatformDb, type TenantDb,
} from '../db';
import { depthOf } from '../org/unit-item';
import { validateLabel } from '../validation';
import { apiKeyNotFound, badApiKeyExpiry, badApiKeyName, badApiKeyRole, badApiKeyScope, tooManyApiKeys } from './errors';

export const API_KEY_PREFIX = 'arbor_key_';
export const MAX_API_KEYS = 50;
export const MAX_API_KEY_DAYS = 365;
/** The roles a key can hold; never owner (owners manage owners, and a key is not a person). */
export const API_KEY_ROLES = ROLES.filter((r) => r !== 'owner') as Exclude<Role, 'owner'>[];

/** What a key may call: `full`, every operation its role allows; `check`, only check operations (docs/checks.md). */
export const API_KEY_SCOPES = ['full', 'check'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const apiKeyHash = credentialHash;

export interface ApiKey {
  keyId: string;
  name: string;
  role: Exclude<Role, 'owner'>;
  /** Custom role keys held on the unit beside `role` (docs/roles.md); absent = none. */
  roles?: string[];
  scope: ApiKeyScope;
  unitId: string;
  /** The last 4 characters of the secret. */
  hint: string;
  createdAt: string;
  createdBy: AuditActor;
  /** When the key stops working (ISO); its platform item's TTL too. */
  validUntil: string;
  version: number;
}

/** Where keys are kept: the tenant's list, the platform's lookup items. */
export interface ApiKeyStores {
  tenant: TenantDb;
  platform: PlatformDb;
}

export const parseApiKey = itemParser('apiKey', z.object({
  keyId: z.string(), name: z.string(), role: z.enum(API_KEY_ROLES), roles: z.array(z.string()).optional(), scope: z.enum(API_KEY_SCOPES).default('full'), unitId: z.string(), hint: z.string(), tokenHash: z.string(),
  createdAt: z.string(), createdBy: storedActor, validUntil: z.string(), version: z.number(),
}));

export async function listApiKeyItems(db: TenantDb) {
  const items = await queryAll(db, {
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
    ExpressionAttributeValues: { ':pk': keys.apiKeyPartition(db.tenantId), ':sk': keys.apiKeyPrefix },
    ConsistentRead: true,
  });
  return items.map(parseApiKey);
}

/** The tenant's keys with their last use: one Query (tenant) + one BatchGetItem (platform). */
export async function listApiKeys(stores: ApiKeyStores): Promise<(ApiKey & { lastUsedAt?: string })[]> {
  const items = await listApiKeyItems(stores.tenant);
  const used = await lastUses(stores.platform, items.map((k) => k.tokenHash));
  return items
    .map(({ tokenHash, ...key }) => ({ ...key, ...(used.has(tokenHash) ? { lastUsedAt: used.get(tokenHash) } : {}) }))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

export interface NewApiKey {
  name: unknown;
  role: unknown;
  /** Custom role keys beside `role`, already named and decided by the entry point (role.assign each). */
  roles?: string[];
  /** `full` when absent. */
  scope?: unknown;
  /** The unit it acts on, as the caller read it (its path is checked by the request's bound facts). */
  unit: { id: string; path: string };
  expiresInDays: unknown;
  actor: AuditActor;
}

/** Creates a key; the secret is in the result and nowhere else, ever. */
export async function createApiKey(stores: ApiKeyStores, input: NewApiKey): Promise<{ secret: string; key: ApiKey }> {
  const name = validateLabel(input.name, badApiKeyName);
  const days = input.expiresInDays;
  if (typeof days !== 'number' || !Number.isInteger(days) || days < 1 || days > MAX_API_KEY_DAYS) throw badApiKeyExpiry(MAX_API_KEY_DAYS);
  const role = input.role as ApiKey['role'];
  if (!API_KEY_ROLES.includes(role)) throw badApiKeyRole();
  // Admin means "the whole organization" only on the top unit, as for people.
  if (role === 'admin' && depthOf(input.unit.path) !== 0) throw badApiKeyRole();
  const keyScope = (input.scope ?? 'full') as ApiKeyScope;
  if (!API_KEY_SCOPES.includes(keyScope)) throw badApiKeyScope();
  const db = stores.tenant;
  if ((await listApiKeyItems(db)).length >= MAX_API_KEYS) throw tooManyApiKeys(MAX_API_KEYS);

  const { secret, tokenHash, hint } = issueSecret(API_KEY_PREFIX);
  const now = new Date();
  const expires = new Date(now.getTime() + days * 86_400_000);
  const key: ApiKey = {
    keyId: ulid(), name, role, ...(input.roles?.length ? { roles: input.roles } : {}), scope: keyScope, unitId: input.unit.id, hint, createdAt: now.toISOString(),
    createdBy: actorIdentity(input.actor), validUntil: expires.toISOString(), version: 1,
  };
  const ttl = Math.floor(expires.getTime() / 1000);
  // The listing entry first, with the decision's facts: a key that works is always listed.
  await transaction(db)
    .add({
      Put: {
        TableName: db.tableName,
        Item: { ...keys.apiKey(db.tenantId, key.keyId), type: 'apiKey', tenantId: db.tenantId, ...key, tokenHash, [TTL_ATTRIBUTE]: ttl },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    })
    .add(auditEntryPut(db, {
      actor: input.actor, action: 'apiKey.create', target: { type: 'apiKey', id: key.keyId, label: name }, unitId: key.unitId,
      after: { name, role, ...(key.roles ? { roles: key.roles } : {}), scope: keyScope, unitId: key.unitId, validUntil: key.validUntil },
    }))
    .send();
  await putAccessToken(stores.platform, tokenHash, {
    kind: 'api', tenantId: db.tenantId, keyId: key.keyId, unitId: key.unitId, createdAt: key.createdAt, keyExpiresAt: key.validUntil, expiresAt: expires,
  });
  return { secret, key };
}

/**
 * Revokes a key: the decision is recorded (audit, bound to the admin's grant and the key's
 * version), then the platform item goes, so the key stops at once, then the listing entry.
 * A request already running with the key fails its next write: its facts name the entry.
 */
export async function revokeApiKey(stores: ApiKeyStores, input: { keyId: string; actor: AuditActor }): Promise<void> {
  const db = stores.tenant;
  const found = (await listApiKeyItems(db)).find((k) => k.keyId === input.keyId);
  if (!found) throw apiKeyNotFound();
  const key = keys.apiKey(db.tenantId, found.keyId);
  await transaction(db)
    .add({ ConditionCheck: { TableName: db.tableName, Key: key, ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': found.version } } }, () => apiKeyNotFound())
    .add(auditEntryPut(db, { actor: input.actor, action: 'apiKey.revoke', target: { type: 'apiKey', id: found.keyId, label: found.name }, unitId: found.unitId }))
    .send();
  await revokeAccessToken(stores.platform, found.tokenHash);
  // The decision was carried out by the transaction above; the listing entry's removal follows it.
  await deleteItem(withoutGuards(db), { Key: key });
}
