// Where a person's standing on a change set comes from: the unit an administering membership of
// theirs covers, which the entry point authorizes against (so the write is bound to that
// membership, as every decision is). The author and anyone administering a part of the tree the
// set touches (or an owner or admin) may act on it; drafting a new set needs a unit to manage.
import { covers, effectiveRole, tenantRole, type ActorAccess, type Grant, type UnitRef } from '../authz';
import { ROLE_RANK } from '../authz/roles';
import { pathIds } from '../org/unit-item';
import type { ChangeSetHeader } from './change-set-item';

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
