// GET    /api/v1/members/[userId] – one person's units and roles (T8)
// DELETE /api/v1/members/[userId] – remove the person from the organization (every unit)
import { z } from 'zod';
import { withActor } from '@/lib/api/with-actor';
import { notFound } from '@/lib/errors';
import { getUserMemberships, removeUserFromTenant } from '@/lib/members';
import { loadMemberPage } from '@/lib/screens/member-page';

const params = z.object({ userId: z.string() });

export const GET = withActor({ params }, async (ctx) => loadMemberPage(ctx, ctx.params.userId));

export const DELETE = withActor({ params }, async (ctx) => {
  const { memberships } = await getUserMemberships(ctx.db, ctx.params.userId);
  if (memberships.length === 0) {
    ctx.authorize('members.list', {});
    throw notFound('member.notFound', 'That person is not in this organization (any more).');
  }
  // Removing someone from the organization is removing every membership they hold: each must be allowed.
  ctx.authorize('members.list', {});
  for (const m of memberships) ctx.authorize('membership.remove', { unit: { id: m.unitId, path: m.unitPath }, userId: m.userId, role: m.role });
  const removed = await removeUserFromTenant(ctx.db, ctx.actor, ctx.params.userId);
  return { removed: removed.length };
});
