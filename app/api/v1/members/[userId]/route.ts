// GET    /api/v1/members/[userId] – one person's units and roles (T8)
// DELETE /api/v1/members/[userId] – remove the person from the organization (every unit)
import { z } from 'zod';
import { withActor } from '@/lib/api/with-actor';
import { field } from '@/lib/validation';
import { removeUserFromTenant } from '@/lib/members';
import { loadMemberPage } from '@/lib/screens/member-page';

const params = z.object({ userId: field.id('user') });

export const GET = withActor({ params }, async (ctx) => loadMemberPage(ctx, ctx.params.userId));

export const DELETE = withActor({ params }, async (ctx) => {
  ctx.authorize('members.list', {});
  // Removing someone from the organization is removing every membership they hold: each must be
  // allowed, as read for the write itself (a role given meanwhile is checked, not slipped past).
  const removed = await removeUserFromTenant(ctx.db, ctx.actor, ctx.params.userId, {
    allow: (m) => ctx.authorize('membership.remove', { unit: { id: m.unitId, path: m.unitPath }, userId: m.userId, role: m.role }),
  });
  return { removed: removed.length };
});
