// /settings/api-keys: the organization's API keys as owners and admins manage them — each key's
// name, what it acts as (role on a unit, by name), its access (full or checks only), expiry, creator and last use. One Query of the keys
// (tenant), one BatchGetItem of their last use (platform), one of their units' names.
import 'server-only';
import { readRoleCatalogue } from '../roles';
import { listApiKeys, MAX_API_KEY_DAYS, MAX_API_KEYS, type ApiKey } from '../api-keys';
import { unitLabels } from '../org';
import { platformDb } from '../tenancy';
import type { ScreenContext } from './screen-context';

export interface ApiKeyView {
  keyId: string;
  name: string;
  role: ApiKey['role'];
  /** Custom roles beside `role`. */
  roles?: string[];
  /** `check`: may call only the check API. */
  scope: ApiKey['scope'];
  unit: { id: string; name?: string };
  /** The secret's last 4 characters. */
  hint: string;
  createdAt: string;
  /** Who made it, by name (or email). */
  createdBy: string;
  expiresAt: string;
  lastUsedAt?: string;
}

export interface ApiKeysScreenView {
  keys: ApiKeyView[];
  maxKeys: number;
  maxDays: number;
  /** The organization's custom roles a new key may be given beside its role, by name. */
  customRoles: { key: string; name: string }[];
  now: string;
}

/** A key as the settings list and the API show it; `unitName` absent when its unit was deleted. */
export const toApiKeyView = (k: ApiKey & { lastUsedAt?: string }, unitName: string | undefined): ApiKeyView => ({
  keyId: k.keyId, name: k.name, role: k.role, ...(k.roles?.length ? { roles: k.roles } : {}), scope: k.scope, unit: { id: k.unitId, name: unitName }, hint: k.hint,
  createdAt: k.createdAt, createdBy: k.createdBy.name || k.createdBy.email, expiresAt: k.validUntil,
  ...(k.lastUsedAt ? { lastUsedAt: k.lastUsedAt } : {}),
});

export async function loadApiKeys(ctx: ScreenContext): Promise<ApiKeyView[]> {
  ctx.authorize('integrations.manage', {});
  const keys = await listApiKeys({ tenant: ctx.db, platform: platformDb() });
  const names = await unitLabels(ctx.db, [...new Set(keys.map((k) => k.unitId))]);
  return keys.map((k) => toApiKeyView(k, names.get(k.unitId)?.name));
}

export async function loadApiKeysScreen(ctx: ScreenContext): Promise<ApiKeysScreenView> {
  const [keys, catalogue] = await Promise.all([loadApiKeys(ctx), readRoleCatalogue(ctx.db)]);
  const customRoles = Object.values(catalogue.roles).map((r) => ({ key: r.key, name: r.name })).sort((a, b) => a.name.localeCompare(b.name));
  return { keys, maxKeys: MAX_API_KEYS, maxDays: MAX_API_KEY_DAYS, customRoles, now: new Date().toISOString() };
}
