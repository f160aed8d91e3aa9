// GET    /api/v1/members/[userId] – one person's units and roles (T8)
// DELETE /api/v1/members/[userId] – remove the person from the organization (every unit)
import { withActor } from '@/lib/api/with-actor';
import { members } from '@/lib/api/operations/members';
import { authorizeRemoval, removeUserFromTenant } from '@/lib/members';
import { loadMemberPage } from '@/lib/screens/member-page';

export const GET = withActor(members.get, async (ctx) => loadMemberPage(ctx, ctx.params.userId));

export const DELETE = withActor(members.removeFromOrganization, async (ctx) => {
  ctx.authorize('members.list', {});
  // Removing someone from the organization is removing every membership they hold: each must be
  // allowed, as read for the write itself (a role given meanwhile is checked, not slipped past),
  // with the custom roles it takes away (role.assign each).
  const catalogue = await ctx.roleCatalogue();
  const removed = await removeUserFromTenant(ctx.db, ctx.actor, ctx.params.userId, {
    allow: (m) => authorizeRemoval(ctx.authorize, m, catalogue),
  });
  return { removed: removed.length };
});
