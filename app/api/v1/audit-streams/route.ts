// GET /api/v1/audit-streams – the organization's audit streaming destinations, with health and lag
// POST /api/v1/audit-streams – add one (from now, or from `backfillFrom`); an HTTPS destination's signing secret is in this answer only
import { withActor } from '@/lib/api/with-actor';
import { auditStreams } from '@/lib/api/operations/audit-streams';
import { createDestination } from '@/lib/audit-streaming';
import { loadDestinations } from '@/lib/screens/audit-streams';

export const GET = withActor(auditStreams.list, async (ctx) => ({ destinations: await loadDestinations(ctx) }));

export const POST = withActor(auditStreams.create, async (ctx) => {
  ctx.authorize('auditStreams.manage', {});
  const { backfillFrom, ...input } = ctx.body;
  return createDestination(ctx.db, ctx.actor, input, { backfillFrom });
});
