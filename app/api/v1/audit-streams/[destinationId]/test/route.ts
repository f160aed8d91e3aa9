// POST /api/v1/audit-streams/[destinationId]/test – send one test entry now and answer how it went
import { withActor } from '@/lib/api/with-actor';
import { auditStreams } from '@/lib/api/operations/audit-streams';
import { testDestination } from '@/lib/audit-streaming';

export const POST = withActor(auditStreams.test, async (ctx) => {
  ctx.authorize('auditStreams.manage', {});
  return testDestination(ctx.db, ctx.actor, ctx.params.destinationId);
});
