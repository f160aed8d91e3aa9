// POST /api/v1/members/bulk – change the role of, or remove, several people at once (owners and
// admins): each person's membership authorized and written as the single-row route does, one
// outcome per person
import { z } from 'zod';
import { withActor } from '@/lib/api/with-actor';
import { field } from '@/lib/validation';
import { applyBulkChange, BULK_MAX, ROLES, type BulkChange } from '@/lib/members';
import { getUnitOrThrow } from '@/lib/org';

const userIds = z.array(field.id('user')).min(1).max(BULK_MAX);
const body = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('changeRole'), unitId: field.id('unit'), role: z.enum(ROLES), userIds }),
  z.strictObject({ action: z.literal('remove'), unitId: field.id('unit'), userIds }),
  z.strictObject({ action: z.literal('removeFromOrganization'), userIds }),
]);

export const POST = withActor({ body }, async (ctx) => {
  ctx.authorize('members.list', {});
  const input = ctx.body;
  const unit = input.action === 'removeFromOrganization' ? undefined : await getUnitOrThrow(ctx.db, input.unitId);
  const change: BulkChange =
    input.action === 'changeRole' ? { action: 'changeRole', unit: unit!, role: input.role }
    : input.action === 'remove' ? { action: 'remove', unit: unit! }
    : { action: 'removeFromOrganization' };
  const results = await applyBulkChange(ctx.db, ctx.actor, change, input.userIds, {
    changeRole: (m, to) => ctx.authorize('membership.changeRole', { unit: { id: m.unitId, path: m.unitPath }, userId: m.userId, from: m.role, to }),
    remove: (m) => ctx.authorize('membership.remove', { unit: { id: m.unitId, path: m.unitPath }, userId: m.userId, role: m.role }),
  });
  return { results };
});
