// POST /api/v1/webhooks/[endpointId]/rotate-secret – a new signing secret, shown once; the old one
// keeps signing beside it for a day
import { withActor } from '@/lib/api/with-actor';
import { webhooks } from '@/lib/api/operations/webhooks';
import { rotateEndpointSecret } from '@/lib/webhooks';

export const POST = withActor(webhooks.rotateSecret, async (ctx) => {
  ctx.authorize('integrations.manage', {});
  return rotateEndpointSecret(ctx.db, ctx.actor, ctx.params.endpointId, ctx.body.expectedVersion);
});
