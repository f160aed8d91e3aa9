// Adding, changing, removing and backfilling destinations: each an owner's edit, conditioned on
// the version they saw and audited in the same transaction. A new destination starts at the end of
// the log (its cursor is the newest entry's id) unless the owner asks for a backfill.
import 'server-only';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { decodeTime, encodeTime, ulid } from 'ulid';
import { auditEntryPut } from '../audit';
import { actorIdentity, keys, putItem, sortKeys, transaction, type AuditActor, type PlatformDb, type TenantDb } from '../db';
import { sealSecret } from '../security/sealed-secret';
import { platformDb } from '../tenancy';
import { newEndpointSecret, secretHint } from '../webhooks';
import { destinationKey, publicDestination, readDestinations, readStoredDestination, type StoredDestination } from './destinations';
import { badBackfill, badStreamSecret, badStreamSettings, destinationChanged, tooManyDestinations } from './errors';
import { STREAM_LIMITS } from './limits';
import { secretTarget, type Destination, type DestinationSettings } from './types';
import { needsOwnerSecret, validName, validSecret, validSettings, type UrlPolicy } from './validate';

export interface DestinationInput {
  name: string;
  settings: DestinationSettings;
  /** The kind's secret: HEC token, Datadog API key, S3 secret access key. HTTPS destinations get a signing secret made by Arbor. */
  secret?: string;
}

export interface CreateOptions {
  /** The runtime's platform access, for the tenant's marker the worker looks for; the app's by default. */
  platform?: PlatformDb;
  policy?: UrlPolicy;
  /** Send entries from this date (ISO) on instead of starting at the end of the log. */
  backfillFrom?: string;
}

const DAY_MS = 86_400_000;

/** The newest audit entry's id: where a new destination starts. One Query of one key. */
async function newestEntryId(db: TenantDb): Promise<string | undefined> {
  const out = await db.client.send(new QueryCommand({
    TableName: db.tableName, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': keys.auditPartition(db.tenantId) },
    ScanIndexForward: false, Limit: 1, ProjectionExpression: 'SK', ConsistentRead: true,
  }));
  return out.Items?.[0]?.SK as string | undefined;
}

/** A cursor just before every entry made at or after `from`: entry ids are ULIDs, whose first 10 characters are their time. */
export function cursorBefore(fromRaw: unknown, now = Date.now()): { cursor: string; from: string } {
  if (typeof fromRaw !== 'string' || fromRaw.length > 40) throw badBackfill('invalid');
  const from = Date.parse(fromRaw);
  if (Number.isNaN(from) || !/^\d{4}-\d{2}-\d{2}/.test(fromRaw)) throw badBackfill('invalid');
  if (from > now) throw badBackfill('future');
  if (now - from > STREAM_LIMITS.maxBackfillDays * DAY_MS) throw badBackfill('tooOld', STREAM_LIMITS.maxBackfillDays);
  // Entries older than the audit retention are gone already: nothing to bound further.
  return { cursor: from === 0 ? '0' : `${encodeTime(from - 1, 10)}${'Z'.repeat(16)}`, from: new Date(from).toISOString() };
}

/** The queue entry of a destination with entries to send now (GSI4, the worker's read). */
export const dueNow = (db: TenantDb, destinationId: string, at = new Date().toISOString()) => ({
  GSI4PK: keys.gsi4.auditStreamsDue(), GSI4SK: sortKeys.due(at, db.tenantId, destinationId),
});

const summary = (d: { name: string; settings: DestinationSettings; enabled: boolean }) => ({ name: d.name, settings: d.settings, enabled: d.enabled });

