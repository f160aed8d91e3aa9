// The unit page's data: the unit (T2), its breadcrumb (T5), the first page of its sub-units
// (T3), who can administer it and why (lib/authz administratorsOf), and what the actor may do
// there. The unit read is shared with the tree rendered in the same request (lib/api/read-once.ts).
// Members (T6/T7) and history (T14) are loaded by their own panels.
import 'server-only';
import { can, covers } from '../authz';
import { getAncestors, getUnitOrThrow, parentPathOf, pathIds } from '../org';
import { firstChildren } from './children-per-view';
import { TREE_PAGE, topUnitIds } from './tree';
import type { ScreenContext } from './screen-context';
import { administratorViews, type AdministratorView } from './unit-administrators';
import { moveScopes, toUnitRow, type MoveScopes, type UnitRow } from './unit-view';

/** Sub-units listed on the page (the tree pages through the rest). */
export const UNIT_PAGE_CHILDREN = 25;

export interface CrumbView {
  id: string;
  name: string;
  /** The actor may open it (ancestors above their own units are shown by name only). */
  canOpen: boolean;
}

export type { AdministratorView, GrantView } from './unit-administrators';

export interface UnitPermissions {
  rename: boolean;
  delete: boolean;
  move: boolean;
  create: boolean;
  explain: boolean;
  readAudit: boolean;
  readMembers: boolean;
}

export interface UnitPage {
  unit: UnitRow;
  breadcrumb: CrumbView[];
  /** `nextCursor` continues after `items` (absent when they are the first of a longer page read for the tree). */
  children: { items: UnitRow[]; more: boolean; nextCursor?: string };
  /** Present when the actor may see who administers the unit. */
  administrators?: AdministratorView[];
  can: UnitPermissions;
  scopes: MoveScopes;
}

export async function loadUnitPage(ctx: ScreenContext, unitId: string): Promise<UnitPage> {
  const unit = await getUnitOrThrow(ctx.db, unitId);
  ctx.authorize('tree.read', { unit });
  const access = ctx.actor;
  const permissions: UnitPermissions = {
    rename: can(access, 'unit.rename', { unit }),
    delete: unit.parentId !== null && can(access, 'unit.delete', { unit }),
    // Somewhere to move it exists exactly when its own parent is a permitted destination.
    move: unit.parentId !== null && can(access, 'unit.move', { unit, destination: { id: unit.parentId, path: parentPathOf(unit.path) } }),
    create: can(access, 'unit.create', { parent: unit }),
    explain: can(access, 'access.explain', { unit }),
    readAudit: can(access, 'audit.read', { unit }),
    readMembers: can(access, 'members.read', { unit }),
  };
  // One BatchGetItem serves the breadcrumb and, through the ancestors' administrators maps,
  // "who can administer this" (lib/authz administratorsOf).
  const [ancestors, children] = await Promise.all([
    getAncestors(ctx.db, unit),
    // A top unit's children are the tree's first level in the same view: one read serves both.
    firstChildren(ctx.db, unit.id, topUnitIds(access).includes(unit.id) ? TREE_PAGE : UNIT_PAGE_CHILDREN),
  ]);
  const crumbs = ancestors.map(({ id, name }) => ({ id, name }));
  const ids = pathIds(unit.path);
  const pathOf = (id: string) => `/${ids.slice(0, ids.indexOf(id) + 1).join('/')}/`;

  return {
    unit: toUnitRow(unit, access),
    breadcrumb: crumbs.map((c) => ({ ...c, canOpen: access.memberships.some((g) => covers(g, pathOf(c.id))) })),
    children: {
      items: children.items.slice(0, UNIT_PAGE_CHILDREN).map((u) => toUnitRow(u, access)),
      more: children.more || children.items.length > UNIT_PAGE_CHILDREN,
      ...(children.nextCursor && children.items.length <= UNIT_PAGE_CHILDREN ? { nextCursor: children.nextCursor } : {}),
    },
    ...(permissions.explain ? { administrators: administratorViews(unit, ancestors, access.catalogue) } : {}),
    can: permissions,
    scopes: moveScopes(access),
  };
}
