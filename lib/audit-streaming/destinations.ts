// Destinations as stored: one item each in the tenant's `T#<t>#AUDITSTREAMS` partition (`DEST#<id>`),
// holding what the owner set (name, settings, the sealed secret), where delivery has got to
// (cursor, delivered) and its health. The owner's edits move `version`; the worker's bookkeeping
// (cursor, health, lease, queue) does not, so an owner editing while entries flow never conflicts
// with delivery, and delivery conditions its writes on the version it read instead.
import 'server-only';
import { z } from 'zod';
import { getItem, itemParser, keys, queryAll, storedActor, type TenantDb } from '../db';
import { openSecret } from '../security/sealed-secret';
import { destinationNotFound, destinationSecretUnreadable } from './errors';
import type { Destination, DestinationSettings, DestinationState } from './types';

const settingsSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('https'), url: z.string() }),
  z.object({ kind: z.literal('splunk'), url: z.string(), index: z.string().optional(), sourcetype: z.string().optional() }),
  z.object({ kind: z.literal('datadog'), site: z.string().optional(), url: z.string().optional(), service: z.string().optional(), tags: z.array(z.string()).optional() }),
  z.object({
    kind: z.literal('s3'), bucket: z.string(), region: z.string(), prefix: z.string().optional(), endpoint: z.string().optional(),
    roleArn: z.string().optional(), accessKeyId: z.string().optional(),
  }),
]) satisfies z.ZodType<DestinationSettings>;

export const parseDestination = itemParser('auditStreamDestination', z.object({
  tenantId: z.string(), destinationId: z.string(), name: z.string(), settings: settingsSchema, sealedSecret: z.string().optional(), secretHint: z.string().optional(),
  enabled: z.boolean(), cursor: z.string().optional(), delivered: z.number(), failures: z.number(),
  lastSuccessAt: z.string().optional(), lastFailureAt: z.string().optional(), lastError: z.string().optional(), nextAttemptAt: z.string().optional(),
  /** The time of the oldest entry not delivered yet, while there is one: the lag. */
  pendingSince: z.string().optional(),
  /** Bumped by each mark from the stream: the worker leaves the queue only when none came meanwhile. */
  marks: z.number().optional(),
  leaseToken: z.string().optional(), leaseUntil: z.string().optional(),
  createdAt: z.string(), createdBy: storedActor, version: z.number(),
}));

export type StoredDestination = ReturnType<typeof parseDestination>;

export const destinationKey = (db: TenantDb, destinationId: string) => keys.auditStreamDestination(db.tenantId, destinationId);

/** The tenant's destinations, secrets sealed (the worker's and the console's read): one Query. */
export async function readDestinations(db: TenantDb): Promise<StoredDestination[]> {
  const items = await queryAll(db, {
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
    ExpressionAttributeValues: { ':pk': keys.auditStreamPartition(db.tenantId), ':sk': keys.auditStreamPrefix },
    ConsistentRead: true,
  });
  return items.map(parseDestination);
}

/** One destination, strongly consistent; a malformed or foreign id is simply not found. */
export async function readStoredDestination(db: TenantDb, destinationId: string): Promise<StoredDestination> {
  if (!/^[0-9A-HJKMNP-TV-Z]{26}$/.test(destinationId)) throw destinationNotFound();
  const item = await getItem(db, destinationKey(db, destinationId));
  if (!item) throw destinationNotFound();
  return parseDestination(item);
}

export const destinationSecret = (db: TenantDb, d: StoredDestination): string | undefined => (d.sealedSecret ? openSecret(d.sealedSecret, db.tenantId, destinationSecretUnreadable) : undefined);

function stateOf(d: StoredDestination): DestinationState {
  if (!d.enabled) return 'paused';
  if (d.failures > 0) return 'failing';
  return d.lastSuccessAt ? 'healthy' : 'new';
}

/** A destination as people and the API see it: never its secret, never the worker's lease. */
export function publicDestination(d: StoredDestination, now = Date.now()): Destination {
  return {
    destinationId: d.destinationId, name: d.name, settings: d.settings, ...(d.secretHint ? { secretHint: d.secretHint } : {}),
    enabled: d.enabled, ...(d.cursor ? { cursor: d.cursor } : {}),
    health: {
      state: stateOf(d), failures: d.failures, delivered: d.delivered,
      ...(d.lastSuccessAt ? { lastSuccessAt: d.lastSuccessAt } : {}),
      ...(d.lastFailureAt ? { lastFailureAt: d.lastFailureAt } : {}),
      ...(d.lastError ? { lastError: d.lastError } : {}),
      ...(d.nextAttemptAt ? { nextAttemptAt: d.nextAttemptAt } : {}),
    },
    lagSeconds: d.pendingSince ? Math.max(0, Math.floor((now - Date.parse(d.pendingSince)) / 1000)) : 0,
    createdAt: d.createdAt, createdBy: d.createdBy, version: d.version,
  };
}
