// POST /api/v1/import/apply – apply one chunk of a previewed import's writes (units created
// through createUnit, memberships through addMembership), answering each row's outcome
import { withActor } from '@/lib/api/with-actor';
import { bulk } from '@/lib/api/operations/bulk';
import { applyMembershipOps, applyUnitOps } from '@/lib/bulk';
import { platformDb } from '@/lib/tenancy';

export const POST = withActor(bulk.applyImport, async (ctx) => {
  ctx.authorize('tenant.import', {});
  // Custom roles in the rows are decided on the catalogue this request reads (role.assign).
  if (ctx.body.kind === 'memberships' && ctx.body.ops.some((op) => op.roles?.length)) await ctx.roleCatalogue();
  const results =
    ctx.body.kind === 'units'
      ? await applyUnitOps(ctx.db, ctx.actor, ctx.body.ops, ctx.body.resolved)
      : await applyMembershipOps(ctx.db, ctx.actor, ctx.actor, ctx.authorize, ctx.body.ops, { platform: platformDb() });
  return { results };
});
