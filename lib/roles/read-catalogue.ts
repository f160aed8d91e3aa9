// The tenant's role catalogue as decisions read it: at most one GetItem per request, and shared
// across requests of this process for a few seconds. Safe to lose and safe to be a little old for
// reads: every write decided with a custom role is conditioned on the catalogue's version
// (lib/authz decision facts), so a decision on an outdated catalogue writes nothing.
import 'server-only';
import { getItem, keys, type TenantDb } from '../db';
import type { RoleCatalogue } from '../authz';
import { toRoleCatalogue } from './catalogue-item';

const FRESH_MS = Number(process.env.ARBOR_ROLE_CATALOGUE_CACHE_MS ?? 5_000);
const MAX_TENANTS = 1_000;
type Held = Map<string, { catalogue: RoleCatalogue; readAt: number }>;
// One copy per process, not per bundle: Next compiles the API's route handlers and the console's
// pages apart, each with its own instance of this module, so a module-level Map let a page keep
// the catalogue from before the API's write (a role just created answered "doesn't exist" for
// seconds). The copy hangs on globalThis under a registered symbol, which every bundle shares.
const CACHE = Symbol.for('arbor.roleCatalogueCache');
const cache: Held = ((globalThis as { [CACHE]?: Held })[CACHE] ??= new Map());

/** The catalogue, from this process's copy while it is fresh, else one strongly consistent GetItem. */
export async function readRoleCatalogue(db: TenantDb, options: { fresh?: boolean } = {}): Promise<RoleCatalogue> {
  const held = cache.get(db.tenantId);
  if (!options.fresh && held && Date.now() - held.readAt < FRESH_MS) return held.catalogue;
  const catalogue = toRoleCatalogue(await getItem(db, keys.roleCatalogue(db.tenantId)));
  rememberRoleCatalogue(db.tenantId, catalogue);
  return catalogue;
}

/** Keep the newest catalogue this process has seen (a writer calls it with what it wrote). */
export function rememberRoleCatalogue(tenantId: string, catalogue: RoleCatalogue): void {
  const held = cache.get(tenantId);
  if (held && held.catalogue.version > catalogue.version) return;
  cache.delete(tenantId);
  if (cache.size >= MAX_TENANTS) cache.delete(cache.keys().next().value as string);
  cache.set(tenantId, { catalogue, readAt: Date.now() });
}
