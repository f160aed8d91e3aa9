// /settings/webhooks and its delivery log: the organization's endpoints, the event types they can
// hear, and one endpoint's deliveries. `integrations.manage`.
import 'server-only';
import { EVENT_DESCRIPTIONS, getEndpoint, listDeliveries, listEndpoints, MAX_ENDPOINTS, publicView, WEBHOOK_EVENT_TYPES, type Delivery, type WebhookEndpoint, type WebhookEventType } from '../webhooks';
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

/** The endpoint (404 when it is gone) and one page of its log: two Queries, in parallel. */
async function endpointAndLog(ctx: ScreenContext, endpointId: string, cursor?: string) {
  ctx.authorize('integrations.manage', {});
  const [endpoint, page] = await Promise.all([getEndpoint(ctx.db, endpointId), listDeliveries(ctx.db, endpointId, cursor)]);
  return { endpoint: publicView(endpoint), page };
}

export async function loadDeliveries(ctx: ScreenContext, endpointId: string, cursor?: string): Promise<Page<Delivery>> {
  return (await endpointAndLog(ctx, endpointId, cursor)).page;
}

export async function loadDeliveryLogScreen(ctx: ScreenContext, endpointId: string) {
  return { ...(await endpointAndLog(ctx, endpointId)), now: new Date().toISOString() };
}
