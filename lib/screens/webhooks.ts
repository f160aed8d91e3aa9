// /settings/webhooks and its delivery log: the organization's endpoints, the event types they can
// hear, and one endpoint's deliveries. `integrations.manage`. Server-only.
import { EVENT_DESCRIPTIONS, getEndpoint, listDeliveries, listEndpoints, MAX_ENDPOINTS, WEBHOOK_EVENT_TYPES, type Delivery, type WebhookEndpoint, type WebhookEventType } from '../webhooks';
import type { Page } from '../db';
import type { ScreenContext } from './screen-context';

export interface WebhooksScreenView {
  endpoints: WebhookEndpoint[];
  eventTypes: { type: WebhookEventType; description: string }[];
  maxEndpoints: number;
  now: string;
}

export async function loadEndpoints(ctx: ScreenContext): Promise<WebhookEndpoint[]> {
  ctx.authorize('integrations.manage', {});
  return listEndpoints(ctx.db);
}

export async function loadWebhooksScreen(ctx: ScreenContext): Promise<WebhooksScreenView> {
  return {
    endpoints: await loadEndpoints(ctx),
    eventTypes: WEBHOOK_EVENT_TYPES.map((type) => ({ type, description: EVENT_DESCRIPTIONS[type] })),
    maxEndpoints: MAX_ENDPOINTS,
    now: new Date().toISOString(),
  };
}

/** One page of an endpoint's log (one Query), the endpoint itself first (404 when it is gone). */
export async function loadDeliveries(ctx: ScreenContext, endpointId: string, cursor?: string): Promise<Page<Delivery>> {
  ctx.authorize('integrations.manage', {});
  await getEndpoint(ctx.db, endpointId);
  return listDeliveries(ctx.db, endpointId, cursor);
}

export async function loadDeliveryLogScreen(ctx: ScreenContext, endpointId: string) {
  ctx.authorize('integrations.manage', {});
  const stored = await getEndpoint(ctx.db, endpointId);
  const { sealedSecret: _sealed, previousSealedSecret: _previous, ...endpoint } = stored;
  return { endpoint, page: await listDeliveries(ctx.db, endpointId), now: new Date().toISOString() };
}
