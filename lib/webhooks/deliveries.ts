// One event's delivery to one endpoint: `T#<t>#WEBHOOK#<endpoint>` /
// `DELIVERY#<messageId>`, holding the exact payload sent (a resend sends the same bytes under the
// same `webhook-id`), its state, and its last attempts (the console's delivery log, newest first
// by the event's ULID). A delivery waiting for an attempt is in the worker's queue: GSI4
// `WEBHOOKSDUE`, sorted by when it is due (sparse: only waiting deliveries are there).
import 'server-only';
import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { auditEntryPut } from '../audit';
import { decodeCursor, encodeCursor, getItem, itemParser, keys, putItem, sortKeys, transaction, TTL_ATTRIBUTE, updateItem, written, type AuditActor, type Page, type TenantDb } from '../db';
import { payloadOf, WEBHOOK_EVENT_TYPES, type WebhookEvent } from './events';
import { deliveryNotFound } from './errors';
import type { DeliveryAttemptResult } from './transport';

/** How long a delivery stays in the log. */
const KEPT_DAYS = 30;
/** Attempts kept per delivery (the log shows them; older ones are dropped). */
const KEPT_ATTEMPTS = 10;
export const DELIVERY_PAGE = 25;

export type DeliveryState = 'pending' | 'delivered' | 'failed' | 'cancelled';

export interface DeliveryAttempt {
  at: string;
  status?: number;
  durationMs: number;
  error?: string;
  /** The start of the receiver's answer (at most 1 KiB). */
  response?: string;
}

export interface Delivery {
  endpointId: string;
  messageId: string;
  eventType: (typeof WEBHOOK_EVENT_TYPES)[number];
  payload: string;
  state: DeliveryState;
  /** Failed attempts since the delivery was queued (or resent): where it is in the retry schedule. */
  failures: number;
  nextAttemptAt?: string;
  createdAt: string;
  deliveredAt?: string;
  attempts: DeliveryAttempt[];
}

const attempt = z.object({ at: z.string(), status: z.number().optional(), durationMs: z.number(), error: z.string().optional(), response: z.string().optional() });
export const parseDelivery = itemParser('webhookDelivery', z.object({
  endpointId: z.string(), messageId: z.string(), eventType: z.enum(WEBHOOK_EVENT_TYPES), payload: z.string(),
  state: z.enum(['pending', 'delivered', 'failed', 'cancelled']), failures: z.number(), nextAttemptAt: z.string().optional(),
  createdAt: z.string(), deliveredAt: z.string().optional(), attempts: z.array(attempt),
}));

/** The queue entry: due time first, so the worker's Query reads what is due, oldest first. */
export const dueKey = (dueAt: string, messageId: string) => ({ GSI4PK: keys.gsi4.webhooksDue(), GSI4SK: sortKeys.due(dueAt, messageId) });

const keptUntil = (now: number) => Math.floor(now / 1000) + KEPT_DAYS * 86_400;

/**
 * Queues the event for each endpoint. Idempotent: the stream may hand the worker the same record
 * twice (a restart before its checkpoint), and a delivery that exists is left as it is.
 */
export async function queueDeliveries(db: TenantDb, event: WebhookEvent, endpointIds: string[], now = Date.now()): Promise<number> {
  let queued = 0;
  const at = new Date(now).toISOString();
  for (const endpointId of endpointIds) {
    const delivery: Delivery = { endpointId, messageId: event.messageId, eventType: event.type, payload: payloadOf(event), state: 'pending', failures: 0, nextAttemptAt: at, createdAt: at, attempts: [] };
    const outcome = await putItem(db, {
      Item: { ...keys.webhookDelivery(db.tenantId, endpointId, event.messageId), type: 'webhookDelivery', tenantId: db.tenantId, ...delivery, ...dueKey(at, event.messageId), [TTL_ATTRIBUTE]: keptUntil(now) },
      ConditionExpression: 'attribute_not_exists(PK)',
    });
    if (outcome.written) queued++;
  }
  return queued;
}

/** One page of an endpoint's delivery log, newest first: one Query. */
export async function listDeliveries(db: TenantDb, endpointId: string, cursor?: string): Promise<Page<Delivery>> {
  const scope = `deliveries:${db.tenantId}:${endpointId}`;
  const out = await db.client.send(new QueryCommand({
    TableName: db.tableName,
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
    ExpressionAttributeValues: { ':pk': keys.webhookDeliveryPartition(db.tenantId, endpointId), ':sk': keys.webhookDeliveryPrefix },
    ScanIndexForward: false,
    Limit: DELIVERY_PAGE,
    ExclusiveStartKey: decodeCursor(scope, cursor),
  }));
  return { items: (out.Items ?? []).map(parseDelivery), nextCursor: encodeCursor(scope, out.LastEvaluatedKey) };
}

export async function readDelivery(db: TenantDb, endpointId: string, messageId: string): Promise<Delivery | undefined> {
  const item = await getItem(db, keys.webhookDelivery(db.tenantId, endpointId, messageId));
  return item ? parseDelivery(item) : undefined;
}

