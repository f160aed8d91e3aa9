// GET  /api/v1/members/units/[unitId]?scope=direct|subtree&cursor= – a page of the unit's members
// POST /api/v1/members/units/[unitId] – add someone already in the organization to the unit (with custom roles)
import { withActor } from '@/lib/api/with-actor';
import { memberships } from '@/lib/api/operations/memberships';
import { addMembership, changedRoles, validateCustomRoles } from '@/lib/members';
import { getUnitOrThrow } from '@/lib/org';
import { memberRow, unitMembersPage, withRoleCatalogue } from '@/lib/screens/unit-members';

export const GET = withActor(memberships.list, async (ctx) => {
  const unit = await getUnitOrThrow(ctx.db, ctx.params.unitId);
  return unitMembersPage(ctx, unit, { scope: ctx.query.scope, cursor: ctx.query.cursor });
});

export const POST = withActor(memberships.add, async (ctx) => {
  const unit = await getUnitOrThrow(ctx.db, ctx.params.unitId);
  const { userId, role, roles = [] } = ctx.body;
  ctx.authorize('membership.add', { unit, role, userId });
  // Each custom role given with it is decided as giving it afterwards would be.
  const catalogue = roles.length ? await ctx.roleCatalogue() : undefined;
  if (catalogue) for (const given of changedRoles([], validateCustomRoles(roles, catalogue), catalogue).roles) ctx.authorize('role.assign', { unit, userId, role: given });
  const membership = await addMembership(ctx.db, ctx.actor, { unitId: unit.id, userId, role, roles, expectedPath: unit.path });
  return memberRow(await withRoleCatalogue(ctx, [membership]), membership, unit.name);
});
