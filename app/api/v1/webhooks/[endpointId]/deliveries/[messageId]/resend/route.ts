// POST /api/v1/webhooks/[endpointId]/deliveries/[messageId]/resend – send it again now, same webhook-id
import { withActor } from '@/lib/api/with-actor';
import { webhooks } from '@/lib/api/operations/webhooks';
import { resendDelivery } from '@/lib/webhooks';

export const POST = withActor(webhooks.resend, async (ctx) => {
  ctx.authorize('integrations.manage', {});
  await resendDelivery(ctx.db, ctx.actor, ctx.params.endpointId, ctx.params.messageId);
});
