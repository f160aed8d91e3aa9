// GET /api/v1/roles/[roleKey]/holders?cursor&limit – who holds a custom role, and where
import { withActor } from '@/lib/api/with-actor';
import { roles } from '@/lib/api/operations/role-holders';
import { roleHoldersPage } from '@/lib/members';
import { readRoleCatalogue, unknownRoles } from '@/lib/roles';

export const GET = withActor(roles.holders, async (ctx) => {
  ctx.authorize('members.list', {});
  const { roleKey } = ctx.params;
  if (!Object.hasOwn((await readRoleCatalogue(ctx.db)).roles, roleKey)) throw unknownRoles([roleKey]);
  return roleHoldersPage(ctx.db, roleKey, { cursor: ctx.query.cursor, limit: ctx.query.limit });
});
