// PATCH /api/v1/webhooks/[endpointId] – change an endpoint (URL, events, on/off)
// DELETE /api/v1/webhooks/[endpointId] – remove it
import { withActor } from '@/lib/api/with-actor';
import { webhooks } from '@/lib/api/operations/webhooks';
import { deleteEndpoint, updateEndpoint } from '@/lib/webhooks';

export const PATCH = withActor(webhooks.update, async (ctx) => {
  ctx.authorize('integrations.manage', {});
  return updateEndpoint(ctx.db, ctx.actor, ctx.params.endpointId, ctx.body);
});

export const DELETE = withActor(webhooks.delete, async (ctx) => {
  ctx.authorize('integrations.manage', {});
  await deleteEndpoint(ctx.db, ctx.actor, ctx.params.endpointId);
});
