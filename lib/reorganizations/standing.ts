// Where a person's standing on a change set comes from: the unit an administering membership of
// theirs covers, which the entry point authorizes against (so the write is bound to that
// membership, as every decision is). The author and anyone administering a part of the tree the
// set touches (or an owner or admin) may act on it; drafting a new set needs a unit to manage.
import { covers, effectiveRole, tenantRole, type ActorAccess, type Grant, type UnitRef } from '../authz';
import { ROLE_RANK } from '../authz/roles';
import { pathIds } from '../org/unit-item';
import type { Action, PlaceOf } from '../authz';
import type { ChangeSetHeader } from './change-set-item';
import { maySee } from './drafts';
import { changeSetNotFound, notReviewer } from './errors';

const administering = (access: ActorAccess) => access.memberships.filter((g) => ROLE_RANK[effectiveRole(g)] >= ROLE_RANK.manager);
const refOf = (g: Grant): UnitRef => ({ id: g.unitId, path: g.unitPath });
const refOfPath = (path: string): UnitRef => ({ id: pathIds(path).at(-1)!, path });

/** A unit the actor administers that the set touches (or any they administer, for its author or an empty set). */
export function standingOn(access: ActorAccess, header?: Pick<ChangeSetHeader, 'author' | 'areas'>): UnitRef | undefined {
  const mine = administering(access);
  if (!header) return mine[0] ? refOf(mine[0]) : undefined;
  const area = header.areas.find((p) => mine.some((g) => covers(g, p)));
  if (area) return refOfPath(area);
  if (header.author.userId === access.userId || tenantRole(access)) return mine[0] ? refOf(mine[0]) : undefined;
  return undefined;
}

/** An entry point's authorize, as far as the decisions on a set need it. */
type SetAuthorize = <A extends Extract<Action, 'tree.read' | 'unit.create'>>(action: A, place: PlaceOf<A>) => unknown;

/**
 * An entry point's decision on a set: hidden sets are not found; otherwise the actor's standing
 * unit is decided on: to read, `tree.read`; to change, `unit.create` there (a manager or above),
 * which binds the write that follows to that membership.
 */
export function authorizeOnSet(access: ActorAccess, authorize: SetAuthorize, header: Pick<ChangeSetHeader, 'author' | 'areas'>, intent: 'read' | 'change') {
  if (!maySee(access, header)) throw changeSetNotFound();
  const unit = standingOn(access, header);
  if (!unit) throw notReviewer();
  if (intent === 'read') authorize('tree.read', { unit });
  else authorize('unit.create', { parent: unit });
}
