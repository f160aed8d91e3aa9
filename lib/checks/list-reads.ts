// The reads the listings share: the unit asked about with the role catalogue (one BatchGetItem),
// the names of a path's units (one BatchGetItem), and a grant as an explanation names it.
import 'server-only';
import { isArborPermission, type Grant, type RoleCatalogue, type UnitRef } from '../authz';
import { powersOf } from '../authz/holds';
import { batchGet, CLOCK_SKEW_MS, consistencyTokenTime, issueConsistencyToken, keys, sawToken, type TenantDb } from '../db';
import { toUnit } from '../org/unit-item';
import { toRoleCatalogue } from '../roles';
import { denied } from '../authz/errors';
import { orAbove } from '../authz/unit-words';
import { badConsistencyToken, checkUnitNotFound, unknownCheckPermission } from './errors';
import type { MayAsk } from './types';
import type { Consistency, GrantExplained } from './types';

export interface Target {
  unit: UnitRef & { name: string };
  catalogue: RoleCatalogue;
  /** Whether the listing's reads are strongly consistent (all but `minimizeLatency`). */
  consistent: boolean;
  /** The moment the listing's reads began: its answer's consistency token. */
  token: string;
}

/**
 * The unit and the catalogue, read together. Lists keep no cache: every mode but
 * `minimizeLatency` reads strongly consistently, after waiting out the clock skew of a token from
 * the future, so the answer stands at or after the token.
 */
export async function readTarget(db: TenantDb, input: { unitId: string; permission: string; consistency?: Consistency }): Promise<Target> {
  const consistency = input.consistency ?? { mode: 'fullyConsistent' };
  const consistent = consistency.mode !== 'minimizeLatency';
  await waitForToken(consistency);
  const readAt = Date.now();
  const items = await batchGet(db, [keys.unit(db.tenantId, input.unitId), keys.roleCatalogue(db.tenantId)], { consistent });
  const unitItem = items.find((i) => i.SK === keys.unit(db.tenantId, input.unitId).SK);
  const catalogue = toRoleCatalogue(items.find((i) => i.SK === keys.roleCatalogue(db.tenantId).SK));
  assertKnownPermission(input.permission, catalogue);
  if (!unitItem) throw checkUnitNotFound();
  const unit = toUnit(unitItem);
  return { unit: { id: unit.id, path: unit.path, name: unit.name }, catalogue, consistent, token: issueConsistencyToken(readAt) };
}

/**
 * Reads that begin now see a token's write once the clock skew allowed has passed since it: a
 * token from the last moments waits that long; one from further ahead than any clock may be is
 * not ours (check.badToken).
 */
export async function waitForToken(consistency: Consistency | undefined): Promise<void> {
  if (consistency?.mode !== 'atLeastAsFresh') return;
  const tokenTime = consistencyTokenTime(consistency.token);
  if (tokenTime === undefined || tokenTime > Date.now() + CLOCK_SKEW_MS) throw badConsistencyToken();
  for (let now = Date.now(); !sawToken(now, tokenTime); now = Date.now()) await new Promise((r) => setTimeout(r, tokenTime + CLOCK_SKEW_MS - now));
}

/** Arbor's permission or the organization's own, else check.unknownPermission. */
export function assertKnownPermission(permission: string, catalogue: RoleCatalogue): void {
  if (!isArborPermission(permission) && !Object.hasOwn(catalogue.permissions, permission)) throw unknownCheckPermission(permission);
}

/** A listing about one unit answers only a caller who may ask there (403, as a single check). */
export function refuseUnlessMayAsk(mayAsk: MayAsk, unit: UnitRef & { name: string }): void {
  if (mayAsk(unit)) return;
  throw denied({
    allowed: false, action: 'access.explain', code: 'authz.access.explain', reason: 'notManager',
    message: `You need to manage ${orAbove(unit)} to ask who holds permissions there.`,
  });
}

/** The names of the units `ids` (BatchGetItem, at most 100 keys a request). */
export async function readPathNames(db: TenantDb, ids: string[], consistent: boolean): Promise<Map<string, string>> {
  const items = await batchGet(db, ids.map((id) => keys.unit(db.tenantId, id)), { consistent, projection: ['unitId', 'name'] });
  return new Map(items.map((i) => [String(i.unitId), String(i.name)]));
}

/** A grant as an explanation names it: where, which role, how far. */
export function grantExplained(g: Grant, permission: string, catalogue: RoleCatalogue, names: ReadonlyMap<string, string>): GrantExplained {
  const custom = g.customRole && Object.hasOwn(catalogue.roles, g.customRole) ? catalogue.roles[g.customRole] : undefined;
  return {
    unitId: g.unitId,
    unitName: names.get(g.unitId) ?? '',
    unitPath: g.unitPath,
    role: g.role,
    ...(custom && g.customRole ? { customRole: { key: g.customRole, name: custom.name } } : {}),
    reach: custom ? custom.reach : (powersOf({ ...g, roles: [] }, permission, undefined)[0]?.reach ?? 'subtree'),
  };
}
