// The tree browser's data: the units the actor sees at the top, the first page of children of
// every unit shown expanded (the selected unit's ancestors), lazy pages of children, and the
// landing unit.
//
// The unit reads are shared with the header and the unit page rendered in the same request
// (lib/api/read-once.ts batches them into one BatchGetItem), and each screen's requests are
// listed in docs/data-model.md ("Screen budgets").
import 'server-only';
import { can, covers, topUnitIds, type ActorAccess } from '../authz';

export { topUnitIds };
import { getUnit, getUnitOrThrow, isWithin, listChildren, pathIds, type Unit } from '../org';
import type { ScreenContext } from './screen-context';
import { firstChildren } from './children-per-view';
import { moveScopes, toUnitRow, type MoveScopes, type UnitRow } from './unit-view';


/** Children shown per page in the tree (T3 allows up to 100). */
export const TREE_PAGE = 100;
/** Top units expanded when the tree opens (a member of many separate units sees them collapsed). */
const EXPAND_TOPS = 5;

export interface PickerRow extends UnitRow {
  /** Only in the move picker: the unit being moved may go here (lib/authz 'unit.move'). */
  canMoveHere?: boolean;
}

export interface ChildrenPage {
  parentId: string;
  items: PickerRow[];
  nextCursor?: string;
  /**
   * Units on the way to the selected unit that are not in this first page (a parent with more
   * children than one page): shown after the page until paging reaches them.
   */
  pinned?: UnitRow[];
}

export interface TreeData {
  /** Where the actor's view starts: the root for owners and admins, else their topmost units. */
  tops: UnitRow[];
  /** First children page of every unit shown expanded. */
  pages: ChildrenPage[];
  /** The unit the tree was opened on, when the actor may see it. */
  selectedId?: string;
  scopes: MoveScopes;
}

/** Where `/` lands: the top unit, or for members who can't read it, their first unit. */
export const landingUnitId = (access: ActorAccess) => topUnitIds(access)[0];

export async function loadTree(ctx: ScreenContext, selectedUnitId?: string): Promise<TreeData> {
  const access = ctx.actor;
  const topIds = topUnitIds(access);
  const [tops, selected] = await Promise.all([
    Promise.all(topIds.map((id) => getUnit(ctx.db, id))),
    selectedUnitId && !topIds.includes(selectedUnitId) ? getUnit(ctx.db, selectedUnitId).catch(() => undefined) : undefined,
  ]);
  const visibleTops = tops.filter((u): u is Unit => Boolean(u));
  for (const unit of visibleTops) ctx.authorize('tree.read', { unit });
  if (visibleTops.length === 0) ctx.authorize('tenant.read', {});

  const target = selected ?? visibleTops.find((u) => u.id === selectedUnitId);
  const shown = target && access.memberships.some((g) => covers(g, target.path)) ? target : undefined;
  const containing = shown && visibleTops.find((t) => isWithin(shown.path, t.path));
  // Expanded: the tops (so their first level shows), and every ancestor of the selected unit below its top.
  const chain = containing && shown ? pathIds(shown.path).slice(pathIds(containing.path).length - 1, -1) : [];
  const expanded = [...new Set([...visibleTops.slice(0, EXPAND_TOPS).map((t) => t.id), ...chain, ...(shown && shown === containing ? [shown.id] : [])])];
  const pages = await Promise.all(expanded.map((id) => firstChildren(ctx.db, id, TREE_PAGE)));

  // A unit on the selected unit's chain that its parent's first page does not hold is pinned.
  const wanted = shown && chain.length > 0 ? [...chain.slice(1), shown.id] : [];
  const missing = wanted.filter((id, i) => !pages[expanded.indexOf(chain[i])]?.items.some((u) => u.id === id));
  const pinned = new Map(
    (await Promise.all(missing.map((id) => (id === shown?.id ? shown : getUnit(ctx.db, id))))).flatMap((u) => (u ? [[u.id, u] as const] : [])),
  );

  return {
    tops: visibleTops.map((u) => toUnitRow(u, access)),
    pages: expanded.map((parentId, i) => {
      const extra = [...pinned.values()].filter((u) => u.parentId === parentId);
      return {
        parentId,
        items: pages[i].items.map((u) => toUnitRow(u, access)),
        ...(pages[i].nextCursor ? { nextCursor: pages[i].nextCursor } : {}),
        ...(extra.length ? { pinned: extra.map((u) => toUnitRow(u, access)) } : {}),
      };
    }),
    ...(shown ? { selectedId: shown.id } : {}),
    scopes: moveScopes(access),
  };
}

export interface ChildrenOptions {
  cursor?: string;
  limit?: number;
  /** The move picker: also say, per row, whether this unit may be moved there. */
  movingUnitId?: string;
}

export async function loadChildren(ctx: ScreenContext, parentId: string, options: ChildrenOptions = {}): Promise<ChildrenPage> {
  const [parent, moving] = await Promise.all([
    getUnitOrThrow(ctx.db, parentId),
    options.movingUnitId ? getUnitOrThrow(ctx.db, options.movingUnitId) : undefined,
  ]);
  ctx.authorize('tree.read', { unit: parent });
  if (moving) ctx.authorize('tree.read', { unit: moving });
  const page = await listChildren(ctx.db, parent.id, { cursor: options.cursor, limit: options.limit ?? TREE_PAGE });
  return {
    parentId: parent.id,
    items: page.items.map((u) => ({ ...toUnitRow(u, ctx.actor), ...(moving ? { canMoveHere: canMoveHere(ctx.actor, moving, u) } : {}) })),
    ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
  };
}

/** A destination the picker offers: allowed by lib/authz, not inside the unit, not where it already is. */
export function canMoveHere(access: ActorAccess, unit: Unit, destination: Unit): boolean {
  if (isWithin(destination.path, unit.path) || destination.id === unit.parentId) return false;
  return can(access, 'unit.move', { unit, destination });
}

export interface MovePicker {
  unit: UnitRow;
  /** Where the picker's tree starts: the root, or the units the actor manages that hold the unit. */
  tops: PickerRow[];
}

/** The move dialog's first view: the unit and the top units, read in parallel. */
export async function loadMovePicker(ctx: ScreenContext, unitId: string): Promise<MovePicker> {
  const scopes = moveScopes(ctx.actor);
  const unit = await getUnitOrThrow(ctx.db, unitId);
  ctx.authorize('tree.read', { unit });
  const topIds =
    scopes === 'all'
      ? [pathIds(unit.path)[0]]
      : scopes.filter((p) => p !== unit.path && isWithin(unit.path, p)).map((p) => pathIds(p).at(-1)!);
  const tops = (await Promise.all(topIds.map((id) => getUnit(ctx.db, id)))).filter((u): u is Unit => Boolean(u));
  return {
    unit: toUnitRow(unit, ctx.actor),
    tops: tops.map((t) => ({ ...toUnitRow(t, ctx.actor), canMoveHere: canMoveHere(ctx.actor, unit, t) })),
  };
}
