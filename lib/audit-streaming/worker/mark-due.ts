// New audit entries from the table's stream → the destinations that must send them put on the
// queue (GSI4 `AUDITSTREAMSDUE`). The stream carries every tenant's items; only tenants marked as
// having destinations are looked at further, each with that tenant's own scoped credentials.
// What is sent is read later from the audit partition itself, from each destination's cursor:
// the stream only says "something new", so a missed or repeated mark loses and doubles nothing.
import 'server-only';
import { batchGet, keys, sortKeys, updateItem, type PlatformDb, type TenantDb } from '../../db';
import { destinationKey, readDestinations } from '../destinations';
import { STREAM_LIMITS } from '../limits';

export type TenantDbOf = (tenantId: string) => Promise<TenantDb>;

async function withDestinations(platform: PlatformDb, tenantIds: string[]): Promise<Set<string>> {
  if (tenantIds.length === 0) return new Set();
  const markers = await batchGet(platform, tenantIds.map((t) => keys.auditStreamTenant(t)), { consistent: true, projection: ['tenantId'] });
  return new Set(markers.map((m) => String(m.tenantId)));
}

/** Marks every enabled destination of the entries' tenants due; returns how many it marked. */
export async function markDestinationsDue(platform: PlatformDb, tenantDb: TenantDbOf, items: Record<string, unknown>[], settleMs: number = STREAM_LIMITS.settleMs): Promise<number> {
  const oldest = new Map<string, string>();
  for (const item of items) {
    if (item.type !== 'audit' || typeof item.tenantId !== 'string' || typeof item.at !== 'string') continue;
    const seen = oldest.get(item.tenantId);
    if (!seen || item.at < seen) oldest.set(item.tenantId, item.at);
  }
  const streaming = await withDestinations(platform, [...oldest.keys()]);
  let marked = 0;
  for (const [tenantId, at] of oldest) {
    if (!streaming.has(tenantId)) continue;
    const db = await tenantDb(tenantId);
    const destinations = (await readDestinations(db)).filter((d) => d.enabled);
    const dueAt = new Date(Date.parse(at) + settleMs).toISOString();
    await Promise.all(destinations.map(async (d) => {
      const out = await updateItem(db, {
        Key: destinationKey(db, d.destinationId),
        // A destination already queued keeps its time (a retry's backoff stands); `marks` tells
        // the worker an entry came while it was sending, so it does not leave the queue then.
        UpdateExpression: 'SET GSI4PK = :pk, GSI4SK = if_not_exists(GSI4SK, :sk), pendingSince = if_not_exists(pendingSince, :at) ADD marks :one',
        ConditionExpression: 'attribute_exists(PK) AND enabled = :on',
        ExpressionAttributeValues: { ':pk': keys.gsi4.auditStreamsDue(), ':sk': sortKeys.due(dueAt, tenantId, d.destinationId), ':at': at, ':one': 1, ':on': true },
      });
      if (out.written) marked++;
    }));
  }
  return marked;
}
