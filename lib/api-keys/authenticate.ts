// A request's `Authorization: Bearer arbor_key_…` turned into the actor it acts as:
// one strongly consistent GetItem on the platform item (P5: which tenant, which key), then, with
// that tenant's scoped credentials only, one BatchGetItem of the key's entry and its unit (the
// unit's path now, so a key scoped to a unit that moved covers where the unit is). The actor
// holds exactly one grant, the key's role and custom roles on its unit, and the same lib/authz
// decides for it; a key with custom roles also reads the role catalogue (one GetItem, shared for
// a few seconds).
import 'server-only';
import { z } from 'zod';
import type { Grant, RoleCatalogue } from '../authz';
import { noteAccessTokenUse, readAccessToken } from '../bearer-credentials';
import { batchGet, itemParser, keys, type PlatformDb, type TenantDb, type WriteFact } from '../db';
import type { Membership, RequestActor } from '../members';
import { readRoleCatalogue } from '../roles';
import { apiKeyExpired, apiKeyInvalid, apiKeyScopeGone } from './errors';
import { API_KEY_PREFIX, apiKeyHash, parseApiKey, type ApiKey } from './manage-keys';

const MAX_BEARER_CHARS = 200;

const parseHolder = itemParser('accessToken', z.object({
  tenantId: z.string(), keyId: z.string(), unitId: z.string(), keyExpiresAt: z.string(), lastUsedAt: z.string().optional(),
}));

/** The bearer credential of a request, if it sends one. */
export function bearerOf(request: Request): string | undefined {
  return request.headers.get('authorization')?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
}

/** The hash a key is looked up by; a bearer that cannot be a key is refused before hashing. */
export function apiKeyHashOrThrow(bearer: string): string {
  if (!bearer.startsWith(API_KEY_PREFIX) || bearer.length > MAX_BEARER_CHARS) throw apiKeyInvalid();
  return apiKeyHash(bearer);
}

/** The audit identity of a key: "API key HR sync" in the trail. */
export const apiKeyAuditName = (name: string) => `API key ${name}`;

export interface ApiKeyDeps {
  platform: PlatformDb;
  tenantDb(tenantId: string, options: { userId: string }): Promise<TenantDb>;
  now?: () => number;
}

/**
 * The actor of a request carrying an API key, or a typed 401: unknown or revoked (apiKey.invalid),
 * past its expiry (apiKey.expired), or its unit deleted (apiKey.scopeGone).
 */
export async function loadApiKeyActor(deps: ApiKeyDeps, bearer: string): Promise<RequestActor> {
  const now = deps.now?.() ?? Date.now();
  const tokenHash = apiKeyHashOrThrow(bearer);
  const stored = await readAccessToken(deps.platform, tokenHash, 'api');
  if (!stored) throw apiKeyInvalid();
  const holder = parseHolder(stored);
  if (Date.parse(holder.keyExpiresAt) <= now) throw apiKeyExpired();

  const db = await deps.tenantDb(holder.tenantId, { userId: holder.keyId });
  const entryKey = keys.apiKey(db.tenantId, holder.keyId);
  const unitKey = keys.unit(db.tenantId, holder.unitId);
  const items = await batchGet(db, [entryKey, unitKey]);
  const entryItem = items.find((i) => i.SK === entryKey.SK);
  const unitItem = items.find((i) => i.PK === unitKey.PK && i.SK === unitKey.SK);
  if (!entryItem) throw apiKeyInvalid();
  if (!unitItem || typeof unitItem.path !== 'string') throw apiKeyScopeGone();
  const key = parseApiKey(entryItem);
  noteAccessTokenUse(deps.platform, tokenHash, holder.lastUsedAt, now);
  const catalogue = key.roles?.length ? await readRoleCatalogue(db) : undefined;
  return keyActor(db, key, unitItem.path, catalogue);
}

function keyActor(db: TenantDb, key: Omit<ApiKey, 'hint' | 'createdBy'>, unitPath: string, catalogue: RoleCatalogue | undefined): RequestActor {
  const name = apiKeyAuditName(key.name);
  const email = `api-key+${key.keyId.toLowerCase()}@arbor.invalid`;
  const grant: Membership = {
    tenantId: db.tenantId, unitId: key.unitId, userId: key.keyId, role: key.role, ...(key.roles?.length ? { roles: key.roles } : {}), email, name, unitPath,
    version: key.version, createdAt: key.createdAt, updatedAt: key.createdAt,
  };
  // Writes decided with the key hold only while the key is unchanged and its unit is where it was.
  const grantFacts = (g: Grant): WriteFact[] => [
    { key: keys.apiKey(db.tenantId, key.keyId), expect: { version: key.version }, changed: 'grant' },
    { key: keys.unit(db.tenantId, g.unitId), expect: { path: g.unitPath }, changed: 'grant' },
  ];
  return { tenantId: db.tenantId, userId: key.keyId, email, name, memberships: [grant], ...(catalogue ? { catalogue } : {}), db, apiKey: { keyId: key.keyId, name: key.name, scope: key.scope }, grantFacts };
}
