// POST /api/v1/members/bulk – change the role of, or remove, several people at once (owners and
// admins): each person's membership authorized and written as the single-row route does, one
// outcome per person
import { withActor } from '@/lib/api/with-actor';
import { members } from '@/lib/api/operations/members';
import { applyBulkChange, authorizeRemoval, type BulkChange } from '@/lib/members';
import { getUnitOrThrow } from '@/lib/org';

export const POST = withActor(members.bulk, async (ctx) => {
  ctx.authorize('members.list', {});
  const input = ctx.body;
  const unit = input.action === 'removeFromOrganization' ? undefined : await getUnitOrThrow(ctx.db, input.unitId);
  const change: BulkChange =
    input.action === 'changeRole' ? { action: 'changeRole', unit: unit!, role: input.role }
    : input.action === 'remove' ? { action: 'remove', unit: unit! }
    : { action: 'removeFromOrganization' };
  // A removal takes the custom roles held away (each decided as role.assign): the catalogue they are decided on.
  const catalogue = input.action === 'changeRole' ? undefined : await ctx.roleCatalogue();
  const results = await applyBulkChange(ctx.db, ctx.actor, change, input.userIds, {
    changeRole: (m, to) => ctx.authorize('membership.changeRole', { unit: { id: m.unitId, path: m.unitPath }, userId: m.userId, from: m.role, to }),
    remove: (m) => authorizeRemoval(ctx.authorize, m, catalogue),
  });
  return { results };
});
