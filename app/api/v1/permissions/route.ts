// POST /api/v1/permissions – define a permission of the organization's own
import { withActor } from '@/lib/api/with-actor';
import { permissions } from '@/lib/api/operations/roles';
import { createPermission } from '@/lib/roles';

export const POST = withActor(permissions.create, async (ctx) => {
  await ctx.roleCatalogue();
  ctx.authorize('roles.manage', {});
  return createPermission(ctx.db, ctx.actor, ctx.body);
});
