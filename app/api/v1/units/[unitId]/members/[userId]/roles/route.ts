// PUT /api/v1/units/[unitId]/members/[userId]/roles – set the custom roles a member holds on the
// unit (each role given or taken away decided as `role.assign`; version read sent back)
import { withActor } from '@/lib/api/with-actor';
import { memberships } from '@/lib/api/operations/memberships';
import { changedRoles, membershipNotFound, readUnitMember, setMembershipRoles, validateCustomRoles } from '@/lib/members';
import { getUnitOrThrow } from '@/lib/org';
import { memberRow, withRoleCatalogue } from '@/lib/screens/unit-members';

export const PUT = withActor(memberships.setRoles, async (ctx) => {
  const [unit, catalogue] = await Promise.all([getUnitOrThrow(ctx.db, ctx.params.unitId), ctx.roleCatalogue()]);
  const current = await readUnitMember(ctx.db, unit.id, ctx.params.userId);
  if (!current) throw membershipNotFound();
  const roles = validateCustomRoles(ctx.body.roles, catalogue);
  const changed = changedRoles(current.roles, roles, catalogue);
  for (const role of changed.roles) ctx.authorize('role.assign', { unit, userId: current.userId, role });
  // A key whose role is gone: taking it away is an edit of the membership, not of a role.
  if (changed.gone.length) ctx.authorize('membership.changeRole', { unit, userId: current.userId, from: current.role, to: current.role });
  // Nothing changes: the answer is the membership as it is.
  if (changed.roles.length + changed.gone.length === 0) ctx.authorize('members.read', { unit });
  const updated = await setMembershipRoles(ctx.db, ctx.actor, {
    unitId: unit.id, userId: current.userId, roles, expectedVersion: ctx.body.expectedVersion,
  });
  return memberRow(await withRoleCatalogue(ctx, [updated]), updated, unit.name);
});
