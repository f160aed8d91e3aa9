// PATCH  /api/v1/members/units/[unitId]/[userId] – change a member's role (version read sent back)
// DELETE /api/v1/members/units/[unitId]/[userId] – remove the member from the unit
import { withActor } from '@/lib/api/with-actor';
import { memberships } from '@/lib/api/operations/memberships';
import { authorizeRemoval, changeRole, membershipNotFound, readUnitMember, removeMembership } from '@/lib/members';
import { getUnitOrThrow } from '@/lib/org';
import { memberRow, withRoleCatalogue } from '@/lib/screens/unit-members';

/** The unit and the membership as stored: authorization decides from these, never from the client. */
async function load(ctx: { db: Parameters<typeof getUnitOrThrow>[0] }, unitId: string, userId: string) {
  const unit = await getUnitOrThrow(ctx.db, unitId);
  const current = await readUnitMember(ctx.db, unit.id, userId);
  if (!current) throw membershipNotFound();
  return { unit, current };
}

export const PATCH = withActor(memberships.changeRole, async (ctx) => {
  const { unit, current } = await load(ctx, ctx.params.unitId, ctx.params.userId);
  ctx.authorize('membership.changeRole', { unit, userId: current.userId, from: current.role, to: ctx.body.role });
  const updated = await changeRole(ctx.db, ctx.actor, {
    unitId: unit.id, userId: current.userId, role: ctx.body.role, expectedVersion: ctx.body.expectedVersion,
  });
  return memberRow(await withRoleCatalogue(ctx, [updated]), updated, unit.name);
});

export const DELETE = withActor(memberships.remove, async (ctx) => {
  const { unit, current } = await load(ctx, ctx.params.unitId, ctx.params.userId);
  // Removing the membership takes its custom roles away: each decided as role.assign.
  const catalogue = current.roles?.length ? await ctx.roleCatalogue() : undefined;
  authorizeRemoval(ctx.authorize, current, catalogue, unit);
  await removeMembership(ctx.db, ctx.actor, { unitId: unit.id, userId: current.userId, expectedVersion: ctx.body.expectedVersion });
});
