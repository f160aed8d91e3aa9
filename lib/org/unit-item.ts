// The unit item: how a unit is stored (materialized path, index keys) and how it comes back
// out as a domain object. The UI and the rest of lib never see PK/SK.
import { z } from 'zod';
import { itemParser, keys } from '../db';
import { searchKey, validateName } from '../validation';
import { ROLES } from '../authz/roles';
import type { UnitAdministrator } from '../authz/who-can-administer';

export type { UnitAdministrator };

/** Default ceiling on units per tenant (stored per tenant in settings as unitLimit). */
export const DEFAULT_UNIT_LIMIT = 200_000;

export interface Unit {
  tenantId: string;
  id: string;
  name: string;
  /** null for the tenant's root unit. */
  parentId: string | null;
  /** `/<root>/…/<id>/`: the ids from the root down to this unit. */
  path: string;
  depth: number;
  childCount: number;
  memberCount: number;
  version: number;
  createdAt: string;
  updatedAt: string;
  /** Id of the move job that currently locks this unit, if any. */
  lockedBy?: string;
  /** Administering memberships held directly on this unit, by user id. */
  administrators?: Record<string, UnitAdministrator>;
  /** Set when directory sync (lib/scim) created it from the directory: a rename may be undone. */
  managedBy?: 'directory';
}

export const validateUnitName = (raw: unknown) => validateName(raw, 'unit');

export { rootPath, childPath, pathIds, parentPathOf, depthOf, isWithin, MAX_DEPTH } from '../db';

/** Index keys that depend on name, parent and path; rewritten on rename and move. */
export function unitIndexKeys(tenantId: string, u: { name: string; parentId: string | null; path: string }) {
  const name = searchKey(u.name);
  return {
    GSI1PK: keys.gsi1.tree(tenantId),
    GSI1SK: u.path,
    ...(u.parentId ? { GSI2PK: keys.gsi2.children(tenantId, u.parentId), GSI2SK: name } : {}),
    GSI3PK: keys.gsi3.names(tenantId),
    GSI3SK: name,
  };
}

export function unitItem(u: Omit<Unit, 'lockedBy'>): Record<string, unknown> {
  return {
    ...keys.unit(u.tenantId, u.id),
    type: 'unit',
    tenantId: u.tenantId,
    unitId: u.id,
    name: u.name,
    parentId: u.parentId,
    path: u.path,
    depth: u.depth,
    childCount: u.childCount,
    memberCount: u.memberCount,
    version: u.version,
    createdAt: u.createdAt,
    updatedAt: u.updatedAt,
    administrators: u.administrators ?? {},
    ...(u.managedBy ? { managedBy: u.managedBy } : {}),
    ...unitIndexKeys(u.tenantId, u),
  };
}

/** The unit item's attributes a Unit is made of. */
export const storedUnit = z.object({
  tenantId: z.string(),
  unitId: z.string(),
  name: z.string(),
  parentId: z.string().nullish(),
  path: z.string(),
  depth: z.number(),
  childCount: z.number().optional(),
  memberCount: z.number().optional(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  lock: z.string().optional(),
  administrators: z.record(z.string(), z.object({ role: z.enum(ROLES), name: z.string(), email: z.string() })).optional(),
  managedBy: z.literal('directory').optional(),
});
const parseUnit = itemParser('unit', storedUnit);

export function toUnit(item: Record<string, unknown>): Unit {
  const u = parseUnit(item);
  return {
    tenantId: u.tenantId,
    id: u.unitId,
    name: u.name,
    parentId: u.parentId ?? null,
    path: u.path,
    depth: u.depth,
    childCount: u.childCount ?? 0,
    memberCount: u.memberCount ?? 0,
    version: u.version,
    createdAt: u.createdAt,
    updatedAt: u.updatedAt,
    ...(u.lock ? { lockedBy: u.lock } : {}),
    administrators: u.administrators ?? {},
    ...(u.managedBy ? { managedBy: u.managedBy } : {}),
  };
}
