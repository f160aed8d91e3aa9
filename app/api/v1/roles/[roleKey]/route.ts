// GET /api/v1/roles/[roleKey] – one role
// PATCH /api/v1/roles/[roleKey] – change its name, description, permissions or reach
// DELETE /api/v1/roles/[roleKey] – delete it, saying what its holders hold instead
import { withActor } from '@/lib/api/with-actor';
import { roles } from '@/lib/api/operations/roles';
import * as members from '@/lib/members';
import { deleteRole, permissionsAfter, readRoleOrThrow, replacementOf, roleIn, touchedBy, updateRole } from '@/lib/roles';

export const GET = withActor(roles.get, async (ctx) => {
  ctx.authorize('tenant.read', {});
  return readRoleOrThrow(ctx.db, ctx.params.roleKey);
});

export const PATCH = withActor(roles.update, async (ctx) => {
  // Changing a role gives its holders every permission it will hold and takes away those it
  // drops: nobody gives or takes what they do not hold, so deciding needs both.
  const catalogue = await ctx.roleCatalogue();
  const role = roleIn(catalogue, ctx.params.roleKey);
  ctx.authorize('roles.manage', role ? { permissions: touchedBy(role, permissionsAfter(role, ctx.body)) } : {});
  return updateRole(ctx.db, ctx.actor, ctx.params.roleKey, ctx.body, catalogue);
});

export const DELETE = withActor(roles.delete, async (ctx) => {
  const { replaceWith: asked, expectedVersion } = ctx.query;
  const replaceWith = asked === 'none' ? null : asked;
  // Its holders lose it and get the replacement: deciding needs the permissions of both.
  const catalogue = await ctx.roleCatalogue();
  const role = roleIn(catalogue, ctx.params.roleKey);
  const replacement = replacementOf(catalogue, ctx.params.roleKey, replaceWith);
  ctx.authorize('roles.manage', role ? { permissions: touchedBy(role, replacement?.permissions ?? []) } : {});
  await deleteRole(ctx.db, ctx.actor, ctx.params.roleKey, { replaceWith, expectedVersion, catalogue }, members);
});
