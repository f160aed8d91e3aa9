// Whom and where a caller may ask about (docs/checks.md): `access.explain` at the unit about the
// subject, decided by lib/authz as every decision is; over a whole region (a listing names a
// region only when the caller may ask about every unit of it); and the caller's own tops, where
// they may ask about everything below, for a listing to answer inside a region they may not ask
// about whole.
import { can, holds, type ActorAccess } from '../authz';
import { powersOf } from '../authz/holds';
import type { Region } from './reached-units';
import type { MayAsk } from './types';

export const mayAskAs = (access: ActorAccess): MayAsk => (unit, userId) => can(access, 'access.explain', { unit, userId });

/** Who asks a listing: at a unit, over a whole region, and where everything below is theirs to ask about. */
export interface Asker {
  mayAsk: MayAsk;
  /** About every unit of the region: access.explain held over all of it (about oneself, tree.read, as the rule says). */
  mayAskOver(region: Region, userId: string): boolean;
  tops: readonly Region[];
}

export function askerOf(access: ActorAccess): Asker {
  return {
    mayAsk: mayAskAs(access),
    mayAskOver: (r, userId) => {
      const unit = { path: r.unitPath };
      return holds(access, 'access.explain', unit, r.scope) || (userId === access.userId && holds(access, 'tree.read', unit, r.scope));
    },
    tops: askerTopsOf(access),
  };
}

export function askerTopsOf(access: ActorAccess): Region[] {
  return access.memberships
    .filter((g) => powersOf(g, 'access.explain', access.catalogue).some((p) => p.reach === 'subtree'))
    .map((g) => ({ unitId: g.unitId, unitPath: g.unitPath, scope: 'subtree' as const }));
}
