// One attempt of one due destination (the lanes, ./lanes.ts, decide which and when): claimed
// with a lease conditioned on the version and cursor read (two workers never send the same batch
// at once, and a stalled one never sends from a cursor another has moved on), the
// next batch read from its cursor, sent, and then the cursor advanced, conditioned on the lease and
// the version read. Sent but not advanced (a crash, an owner's edit meanwhile) means the batch goes
// again: at least once, in order, the entry id being the receiver's dedup key.
// A failure backs off (RETRY_SCHEDULE_MS, then hourly) with the error in words; a success resets.
import 'server-only';
import { ulid } from 'ulid';
import { keys, sortKeys, updateItem, type PlatformDb, type TenantDb } from '../../db';
import { isArborError } from '../../errors';
import { SEND_TIMEOUT_MS } from '../../webhooks';
import { destinationKey, destinationSecret, readStoredDestination, type StoredDestination } from '../destinations';
import { batchOf, failureInWords, sendBatch } from '../transport';
import { readNextBatch, type BatchBounds } from './read-batch';
import type { TenantDbOf } from './mark-due';

/** The pause after the 1st, 2nd… failure in a row; after the last, hourly. */
export const RETRY_SCHEDULE_MS = [5_000, 30_000, 2 * 60_000, 10 * 60_000, 30 * 60_000, 3_600_000];
/** How long a claim holds: longer than an attempt's timeout, so a live attempt is never taken over. */
export const LEASE_MS = 60_000;

export interface StreamDeliveryDeps {
  platform: PlatformDb;
  tenantDb: TenantDbOf;
  allowPrivateNetworks: boolean;
  retrySchedule?: number[];
  leaseMs?: number;
  timeoutMs?: number;
  batch?: BatchBounds;
  now?: () => number;
  /** Tests only: stop after sending, before the cursor moves (a crash between the two). */
  crashAfterSend?: boolean;
  /** Tests only: runs between reading the destination and claiming it (a worker stalled there). */
  beforeClaim?: () => Promise<void>;
}

/** A due destination as the queue names it. */
export interface DueDestination {
  tenantId: string;
  destinationId: string;
}

export type AttemptOutcome = 'sent' | 'failed' | 'idle' | 'skipped';

const iso = (ms: number) => new Date(ms).toISOString();

