// GET /api/v1/roles – the organization's roles and permissions, built-in ones beside its own
// POST /api/v1/roles – define a role
import { withActor } from '@/lib/api/with-actor';
import { roles } from '@/lib/api/operations/roles';
import { catalogueView, createRole, readRoleCatalogue } from '@/lib/roles';

export const GET = withActor(roles.list, async (ctx) => {
  ctx.authorize('tenant.read', {});
  return catalogueView(await readRoleCatalogue(ctx.db));
});

export const POST = withActor(roles.create, async (ctx) => {
  await ctx.roleCatalogue();
  ctx.authorize('roles.manage', { permissions: ctx.body.permissions });
  return createRole(ctx.db, ctx.actor, ctx.body);
});
