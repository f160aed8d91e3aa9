// New items from the stream → deliveries queued for the endpoints that hear of them.
// The stream carries every tenant's items; only tenants marked as having endpoints are looked at
// further, and each one's endpoints are read and its deliveries written with that tenant's own
// scoped credentials only.
import 'server-only';
import { batchGet, keys, type PlatformDb, type TenantDb } from '../../db';
import { readEndpoints } from '../endpoints';
import { eventOf, type WebhookEvent } from '../events';
import { queueDeliveries } from '../deliveries';

export type TenantDbOf = (tenantId: string) => Promise<TenantDb>;

/** The tenants among `tenantIds` that have webhook endpoints: one BatchGetItem of their markers. */
async function withEndpoints(platform: PlatformDb, tenantIds: string[]): Promise<Set<string>> {
  if (tenantIds.length === 0) return new Set();
  const markers = await batchGet(platform, tenantIds.map((t) => keys.webhookTenant(t)), { consistent: true, projection: ['tenantId'] });
  return new Set(markers.map((m) => String(m.tenantId)));
}

export async function queueEvents(platform: PlatformDb, tenantDb: TenantDbOf, items: Record<string, unknown>[]): Promise<number> {
  const byTenant = new Map<string, WebhookEvent[]>();
  for (const item of items) {
    const event = eventOf(item);
    if (event) byTenant.set(event.data.organizationId, [...(byTenant.get(event.data.organizationId) ?? []), event]);
  }
  const hearing = await withEndpoints(platform, [...byTenant.keys()]);
  let queued = 0;
  for (const [tenantId, events] of byTenant) {
    if (!hearing.has(tenantId)) continue;
    const db = await tenantDb(tenantId);
    const endpoints = (await readEndpoints(db)).filter((e) => e.enabled);
    if (endpoints.length === 0) continue;
    for (const event of events) {
      const to = endpoints.filter((e) => e.eventTypes.length === 0 || e.eventTypes.includes(event.type)).map((e) => e.endpointId);
      if (to.length > 0) queued += await queueDeliveries(db, event, to);
    }
  }
  return queued;
}
