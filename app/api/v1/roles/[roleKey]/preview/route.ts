// POST /api/v1/roles/[roleKey]/preview – who would gain and lose what if the role changed so
import { withActor } from '@/lib/api/with-actor';
import { roles } from '@/lib/api/operations/roles';
import * as members from '@/lib/members';
import { previewRoleChange } from '@/lib/roles';

export const POST = withActor(roles.preview, async (ctx) => {
  ctx.authorize('roles.manage', ctx.body.permissions ? { permissions: ctx.body.permissions } : {});
  return previewRoleChange(ctx.db, ctx.params.roleKey, ctx.body, members);
});