export async function deliverDestination(deps: StreamDeliveryDeps, ref: DueDestination): Promise<AttemptOutcome> {
  const clock = () => deps.now?.() ?? Date.now();
  const now = clock();
  const db = await deps.tenantDb(ref.tenantId);
  let d: StoredDestination;
  try {
    d = await readStoredDestination(db, ref.destinationId);
  } catch (e) {
    // Removed meanwhile: its queue entry went with it. Anything else the lanes park (./lanes.ts).
    if (isArborError(e) && e.code === 'auditStream.notFound') return 'skipped';
    throw e;
  }
  const key = destinationKey(db, d.destinationId);
  if (!d.enabled) {
    await updateItem(db, { Key: key, UpdateExpression: 'REMOVE GSI4PK, GSI4SK', ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': d.version } });
    return 'skipped';
  }
  if (d.nextAttemptAt && Date.parse(d.nextAttemptAt) > now) {
    // Queued early (an edit, a mark): wait in the queue for the retry's time, not at its head.
    await updateItem(db, {
      Key: key, UpdateExpression: 'SET GSI4SK = :sk', ConditionExpression: 'version = :v AND attribute_exists(GSI4PK)',
      ExpressionAttributeValues: { ':sk': sortKeys.due(d.nextAttemptAt, db.tenantId, d.destinationId), ':v': d.version },
    });
    return 'skipped';
  }
  await deps.beforeClaim?.();
  const token = ulid();
  const claimed = await updateItem(db, {
    Key: key,
    UpdateExpression: 'SET leaseToken = :token, leaseUntil = :until',
    // The cursor read too: a worker stalled since its read must not send from (and advance to) an
    // older cursor after another worker moved it on.
    ConditionExpression: `version = :v AND (attribute_not_exists(leaseUntil) OR leaseUntil <= :now) AND ${d.cursor === undefined ? 'attribute_not_exists(#cursor)' : '#cursor = :cursor'}`,
    ExpressionAttributeNames: { '#cursor': 'cursor' },
    ExpressionAttributeValues: {
      ':token': token, ':until': iso(now + (deps.leaseMs ?? LEASE_MS)), ':v': d.version, ':now': iso(now), ...(d.cursor === undefined ? {} : { ':cursor': d.cursor }),
    },
  });
  if (!claimed.written) return 'skipped';
  const held = { ':token': token, ':v': d.version };
  const next = await readNextBatch(db, d.cursor, now, deps.batch);
  const due = (at: number) => sortKeys.due(iso(at), db.tenantId, d.destinationId);

  if (next.entries.length === 0) {
    // Nothing settled to send: wait for what is settling, or leave the queue unless marked meanwhile.
    const leave = next.settlesAt === undefined
      ? await updateItem(db, {
        Key: key, UpdateExpression: 'REMOVE GSI4PK, GSI4SK, pendingSince, leaseToken, leaseUntil',
        ConditionExpression: 'leaseToken = :token AND version = :v AND (attribute_not_exists(marks) OR marks = :marks)',
        ExpressionAttributeValues: { ...held, ':marks': d.marks ?? 0 },
      })
      : { written: false };
    if (!leave.written) {
      await updateItem(db, {
        Key: key, UpdateExpression: 'SET GSI4PK = :pk, GSI4SK = :sk REMOVE leaseToken, leaseUntil', ConditionExpression: 'leaseToken = :token',
        ExpressionAttributeValues: { ':token': token, ':pk': keys.gsi4.auditStreamsDue(), ':sk': due(next.settlesAt ?? now) },
      });
    }
    return 'idle';
  }

  const batch = batchOf(next.entries);
  const timeoutMs = deps.timeoutMs ?? SEND_TIMEOUT_MS;
  const result = await sendBatch({ tenantId: db.tenantId, settings: d.settings, secret: destinationSecret(db, d) }, batch, { allowPrivateNetworks: deps.allowPrivateNetworks, timeoutMs }, new Date(now));
  if (deps.crashAfterSend) return result.ok ? 'sent' : 'failed';
  const done = clock();

  if (!result.ok) {
    const schedule = deps.retrySchedule ?? RETRY_SCHEDULE_MS;
    const retryAt = done + schedule[Math.min(d.failures, schedule.length - 1)];
    await updateItem(db, {
      Key: key,
      UpdateExpression: 'SET failures = failures + :one, lastFailureAt = :done, lastError = :error, nextAttemptAt = :retry, GSI4PK = :pk, GSI4SK = :sk, pendingSince = if_not_exists(pendingSince, :since) REMOVE leaseToken, leaseUntil',
      ConditionExpression: 'leaseToken = :token',
      ExpressionAttributeValues: {
        ':token': token, ':one': 1, ':done': iso(done), ':error': failureInWords(result, timeoutMs), ':retry': iso(retryAt),
        ':pk': keys.gsi4.auditStreamsDue(), ':sk': due(retryAt), ':since': next.entries[0].at,
      },
    });
    return 'failed';
  }

  const last = next.entries[next.entries.length - 1].id;
  const caughtUp = !next.more && next.settlesAt === undefined;
  const advance = (leave: boolean) => updateItem(db, {
    Key: key,
    UpdateExpression: [
      'SET #cursor = :last, delivered = delivered + :n, failures = :zero, lastSuccessAt = :done',
      ...(leave ? [] : [', GSI4PK = :pk, GSI4SK = :sk, pendingSince = :since']),
      ' REMOVE lastError, nextAttemptAt, leaseToken, leaseUntil',
      ...(leave ? [', GSI4PK, GSI4SK, pendingSince'] : []),
    ].join(''),
    ConditionExpression: `leaseToken = :token AND version = :v${leave ? ' AND (attribute_not_exists(marks) OR marks = :marks)' : ''}`,
    ExpressionAttributeNames: { '#cursor': 'cursor' },
    ExpressionAttributeValues: {
      ...held, ':last': last, ':n': batch.entries.length, ':zero': 0, ':done': iso(done),
      ...(leave
        ? { ':marks': d.marks ?? 0 }
        : { ':pk': keys.gsi4.auditStreamsDue(), ':sk': due(next.settlesAt ?? done), ':since': next.nextEntryAt ?? next.entries[next.entries.length - 1].at }),
    },
  });
  // Caught up, and nothing marked meanwhile: off the queue. Marked meanwhile: stay on it.
  if ((await advance(caughtUp)).written || (caughtUp && (await advance(false)).written)) return 'sent';
  // Edited or backfilled while sending: the cursor stays, the batch goes again from it.
  await updateItem(db, { Key: key, UpdateExpression: 'REMOVE leaseToken, leaseUntil', ConditionExpression: 'leaseToken = :token', ExpressionAttributeValues: { ':token': token } });
  return 'sent';
}
