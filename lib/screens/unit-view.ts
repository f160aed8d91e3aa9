// The console's view of a unit: the fields the browser needs plus what the actor may do with
// it, decided here with lib/authz (the browser only hides controls; the server decides again).
import 'server-only';
import { can, effectiveRole, tenantRole, type ActorAccess } from '../authz';
import type { Unit } from '../org';

export interface UnitRow extends Pick<Unit, 'id' | 'name' | 'parentId' | 'depth' | 'childCount' | 'memberCount' | 'version'> {
  /** Ids from the root, `/<root>/…/<id>/` (no names): lets the browser tell ancestors apart. */
  path: string;
  /** A tree job (large move or delete) holds this unit: edits wait for it. */
  locked: boolean;
  /** May rename, delete, or move this unit somewhere (unit.rename/unit.delete share one rule). */
  canEdit: boolean;
  /** May create units under this one (and, with a move scope, move units here). */
  canCreate: boolean;
  /** Directory sync created it: the console marks it, and warns that a rename may be undone. */
  managedBy?: 'directory';
}

/**
 * Rows already made for this actor, by the unit read: where the tree and the page show the same
 * units (a top unit's first children), they get the same row, which the page's payload then
 * carries once (React sends a repeated object as a reference to its first place).
 */
const rowsByActor = new WeakMap<ActorAccess, WeakMap<Unit, UnitRow>>();

export function toUnitRow(unit: Unit, access: ActorAccess): UnitRow {
  let rows = rowsByActor.get(access);
  if (!rows) rowsByActor.set(access, (rows = new WeakMap()));
  let row = rows.get(unit);
  if (!row) rows.set(unit, (row = unitRow(unit, access)));
  return row;
}

function unitRow(unit: Unit, access: ActorAccess): UnitRow {
  return {
    id: unit.id,
    name: unit.name,
    parentId: unit.parentId,
    path: unit.path,
    depth: unit.depth,
    childCount: unit.childCount,
    memberCount: unit.memberCount,
    version: unit.version,
    locked: Boolean(unit.lockedBy),
    canEdit: can(access, 'unit.rename', { unit }),
    canCreate: can(access, 'unit.create', { parent: unit }),
    ...(unit.managedBy ? { managedBy: unit.managedBy } : {}),
  };
}

/**
 * Where the actor may move units: 'all' for owners and admins, otherwise the paths of the units
 * they manage. A move needs ONE of these to hold the unit strictly inside and the destination
 * inside (lib/authz rules, 'unit.move'); the tree uses it to highlight drop targets while
 * dragging, without a request per hovered row. `canMoveWithin` in components/tree restates the
 * test; test/screens checks it agrees with `can()`.
 */
export type MoveScopes = 'all' | string[];

export function moveScopes(access: ActorAccess): MoveScopes {
  if (tenantRole(access)) return 'all';
  return access.memberships.filter((g) => effectiveRole(g) === 'manager').map((g) => g.unitPath);
}