/** Sends a delivery again now, with the same id and payload, whatever became of it; audited. */
export async function resendDelivery(db: TenantDb, actor: AuditActor, endpointId: string, messageId: string): Promise<void> {
  const found = await readDelivery(db, endpointId, messageId);
  if (!found) throw deliveryNotFound();
  const at = new Date().toISOString();
  const due = dueKey(at, messageId);
  await transaction(db)
    .add({
      Update: {
        TableName: db.tableName,
        Key: keys.webhookDelivery(db.tenantId, endpointId, messageId),
        UpdateExpression: 'SET #state = :pending, failures = :zero, nextAttemptAt = :at, GSI4PK = :pk, GSI4SK = :sk',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':pending': 'pending', ':zero': 0, ':at': at, ':pk': due.GSI4PK, ':sk': due.GSI4SK },
      },
    }, () => deliveryNotFound())
    .add(auditEntryPut(db, { actor, action: 'webhook.resend', target: { type: 'webhook', id: endpointId, label: messageId } }))
    .send();
}

/**
 * Takes a due delivery for one attempt: moves its due time `leaseMs` ahead, conditioned on the
 * due time the worker read, so two workers never both send it, and a worker that dies with it
 * leaves it due again when the lease runs out (nothing is lost; the retry has the same id).
 */
export async function claimDelivery(db: TenantDb, d: Delivery, leaseMs: number, now = Date.now()): Promise<boolean> {
  const until = new Date(now + leaseMs).toISOString();
  const due = dueKey(until, d.messageId);
  // The claim's own token: when the answer to an applied claim is lost and the SDK sends it again,
  // the retry finds its own token and succeeds, instead of leaving the delivery leased to nobody.
  const token = randomUUID();
  const claimed = await written(updateItem(db, {
    Key: keys.webhookDelivery(db.tenantId, d.endpointId, d.messageId),
    UpdateExpression: 'SET nextAttemptAt = :until, GSI4SK = :sk, claimToken = :token',
    ConditionExpression: '#state = :pending AND (nextAttemptAt = :seen OR claimToken = :token)',
    ExpressionAttributeNames: { '#state': 'state' },
    ExpressionAttributeValues: { ':until': until, ':sk': due.GSI4SK, ':pending': 'pending', ':seen': d.nextAttemptAt, ':token': token },
  }));
  if (!claimed) return false;
  d.nextAttemptAt = until;
  return true;
}

/**
 * Moves a waiting delivery's due time to `until`, conditioned on the due time read (false when it
 * changed meanwhile: claimed, sent, resent): a delivery parked behind a slow attempt.
 */
export async function postponeDelivery(db: TenantDb, d: Pick<Delivery, 'endpointId' | 'messageId' | 'nextAttemptAt'>, until: number): Promise<boolean> {
  const at = new Date(until).toISOString();
  const due = dueKey(at, d.messageId);
  return written(updateItem(db, {
    Key: keys.webhookDelivery(db.tenantId, d.endpointId, d.messageId),
    UpdateExpression: 'SET nextAttemptAt = :until, GSI4SK = :sk',
    ConditionExpression: '#state = :pending AND nextAttemptAt = :seen',
    ExpressionAttributeNames: { '#state': 'state' },
    ExpressionAttributeValues: { ':until': at, ':sk': due.GSI4SK, ':pending': 'pending', ':seen': d.nextAttemptAt },
  }));
}

/**
 * Records an attempt: delivered, due again at `retryAt`, or given up (`retryAt` undefined after a
 * failure). Conditioned on the claim, so a resend meanwhile is not overwritten.
 */
export async function recordAttempt(db: TenantDb, d: Delivery, result: DeliveryAttemptResult, retryAt: string | undefined, now = Date.now()): Promise<DeliveryState> {
  const at = new Date(now).toISOString();
  const entry: DeliveryAttempt = {
    at, durationMs: result.durationMs, ...(result.status !== undefined ? { status: result.status } : {}),
    ...(result.error ? { error: result.error } : {}), ...(result.responseBody ? { response: result.responseBody } : {}),
  };
  const attempts = [entry, ...d.attempts].slice(0, KEPT_ATTEMPTS);
  const state: DeliveryState = result.ok ? 'delivered' : retryAt ? 'pending' : 'failed';
  const values: Record<string, unknown> = { ':state': state, ':attempts': attempts, ':failures': result.ok ? d.failures : d.failures + 1, ':claim': d.nextAttemptAt };
  let update = 'SET #state = :state, attempts = :attempts, failures = :failures';
  if (state === 'pending') {
    const due = dueKey(retryAt!, d.messageId);
    update += ', nextAttemptAt = :next, GSI4SK = :sk';
    Object.assign(values, { ':next': retryAt, ':sk': due.GSI4SK });
  } else {
    update += ' REMOVE nextAttemptAt, GSI4PK, GSI4SK';
  }
  if (result.ok) {
    update = update.replace(' REMOVE', ', deliveredAt = :at REMOVE');
    values[':at'] = at;
  }
  // Not claimed any more (resent meanwhile): that newer state stands.
  await updateItem(db, {
    Key: keys.webhookDelivery(db.tenantId, d.endpointId, d.messageId),
    UpdateExpression: update,
    ConditionExpression: 'nextAttemptAt = :claim',
    ExpressionAttributeNames: { '#state': 'state' },
    ExpressionAttributeValues: values,
  });
  return state;
}

/** A delivery whose endpoint is gone or switched off leaves the queue (unless taken or changed since it was read). */
export async function cancelDelivery(db: TenantDb, d: Delivery): Promise<void> {
  await updateItem(db, {
    Key: keys.webhookDelivery(db.tenantId, d.endpointId, d.messageId),
    UpdateExpression: 'SET #state = :cancelled REMOVE nextAttemptAt, GSI4PK, GSI4SK',
    ConditionExpression: 'nextAttemptAt = :seen',
    ExpressionAttributeNames: { '#state': 'state' },
    ExpressionAttributeValues: { ':cancelled': 'cancelled', ':seen': d.nextAttemptAt },
  });
}
