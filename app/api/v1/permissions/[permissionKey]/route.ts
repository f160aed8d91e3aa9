// PATCH /api/v1/permissions/[permissionKey] – change its description
// DELETE /api/v1/permissions/[permissionKey] – delete it, once no role holds it
import { withActor } from '@/lib/api/with-actor';
import { permissions } from '@/lib/api/operations/roles';
import { deletePermission, updatePermission } from '@/lib/roles';

export const PATCH = withActor(permissions.update, async (ctx) => {
  await ctx.roleCatalogue();
  ctx.authorize('roles.manage', {});
  return updatePermission(ctx.db, ctx.actor, ctx.params.permissionKey, ctx.body);
});

export const DELETE = withActor(permissions.delete, async (ctx) => {
  await ctx.roleCatalogue();
  ctx.authorize('roles.manage', {});
  await deletePermission(ctx.db, ctx.actor, ctx.params.permissionKey);
});
