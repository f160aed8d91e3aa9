// The unit item: how a unit is stored (materialized path, index keys) and how it comes back
// out as a domain object. The UI and the rest of lib never see PK/SK.
import { z } from 'zod';
import { itemParser, keys } from '../db';
import { searchKey, validateName } from '../validation';
import { ROLES, type Role } from '../authz/roles';

/** Deepest level below the root; keeps every path inside the 1,024-byte sort-key limit. */
export const MAX_DEPTH = 32;
/** Default ceiling on units per tenant (stored per tenant in settings as unitLimit). */
export const DEFAULT_UNIT_LIMIT = 200_000;

/**
 * Someone holding an administering role (owner, admin, manager) directly on a unit, copied onto
 * the unit item by the membership write itself, so "who can administer this" is read from the
 * unit and its ancestors (the breadcrumb's BatchGetItem) instead of one Query per ancestor.
 */
export interface UnitAdministrator {
  role: Role;
  name: string;
  email: string;
}

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

export const rootPath = (rootId: string) => `/${rootId}/`;
export const childPath = (parentPath: string, unitId: string) => `${parentPath}${unitId}/`;
/** Ancestor ids from the root down to (and including) the unit itself. */
export const pathIds = (path: string) => path.split('/').filter(Boolean);
/** The path of a unit's parent: `/R/A/B/` → `/R/A/`. */
export const parentPathOf = (path: string) => path.slice(0, path.slice(0, -1).lastIndexOf('/') + 1);
export const depthOf = (path: string) => pathIds(path).length - 1;
/** True when `path` is `ancestorPath` itself or lies below it. */
export const isWithin = (path: string, ancestorPath: string) => path.startsWith(ancestorPath);

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
