// POST /api/v1/audit-streams/[destinationId]/backfill – send every entry since `from` again, in order
import { withActor } from '@/lib/api/with-actor';
import { auditStreams } from '@/lib/api/operations/audit-streams';
import { backfillDestination } from '@/lib/audit-streaming';

export const POST = withActor(auditStreams.backfill, async (ctx) => {
  ctx.authorize('auditStreams.manage', {});
  return backfillDestination(ctx.db, ctx.actor, ctx.params.destinationId, ctx.body.expectedVersion, ctx.body.from);
});
