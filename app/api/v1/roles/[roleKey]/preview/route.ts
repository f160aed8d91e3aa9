// POST /api/v1/roles/[roleKey]/preview – who would gain and lose what if the role changed so
import { withActor } from '@/lib/api/with-actor';
import { roles } from '@/lib/api/operations/roles';
import * as members from '@/lib/members';
import { permissionsAfter, previewRoleChange, roleIn, touchedBy } from '@/lib/roles';

export const POST = withActor(roles.preview, async (ctx) => {
  const role = roleIn(await ctx.roleCatalogue(), ctx.params.roleKey);
  ctx.authorize('roles.manage', role ? { permissions: touchedBy(role, permissionsAfter(role, ctx.body)) } : {});
  return previewRoleChange(ctx.db, ctx.params.roleKey, ctx.body, members);
});
