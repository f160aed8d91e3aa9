// Webhook endpoints: where an organization wants to hear of its changes. All of a
// tenant's endpoints share one partition (`T#<t>#WEBHOOKS` / `ENDPOINT#<id>`), so the worker
// reads them with one Query per batch of events. The signing secret (`whsec_…`) is sealed at rest
// (AES-256-GCM, bound to the tenant) and shown once, when the endpoint is made.
import 'server-only';
import { ulid } from 'ulid';
import { z } from 'zod';
import { auditEntryPut } from '../audit';
import { config } from '../config';
import { actorIdentity, itemParser, keys, putItem, queryAll, storedActor, transaction, type AuditActor, type PlatformDb, type TenantDb } from '../db';
import { openSecret, sealSecret } from '../security/sealed-secret';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from './events';
import { badEndpointDescription, badEndpointUrl, badEventTypes, endpointChanged, endpointSecretUnreadable, tooManyEndpoints, webhookNotFound } from './errors';
import { checkEndpointUrl, newEndpointSecret, resolvesPublic, secretHint } from './transport';
import { validateName } from '../validation/text';

export const MAX_ENDPOINTS = 10;

export interface WebhookEndpoint {
  endpointId: string;
  url: string;
  description: string;
  /** The event types it hears of; empty means every type. */
  eventTypes: WebhookEventType[];
  enabled: boolean;
  /** Why it was switched off, when the delivery worker did it. */
  disabledReason?: string;
  /** The first failure since the last success: a day of failures disables the endpoint. */
  failingSince?: string;
  secretHint: string;
  /** After a rotation, until when deliveries are signed with the old secret too. */
  previousSecretUntil?: string;
  createdAt: string;
  createdBy: AuditActor;
  version: number;
}

const parseEndpoint = itemParser('webhookEndpoint', z.object({
  endpointId: z.string(), url: z.string(), description: z.string(), eventTypes: z.array(z.enum(WEBHOOK_EVENT_TYPES)), enabled: z.boolean(),
  disabledReason: z.string().optional(), failingSince: z.string().optional(), secretHint: z.string(), sealedSecret: z.string(),
  previousSealedSecret: z.string().optional(), previousSecretUntil: z.string().optional(),
  createdAt: z.string(), createdBy: storedActor, version: z.number(),
}));

type StoredEndpoint = ReturnType<typeof parseEndpoint>;

export const allowPrivateNetworks = () => config().ARBOR_WEBHOOKS_ALLOW_PRIVATE_NETWORKS === '1';

/** The tenant's endpoints with their sealed secrets (the worker's read): one Query. */
export async function readEndpoints(db: TenantDb): Promise<StoredEndpoint[]> {
  const items = await queryAll(db, {
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
    ExpressionAttributeValues: { ':pk': keys.webhookEndpointPartition(db.tenantId), ':sk': keys.webhookEndpointPrefix },
    ConsistentRead: true,
  });
  return items.map(parseEndpoint);
}

/** An endpoint as people and the API see it: never its secrets. */
export const publicView = ({ sealedSecret: _sealed, previousSealedSecret: _previous, ...endpoint }: StoredEndpoint): WebhookEndpoint => endpoint;

