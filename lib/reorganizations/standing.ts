// Where a person's standing on a change set comes from: a unit the set touches that one of their
// administering memberships covers, read as it stands now, which the entry point authorizes
// against (so the write is bound to that membership and that unit's path, as every decision is).
// The author and anyone administering a part of the tree the set touches (or an owner or admin)
// may act on it; drafting a new set needs a unit to manage. Server-only.
import { covers, effectiveRole, tenantRole, type Action, type ActorAccess, type Grant, type PlaceOf, type UnitRef } from '../authz';
import { ROLE_RANK } from '../authz/roles';
import { batchGet, keys, type TenantDb } from '../db';
import { pathIds, toUnit } from '../org/unit-item';
import type { ChangeSetHeader } from './change-set-item';
import { changeSetNotFound, notReviewer } from './errors';

const administering = (access: ActorAccess) => access.memberships.filter((g) => ROLE_RANK[effectiveRole(g)] >= ROLE_RANK.manager);
const refOf = (g: Grant): UnitRef => ({ id: g.unitId, path: g.unitPath });

/** A unit the actor administers, to start a set from (none: they may not draft). */
export const draftingStanding = (access: ActorAccess): UnitRef | undefined => {
  const mine = administering(access);
  return mine[0] ? refOf(mine[0]) : undefined;
};

/** The units a set touches as they stand now (one BatchGetItem; moved units have moved paths). */
export async function currentAreas(db: TenantDb, header: Pick<ChangeSetHeader, 'areas'>): Promise<UnitRef[]> {
  const ids = [...new Set(header.areas.map((p) => pathIds(p).at(-1)!))];
  if (ids.length === 0) return [];
  return (await batchGet(db, ids.map((id) => keys.unit(db.tenantId, id)))).map(toUnit).map((u) => ({ id: u.id, path: u.path, name: u.name }));
}

/** May this person see the set? Its author, owners and admins, and managers of a part of the tree it touches. */
export function maySee(access: ActorAccess, header: Pick<ChangeSetHeader, 'author' | 'areas'>, areas: { path: string }[] = header.areas.map((path) => ({ path }))): boolean {
  if (header.author.userId === access.userId || tenantRole(access)) return true;
  return access.memberships.some((g) => g.role === 'manager' && areas.some((a) => covers(g, a.path)));
}

/** May this person change the set (edit, review, apply)? Its author, owners and admins, and administrators of a part it touches. */
export function mayChange(access: ActorAccess, header: Pick<ChangeSetHeader, 'author'>, areas: { path: string }[]): boolean {
  if (header.author.userId === access.userId || tenantRole(access)) return Boolean(draftingStanding(access));
  const mine = administering(access);
  return areas.some((a) => mine.some((g) => covers(g, a.path)));
}

/** An entry point's authorize, as far as the decisions on a set need it. */
type SetAuthorize = <A extends Extract<Action, 'tree.read' | 'unit.create'>>(action: A, place: PlaceOf<A>) => unknown;

/**
 * An entry point's decision on a set: hidden sets are not found; otherwise the actor's standing
 * is decided on — a touched unit they administer, at its path now (the author or an owner or
 * admin without one: a unit of their own) — to read, `tree.read`; to change, `unit.create` there
 * (a manager or above), which binds the write that follows to that membership and path.
 */
export async function authorizeOnSet(
  db: TenantDb,
  access: ActorAccess,
  authorize: SetAuthorize,
  header: Pick<ChangeSetHeader, 'author' | 'areas'>,
  intent: 'read' | 'change',
): Promise<UnitRef[]> {
  const areas = await currentAreas(db, header);
  if (!maySee(access, header, areas)) throw changeSetNotFound();
  const mine = administering(access);
  const area = areas.find((a) => mine.some((g) => covers(g, a.path)));
  const fallback = header.author.userId === access.userId || tenantRole(access) ? draftingStanding(access) : undefined;
  const unit = area ?? fallback;
  if (!unit) throw notReviewer();
  if (intent === 'read') authorize('tree.read', { unit });
  else authorize('unit.create', { parent: unit });
  return areas;
}
