// One attempt of a due delivery (the lanes, ./lanes.ts, decide which and when):
// claimed, signed and sent, its attempt recorded, and its endpoint's health kept: a success
// clears the failure streak; an endpoint failing for a day is switched off and the
// organization's owners are told by mail.
import 'server-only';
import { log } from '../../observability';
import { auditEntryPut } from '../../audit';
import { keys, transaction, updateItem, type PlatformDb, type TenantDb } from '../../db';
import { sendMail, webhookDisabledMail } from '../../mail';
import { tenantOwners } from '../../tenants/owners';
import { cancelDelivery, claimDelivery, readDelivery, recordAttempt } from '../deliveries';
import { endpointSecrets, readEndpoints } from '../endpoints';
import { sendWebhook } from '../transport';
import type { TenantDbOf } from './fan-out';

/** Standard Webhooks' schedule: the pause after the 1st, 2nd… failure (about 27 hours in all). */
export const RETRY_SCHEDULE_MS = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000, 10 * 3_600_000];
export const DISABLE_AFTER_MS = 24 * 3_600_000;
export const LEASE_MS = 60_000;

/** Who switched an endpoint off, in the audit trail. */
export const WEBHOOK_WORKER_ACTOR = { userId: 'webhook-delivery', email: 'webhook-delivery@arbor', name: 'Arbor webhook delivery' };

export interface DeliveryDeps {
  platform: PlatformDb;
  tenantDb: TenantDbOf;
  allowPrivateNetworks: boolean;
  retrySchedule?: number[];
  disableAfterMs?: number;
  leaseMs?: number;
  timeoutMs?: number;
  now?: () => number;
}

/** A due delivery as the queue names it. */
export interface DueRef {
  tenantId: string;
  endpointId: string;
  messageId: string;
}

/** A tenant's endpoints, as the caller keeps them (read at most about once a second per tenant). */
export type EndpointsOf = (db: TenantDb) => ReturnType<typeof readEndpoints>;

/**
 * One attempt of one due delivery: claimed (so no other worker sends it meanwhile), sent, recorded,
 * and the endpoint's health kept. False when there was nothing to send (taken or changed meanwhile).
 */
export async function deliverOne(deps: DeliveryDeps, ref: DueRef, endpoints: EndpointsOf): Promise<boolean> {
  const now = deps.now?.() ?? Date.now();
  const db = await deps.tenantDb(ref.tenantId);
  const delivery = await readDelivery(db, ref.endpointId, ref.messageId);
  if (!delivery || delivery.state !== 'pending' || !delivery.nextAttemptAt || Date.parse(delivery.nextAttemptAt) > now) return false;
  // The endpoint is read before the claim, so AWS refusing that read (after the retries) leaves the
  // delivery due for the next fill instead of leased unsent until the lease runs out.
  const endpoint = (await endpoints(db)).find((e) => e.endpointId === ref.endpointId);
  if (!endpoint || !endpoint.enabled) {
    await cancelDelivery(db, delivery);
    return false;
  }
  if (!(await claimDelivery(db, delivery, deps.leaseMs ?? LEASE_MS, now))) return false;
  const result = await sendWebhook(
    { url: endpoint.url, ...endpointSecrets(db, endpoint, now), messageId: delivery.messageId, timestamp: new Date(now), payload: delivery.payload },
    { allowPrivateNetworks: deps.allowPrivateNetworks, timeoutMs: deps.timeoutMs },
  );
  const done = deps.now?.() ?? Date.now();
  const schedule = deps.retrySchedule ?? RETRY_SCHEDULE_MS;
  const retryAt = !result.ok && delivery.failures < schedule.length ? new Date(done + schedule[delivery.failures]).toISOString() : undefined;
  await recordAttempt(db, delivery, result, retryAt, done);
  if (result.ok) {
    if (endpoint.failingSince) await clearFailing(db, endpoint.endpointId);
  } else {
    const since = endpoint.failingSince ? Date.parse(endpoint.failingSince) : await markFailing(db, endpoint.endpointId, done);
    if (done - since >= (deps.disableAfterMs ?? DISABLE_AFTER_MS)) await disableEndpoint(db, endpoint);
  }
  return true;
}

const endpointKey = (db: TenantDb, endpointId: string) => keys.webhookEndpoint(db.tenantId, endpointId);

/** The streak's start, set once; bookkeeping beside the endpoint's version, not an edit of it. */
async function markFailing(db: TenantDb, endpointId: string, now: number): Promise<number> {
  const out = await updateItem(db, {
    Key: endpointKey(db, endpointId),
    UpdateExpression: 'SET failingSince = if_not_exists(failingSince, :now)', ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeValues: { ':now': new Date(now).toISOString() }, ReturnValues: 'ALL_NEW',
  });
  return Date.parse(String((out.written && out.attributes?.failingSince) || new Date(now).toISOString()));
}

async function clearFailing(db: TenantDb, endpointId: string) {
  await updateItem(db, { Key: endpointKey(db, endpointId), UpdateExpression: 'REMOVE failingSince', ConditionExpression: 'attribute_exists(PK)' });
}

/** Switches the endpoint off (audited, conditioned on its version), then tells the owners once. */
async function disableEndpoint(db: TenantDb, endpoint: { endpointId: string; url: string; version: number }) {
  const reason = 'It failed every delivery for a day.';
  // Changed meanwhile (someone edited it or switched it off): the next failure decides again.
  const outcome = await transaction(db)
    .add({
      Update: {
        TableName: db.tableName, Key: endpointKey(db, endpoint.endpointId),
        UpdateExpression: 'SET enabled = :off, disabledReason = :reason, version = version + :one',
        ConditionExpression: 'version = :v AND enabled = :on',
        ExpressionAttributeValues: { ':off': false, ':on': true, ':reason': reason, ':one': 1, ':v': endpoint.version },
      },
    }, () => 'retry')
    .add(auditEntryPut(db, { actor: WEBHOOK_WORKER_ACTOR, action: 'webhook.disable', target: { type: 'webhook', id: endpoint.endpointId, label: endpoint.url } }))
    .send();
  if (outcome === 'retry') return;
  const { organization, owners } = await tenantOwners(db);
  await Promise.all(owners.map((o) => sendMail({ to: o.email, ...webhookDisabledMail({ ownerName: o.name, organization, url: endpoint.url }) }).catch(() => undefined)));
}