export async function listEndpoints(db: TenantDb): Promise<WebhookEndpoint[]> {
  return (await readEndpoints(db)).map(publicView).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

export async function getEndpoint(db: TenantDb, endpointId: string): Promise<StoredEndpoint> {
  const found = (await readEndpoints(db)).find((e) => e.endpointId === endpointId);
  if (!found) throw webhookNotFound();
  return found;
}

/** How long the old secret keeps signing after a rotation: time to roll it out to the receiver. */
export const SECRET_OVERLAP_MS = 24 * 3_600_000;

/** The secrets a delivery is signed with now: the current one, and the previous one while it overlaps. */
export function endpointSecrets(db: TenantDb, e: StoredEndpoint, now = Date.now()): { secret: string; previousSecret?: string } {
  const secret = openSecret(e.sealedSecret, db.tenantId, endpointSecretUnreadable);
  const overlapping = e.previousSealedSecret && e.previousSecretUntil && Date.parse(e.previousSecretUntil) > now;
  if (!overlapping) return { secret };
  // A secret rolled because it could no longer be opened (the key was replaced) cannot sign
  // beside the new one; the new one still does.
  try {
    return { secret, previousSecret: openSecret(e.previousSealedSecret!, db.tenantId, endpointSecretUnreadable) };
  } catch {
    return { secret };
  }
}

/** Refusal checks on the receiving side; tests pass `allowPrivateNetworks` to see the refusals. */
export interface UrlPolicy {
  allowPrivateNetworks?: boolean;
}

async function validUrl(raw: unknown, policy: UrlPolicy): Promise<string> {
  if (typeof raw !== 'string') throw badEndpointUrl('invalid');
  const allowPrivate = policy.allowPrivateNetworks ?? allowPrivateNetworks();
  const checked = checkEndpointUrl(raw.trim(), { allowPrivateNetworks: allowPrivate });
  if (!checked.ok) throw badEndpointUrl(checked.reason);
  if (!allowPrivate) {
    const resolved = await resolvesPublic(checked.url.hostname.replace(/^\[|\]$/g, ''));
    if (!resolved.ok) throw badEndpointUrl(resolved.reason);
  }
  return checked.url.href;
}

function validEventTypes(raw: unknown): WebhookEventType[] {
  if (!Array.isArray(raw) || raw.some((t) => !WEBHOOK_EVENT_TYPES.includes(t))) throw badEventTypes();
  return [...new Set(raw as WebhookEventType[])];
}

/** Optional; when given, visible text read like any name (no controls or direction changes). */
function validDescription(raw: unknown): string {
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) return '';
  try {
    return validateName(raw, 'unit');
  } catch {
    throw badEndpointDescription();
  }
}

export interface EndpointInput {
  url: unknown;
  description?: unknown;
  eventTypes?: unknown;
}

export interface EndpointScope {
  tenant: TenantDb;
  /** The runtime's platform access: the tenant's marker the worker looks for (keys.webhookTenant). */
  platform: PlatformDb;
}

/** Adds an endpoint; its signing secret is in the result and, readable, nowhere else. */
export async function createEndpoint(scope: EndpointScope, actor: AuditActor, input: EndpointInput, policy: UrlPolicy = {}): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  const db = scope.tenant;
  const url = await validUrl(input.url, policy);
  const description = validDescription(input.description);
  const eventTypes = validEventTypes(input.eventTypes ?? []);
  if ((await readEndpoints(db)).length >= MAX_ENDPOINTS) throw tooManyEndpoints(MAX_ENDPOINTS);
  // The marker first: an endpoint that exists is always heard of. Never removed (a tenant that
  // removed its endpoints costs the worker one Query per batch of its events).
  await putItem(scope.platform, { Item: { ...keys.webhookTenant(db.tenantId), type: 'webhookTenant', tenantId: db.tenantId } });
  const secret = newEndpointSecret();
  const endpoint: WebhookEndpoint = {
    endpointId: ulid(), url, description, eventTypes, enabled: true, secretHint: secretHint(secret),
    createdAt: new Date().toISOString(), createdBy: actorIdentity(actor), version: 1,
  };
  await transaction(db)
    .add({
      Put: {
        TableName: db.tableName,
        Item: { ...keys.webhookEndpoint(db.tenantId, endpoint.endpointId), type: 'webhookEndpoint', tenantId: db.tenantId, ...endpoint, sealedSecret: sealSecret(secret, db.tenantId) },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    })
    .add(auditEntryPut(db, { actor, action: 'webhook.create', target: { type: 'webhook', id: endpoint.endpointId, label: url }, after: { url, eventTypes } }))
    .send();
  return { endpoint, secret };
}

