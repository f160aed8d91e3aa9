// Does the actor hold a permission at a unit, and why: Arbor's permissions and the tenant's own
// (`expenses.approve`), from built-in and custom roles alike (docs/roles.md, "Holding a
// permission"). The CLI's explain, the console and the check API ask this; it decides from the
// same powers as every other decision (holds.ts).
import type { UnitRef } from './actions';
import { byNearest, type ActorAccess, type Grant } from './grants';
import { powersOf, reaches } from './holds';
import { namesSeen, pick } from './explain-access';
import { permissionWords } from './permission-words';
import { label } from './unit-words';

export type PermissionDecision =
  | {
      allowed: true;
      permission: string;
      /** The nearest membership holding it there, with the custom role that gives it (absent: its built-in role). */
      grantedBy: Grant;
      /** Every membership and role holding it there, nearest first. */
      grants: Grant[];
    }
  | { allowed: false; permission: string; reason: 'notMember' | 'permissionNotHeld'; message: string };

export function explainPermission(access: ActorAccess, permission: string, unit: UnitRef): PermissionDecision {
  if (access.memberships.length === 0) {
    return { allowed: false, permission, reason: 'notMember', message: 'You are not a member of this organization.' };
  }
  const grants = access.memberships
    .flatMap((g) =>
      powersOf(g, permission, access.catalogue)
        .filter((p) => reaches(p.reach, g.unitPath, unit.path))
        .map((p): Grant => (p.customRole ? { ...pick(g), customRole: p.customRole } : pick(g))),
    )
    .sort(byNearest);
  if (grants.length > 0) return { allowed: true, permission, grantedBy: grants[0], grants };
  const { unit: named } = namesSeen<'tree.read'>(access, { unit });
  return {
    allowed: false,
    permission,
    reason: 'permissionNotHeld',
    message: `No role of yours gives ${permissionWords(permission, access.catalogue)} at ${label(named)}.`,
  };
}
