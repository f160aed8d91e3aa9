// GET /api/v1/webhooks/[endpointId]/deliveries?cursor= – a page of the endpoint's delivery log
import { withActor } from '@/lib/api/with-actor';
import { webhooks } from '@/lib/api/operations/webhooks';
import { loadDeliveries } from '@/lib/screens/webhooks';

export const GET = withActor(webhooks.deliveries, async (ctx) => loadDeliveries(ctx, ctx.params.endpointId, ctx.query.cursor));