export interface EndpointChange {
  url?: unknown;
  description?: unknown;
  eventTypes?: unknown;
  /** Switching it back on clears its failure streak. */
  enabled?: boolean;
  expectedVersion: number;
}

/** Changes an endpoint, conditioned on the version the editor saw. */
export async function updateEndpoint(db: TenantDb, actor: AuditActor, endpointId: string, change: EndpointChange, policy: UrlPolicy = {}): Promise<WebhookEndpoint> {
  const current = await getEndpoint(db, endpointId);
  if (current.version !== change.expectedVersion) throw endpointChanged();
  const next: StoredEndpoint = {
    ...current,
    ...(change.url !== undefined ? { url: await validUrl(change.url, policy) } : {}),
    ...(change.description !== undefined ? { description: validDescription(change.description) } : {}),
    ...(change.eventTypes !== undefined ? { eventTypes: validEventTypes(change.eventTypes) } : {}),
    ...(change.enabled !== undefined ? { enabled: change.enabled } : {}),
    version: current.version + 1,
  };
  if (change.enabled) {
    delete next.disabledReason;
    delete next.failingSince;
  }
  await transaction(db)
    .add({
      Put: {
        TableName: db.tableName,
        Item: { ...keys.webhookEndpoint(db.tenantId, endpointId), type: 'webhookEndpoint', tenantId: db.tenantId, ...next },
        ConditionExpression: 'version = :v',
        ExpressionAttributeValues: { ':v': current.version },
      },
    }, () => endpointChanged())
    .add(auditEntryPut(db, {
      actor, action: 'webhook.update', target: { type: 'webhook', id: endpointId, label: next.url },
      before: { url: current.url, eventTypes: current.eventTypes, enabled: current.enabled },
      after: { url: next.url, eventTypes: next.eventTypes, enabled: next.enabled },
    }))
    .send();
  return publicView(next);
}

/** Removes an endpoint; its delivery log expires on its own (TTL). */
export async function deleteEndpoint(db: TenantDb, actor: AuditActor, endpointId: string): Promise<void> {
  const current = await getEndpoint(db, endpointId);
  const key = keys.webhookEndpoint(db.tenantId, endpointId);
  await transaction(db)
    .add({ Delete: { TableName: db.tableName, Key: key, ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': current.version } } }, () => endpointChanged())
    .add(auditEntryPut(db, { actor, action: 'webhook.delete', target: { type: 'webhook', id: endpointId, label: current.url } }))
    .send();
}

/**
 * A new signing secret, shown once; the old one keeps signing beside it for a day, so the receiver
 * can switch without missing a delivery. Conditioned on the version the admin saw; audited.
 */
export async function rotateEndpointSecret(db: TenantDb, actor: AuditActor, endpointId: string, expectedVersion: number): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  const current = await getEndpoint(db, endpointId);
  if (current.version !== expectedVersion) throw endpointChanged();
  const secret = newEndpointSecret();
  const next: StoredEndpoint = {
    ...current,
    sealedSecret: sealSecret(secret, db.tenantId),
    previousSealedSecret: current.sealedSecret,
    previousSecretUntil: new Date(Date.now() + SECRET_OVERLAP_MS).toISOString(),
    secretHint: secretHint(secret),
    version: current.version + 1,
  };
  await transaction(db)
    .add({
      Put: {
        TableName: db.tableName,
        Item: { ...keys.webhookEndpoint(db.tenantId, endpointId), type: 'webhookEndpoint', tenantId: db.tenantId, ...next },
        ConditionExpression: 'version = :v',
        ExpressionAttributeValues: { ':v': current.version },
      },
    }, () => endpointChanged())
    .add(auditEntryPut(db, { actor, action: 'webhook.rotateSecret', target: { type: 'webhook', id: endpointId, label: current.url } }))
    .send();
  return { endpoint: publicView(next), secret };
}