/** Adds a destination; an HTTPS one answers with its signing secret, shown once. */
export async function createDestination(db: TenantDb, actor: AuditActor, input: DestinationInput, options: CreateOptions = {}): Promise<{ destination: Destination; signingSecret?: string }> {
  const name = validName(input?.name);
  const settings = await validSettings(input?.settings, options.policy);
  const secret = settings.kind === 'https' ? newEndpointSecret() : needsOwnerSecret(settings) ? validSecret(settings.kind, input.secret) : undefined;
  const backfill = options.backfillFrom !== undefined ? cursorBefore(options.backfillFrom) : undefined;
  const existing = await readDestinations(db);
  if (existing.length >= STREAM_LIMITS.maxDestinations) throw tooManyDestinations(STREAM_LIMITS.maxDestinations);
  // The marker first: a destination that exists is always heard of. Never removed (a tenant that
  // removed its destinations costs the worker one Query per batch of its entries).
  await putItem(options.platform ?? platformDb(), { Item: { ...keys.auditStreamTenant(db.tenantId), type: 'auditStreamTenant', tenantId: db.tenantId } });
  const now = new Date().toISOString();
  const cursor = backfill?.cursor ?? (await newestEntryId(db));
  const destinationId = ulid();
  const stored: StoredDestination = {
    tenantId: db.tenantId, destinationId, name, settings, enabled: true, ...(cursor ? { cursor } : {}),
    ...(secret ? { sealedSecret: sealSecret(secret, db.tenantId), secretHint: secretHint(secret) } : {}),
    delivered: 0, failures: 0, marks: 0, ...(backfill ? { pendingSince: backfill.from } : {}),
    createdAt: now, createdBy: actorIdentity(actor), version: 1,
  };
  await transaction(db)
    .add({
      Put: {
        TableName: db.tableName,
        Item: { ...destinationKey(db, destinationId), type: 'auditStreamDestination', ...stored, ...(backfill ? dueNow(db, destinationId, now) : {}) },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    })
    .add(auditEntryPut(db, {
      actor, action: 'auditStream.create', target: { type: 'auditStream', id: destinationId, label: name },
      after: { ...summary(stored), ...(backfill ? { backfillFrom: backfill.from } : {}) },
    }))
    .send();
  return { destination: publicDestination(stored), ...(settings.kind === 'https' ? { signingSecret: secret } : {}) };
}

export async function listDestinations(db: TenantDb): Promise<Destination[]> {
  const now = Date.now();
  return (await readDestinations(db)).map((d) => publicDestination(d, now)).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

export async function readDestination(db: TenantDb, destinationId: string): Promise<Destination> {
  return publicDestination(await readStoredDestination(db, destinationId));
}

/** The current item, if it is still at the version the editor saw. */
async function atVersion(db: TenantDb, destinationId: string, expectedVersion: number): Promise<StoredDestination> {
  const current = await readStoredDestination(db, destinationId);
  if (current.version !== expectedVersion) throw destinationChanged();
  return current;
}

/**
 * Changes a destination. Its kind may change too (the secret must then be given again, as when where
 * it is sent changes: URL, Datadog site, S3 endpoint, bucket, region or key id); a secret given
 * replaces the stored one. Switching it back on clears the failure streak and retries now.
 */
export async function updateDestination(
  db: TenantDb, actor: AuditActor, destinationId: string, expectedVersion: number, input: Partial<DestinationInput> & { enabled?: boolean }, options: { policy?: UrlPolicy } = {},
): Promise<Destination> {
  const current = await atVersion(db, destinationId, expectedVersion);
  const name = input.name !== undefined ? validName(input.name) : current.name;
  const settings = input.settings !== undefined ? await validSettings(input.settings, options.policy) : current.settings;
  if (input.enabled !== undefined && typeof input.enabled !== 'boolean') throw badStreamSettings('enabled is true or false.');
  const kindChanged = settings.kind !== current.settings.kind;
  let sealed: { sealedSecret?: string; secretHint?: string } = { sealedSecret: current.sealedSecret, secretHint: current.secretHint };
  if (settings.kind === 'https') {
    if (kindChanged) throw cannotBecomeHttps();
  } else if (!needsOwnerSecret(settings)) {
    sealed = {};
  } else if (input.secret !== undefined || kindChanged || !current.sealedSecret || secretTarget(settings) !== secretTarget(current.settings)) {
    if (input.secret === undefined && !kindChanged && current.sealedSecret) throw badStreamSecret(settings.kind, 'targetChanged');
    const secret = validSecret(settings.kind, input.secret);
    sealed = { sealedSecret: sealSecret(secret, db.tenantId), secretHint: secretHint(secret) };
  }
  const enabled = input.enabled ?? current.enabled;
  const resumed = enabled && !current.enabled;
  const next: StoredDestination = {
    ...current, name, settings, enabled, ...sealed, version: current.version + 1,
    ...(resumed ? { failures: 0, lastError: undefined, nextAttemptAt: undefined } : {}),
  };
  // Only the owner's attributes: the cursor and health are the worker's, written meanwhile.
  const set = ['#name = :name', 'settings = :settings', 'enabled = :enabled', 'version = :next'];
  const remove: string[] = [];
  const values: Record<string, unknown> = { ':name': name, ':settings': settings, ':enabled': enabled, ':next': next.version, ':v': current.version };
  if (sealed.sealedSecret) {
    set.push('sealedSecret = :sealed', 'secretHint = :hint');
    Object.assign(values, { ':sealed': sealed.sealedSecret, ':hint': sealed.secretHint });
  } else remove.push('sealedSecret', 'secretHint');
  if (resumed) {
    set.push('failures = :zero');
    values[':zero'] = 0;
    remove.push('lastError', 'nextAttemptAt');
  }
  // Paused: off the queue. On: back on it now, so what came meanwhile (and a retry) goes out.
  if (enabled) {
    const due = dueNow(db, destinationId);
    set.push('GSI4PK = :due', 'GSI4SK = :dueAt');
    Object.assign(values, { ':due': due.GSI4PK, ':dueAt': due.GSI4SK });
  } else remove.push('GSI4PK', 'GSI4SK');
  await transaction(db)
    .add({
      Update: {
        TableName: db.tableName, Key: destinationKey(db, destinationId),
        UpdateExpression: `SET ${set.join(', ')}${remove.length ? ` REMOVE ${remove.join(', ')}` : ''}`,
        ConditionExpression: 'version = :v',
        ExpressionAttributeNames: { '#name': 'name' },
        ExpressionAttributeValues: values,
      },
    }, () => destinationChanged())
    .add(auditEntryPut(db, {
      actor, action: 'auditStream.update', target: { type: 'auditStream', id: destinationId, label: name },
      before: summary(current), after: { ...summary(next), ...(sealed.secretHint !== current.secretHint ? { secretReplaced: true } : {}) },
    }))
    .send();
  return publicDestination(next);
}

/** An HTTPS destination's secret is Arbor's: turning another kind into one is a new destination. */
const cannotBecomeHttps = () => badStreamSettings('A destination cannot become an HTTPS one: add a new HTTPS destination instead, to get its signing secret.');

export async function deleteDestination(db: TenantDb, actor: AuditActor, destinationId: string, expectedVersion: number): Promise<void> {
  const current = await atVersion(db, destinationId, expectedVersion);
  await transaction(db)
    .add({ Delete: { TableName: db.tableName, Key: destinationKey(db, destinationId), ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': current.version } } }, () => destinationChanged())
    .add(auditEntryPut(db, { actor, action: 'auditStream.delete', target: { type: 'auditStream', id: destinationId, label: current.name }, before: summary(current) }))
    .send();
}

/** Moves the cursor back to `from` (ISO date): entries since then are sent again, in order. */
export async function backfillDestination(db: TenantDb, actor: AuditActor, destinationId: string, expectedVersion: number, from: string): Promise<Destination> {
  const current = await atVersion(db, destinationId, expectedVersion);
  const backfill = cursorBefore(from);
  const now = new Date().toISOString();
  const next: StoredDestination = { ...current, cursor: backfill.cursor, pendingSince: backfill.from, version: current.version + 1 };
  await transaction(db)
    .add({
      Update: {
        TableName: db.tableName, Key: destinationKey(db, destinationId),
        // The worker's lease is dropped: a batch in flight from the old cursor fails to advance it.
        UpdateExpression: 'SET #cursor = :cursor, pendingSince = :since, version = :next, GSI4PK = :due, GSI4SK = :dueAt REMOVE leaseToken, leaseUntil',
        ConditionExpression: 'version = :v',
        ExpressionAttributeNames: { '#cursor': 'cursor' },
        ExpressionAttributeValues: {
          ':cursor': backfill.cursor, ':since': backfill.from, ':next': next.version, ':v': current.version,
          ':due': keys.gsi4.auditStreamsDue(), ':dueAt': sortKeys.due(now, db.tenantId, destinationId),
        },
      },
    }, () => destinationChanged())
    .add(auditEntryPut(db, {
      actor, action: 'auditStream.backfill', target: { type: 'auditStream', id: destinationId, label: current.name },
      before: { cursor: current.cursor ?? null }, after: { from: backfill.from },
    }))
    .send();
  return publicDestination(next);
}

/** When the entry a cursor names was made (ULID time), for the lag. */
export const cursorTime = (cursor: string) => new Date(decodeTime(cursor)).toISOString();
