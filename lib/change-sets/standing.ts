// A change set as lib/authz decides on it (the `changeSet.*` actions): its author and the units
// its operations touch, read as they stand now, so a decision is bound to the touched unit the
// actor's membership reaches, at its path now, as every decision is. `visibleTo` is the one
// answer to "may this person see this set", for the list and for a single set.
import 'server-only';
import { can, type Action, type ActorAccess, type ChangeSetRef, type PlaceOf, type UnitRef } from '../authz';
import { batchGet, keys, type TenantDb } from '../db';
import { pathIds, toUnit } from '../org/unit-item';
import type { ChangeSetHeader } from './change-set-item';
import { changeSetNotFound } from './errors';

type SetHeader = Pick<ChangeSetHeader, 'setId' | 'author' | 'areas'>;
export type SetAction = Exclude<Extract<Action, `changeSet.${string}`>, 'changeSet.draft'>;

/** The units a set touches as they stand now (one BatchGetItem; moved units have moved paths). */
export async function currentAreas(db: TenantDb, header: Pick<ChangeSetHeader, 'areas'>): Promise<UnitRef[]> {
  const ids = [...new Set(header.areas.map((p) => pathIds(p).at(-1)!))];
  if (ids.length === 0) return [];
  return (await batchGet(db, ids.map((id) => keys.unit(db.tenantId, id)))).map(toUnit).map((u) => ({ id: u.id, path: u.path, name: u.name }));
}

/**
 * The set as a place. Without `areas`, the paths its header recorded when its operations last
 * changed: good enough to filter a list page, which reads no units; a decision that allows
 * anything on one set uses the live areas.
 */
export function setPlace(header: SetHeader, areas?: UnitRef[]): { set: ChangeSetRef } {
  const touched = areas ?? header.areas.map((path) => ({ id: pathIds(path).at(-1)!, path }));
  return { set: { id: header.setId, authorId: header.author.userId, areas: touched } };
}

/** May this person see the set (in a list, or open it)? */
export const visibleTo = (access: ActorAccess, header: SetHeader, areas?: UnitRef[]) => can(access, 'changeSet.read', setPlace(header, areas));

/** An entry point's authorize, as far as the decisions on a set need it. */
type SetAuthorize = <A extends SetAction>(action: A, place: PlaceOf<A>) => unknown;

/**
 * An entry point's decision on a set: a set the actor may not see is not found (as a missing one);
 * otherwise `action` is decided on the set with its live areas (403 `authz.<action>`), which binds
 * the writes that follow to the actor's granting membership and the touched unit it reaches.
 * Returns the set's place, for the decisions the screen shows.
 */
export async function authorizeOnSet(db: TenantDb, access: ActorAccess, authorize: SetAuthorize, header: SetHeader, action: SetAction) {
  const place = setPlace(header, await currentAreas(db, header));
  if (!can(access, 'changeSet.read', place)) throw changeSetNotFound();
  authorize(action, place);
  return place;
}
