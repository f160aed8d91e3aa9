// POST /api/v1/import/preview – check a units or memberships CSV against the organization and
// answer per-row results and the planned writes; writes nothing
import { withActor } from '@/lib/api/with-actor';
import { bulk } from '@/lib/api/operations/bulk';
import { previewImport } from '@/lib/bulk';
import { platformDb } from '@/lib/tenancy';

export const POST = withActor(bulk.previewImport, async (ctx) => {
  ctx.authorize('tenant.import', {});
  // P1 reads: can the people new to the organization sign in here at all?
  return previewImport(ctx.db, ctx.actor, ctx.body.kind, ctx.body.csv, platformDb());
});
