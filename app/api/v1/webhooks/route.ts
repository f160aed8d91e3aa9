// GET /api/v1/webhooks – the organization's webhook endpoints
// POST /api/v1/webhooks – add one; its signing secret is in this answer only
import { withActor } from '@/lib/api/with-actor';
import { webhooks } from '@/lib/api/operations/webhooks';
import { loadEndpoints } from '@/lib/screens/webhooks';
import { platformDb } from '@/lib/tenancy';
import { createEndpoint } from '@/lib/webhooks';

export const GET = withActor(webhooks.list, async (ctx) => ({ endpoints: await loadEndpoints(ctx) }));

export const POST = withActor(webhooks.create, async (ctx) => {
  ctx.authorize('integrations.manage', {});
  return createEndpoint({ tenant: ctx.db, platform: platformDb() }, ctx.actor, ctx.body);
});
