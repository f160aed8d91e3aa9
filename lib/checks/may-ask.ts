// Whom and where a caller may ask about (docs/checks.md): `access.explain` at the unit about the
// subject, decided by lib/authz as every decision is; and the caller's own tops, where they may
// ask about everything below, for a listing to answer inside a region they may not ask about whole.
import { can, type ActorAccess } from '../authz';
import { powersOf } from '../authz/holds';
import type { Region } from './reached-units';
import type { MayAsk } from './types';

export const mayAskAs = (access: ActorAccess): MayAsk => (unit, userId) => can(access, 'access.explain', { unit, userId });

export function askerTopsOf(access: ActorAccess): Region[] {
  return access.memberships
    .filter((g) => powersOf(g, 'access.explain', access.catalogue).some((p) => p.reach === 'subtree'))
    .map((g) => ({ unitId: g.unitId, unitPath: g.unitPath, scope: 'subtree' as const }));
}
