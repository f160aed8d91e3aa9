// GET /api/v1/audit-streams/[destinationId] – one destination, with its health and lag
// PATCH – change it (name, settings, secret, paused or not), conditioned on the version read
// DELETE – remove it, conditioned on the version read
import { withActor } from '@/lib/api/with-actor';
import { auditStreams } from '@/lib/api/operations/audit-streams';
import { deleteDestination, updateDestination } from '@/lib/audit-streaming';
import { loadDestination } from '@/lib/screens/audit-streams';

export const GET = withActor(auditStreams.get, async (ctx) => loadDestination(ctx, ctx.params.destinationId));

export const PATCH = withActor(auditStreams.update, async (ctx) => {
  ctx.authorize('auditStreams.manage', {});
  const { expectedVersion, ...change } = ctx.body;
  return updateDestination(ctx.db, ctx.actor, ctx.params.destinationId, expectedVersion, change);
});

export const DELETE = withActor(auditStreams.delete, async (ctx) => {
  ctx.authorize('auditStreams.manage', {});
  await deleteDestination(ctx.db, ctx.actor, ctx.params.destinationId, ctx.query.expectedVersion);
});
