// The journal of a tenant's deletion (`TENANT#<t>` / `DELETION`, a platform item so it outlives
// the tenant's partitions): the phase reached, the counts so far and a lease, like a tree job's
// (lib/org/jobs). Every progress write is conditioned on the lease, so exactly one process runs
// a deletion; one whose process died is taken over once its lease has run out (by the next
// `tenant delete`, or by the wake-up's due pass, which finds it in GSI4 `TENANTDELETIONSDUE`
// under its lease's end).
import 'server-only';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { deleteItem, itemParser, keys, sortKeys, updateItem, written, type PlatformDb } from '../db';
import { deletionBusy } from './errors';

export const DELETION_PHASES = ['access', 'people', 'tenant', 'platform', 'verify'] as const;
export type DeletionPhase = (typeof DELETION_PHASES)[number];

export const DEFAULT_DELETION_LEASE_MS = 60_000;

export interface DeletionJournal {
  tenantId: string;
  phase: DeletionPhase;
  /** Deletes sent so far (across runs; an item already gone counts again on a re-run). */
  deleted: number;
  batches: number;
  /** Who started it: `operator` (CLI) or `schedule` (an owner's scheduled deletion, run by the due pass). */
  startedBy: string;
  startedAt: string;
  leaseOwner: string;
  leaseUntil: number;
  /** Runs after the first (a resumed deletion). */
  resumes: number;
}

const parse = itemParser('tenantDeletion', z.object({
  tenantId: z.string(), phase: z.enum(DELETION_PHASES), deleted: z.number(), batches: z.number(), startedBy: z.string(),
  startedAt: z.string(), leaseOwner: z.string(), leaseUntil: z.number(), resumes: z.number(),
}));

const dueKey = (leaseUntil: number, tenantId: string) => sortKeys.due(new Date(leaseUntil).toISOString(), tenantId);

export async function readDeletionJournal(platform: PlatformDb, tenantId: string): Promise<DeletionJournal | undefined> {
  const out = await platform.client.send(new GetCommand({ TableName: platform.tableName, Key: keys.tenantDeletion(tenantId), ConsistentRead: true }));
  return out.Item ? parse(out.Item) : undefined;
}

/**
 * Starts the journal, or takes it over when its lease has run out (or is this owner's): the
 * phase and counts carry on. Refused (`offboarding.busy`) while another process holds the lease.
 */
export async function acquireDeletionJournal(
  platform: PlatformDb,
  input: { tenantId: string; owner: string; now: number; leaseMs: number; startedBy: string },
): Promise<DeletionJournal> {
  const leaseUntil = input.now + input.leaseMs;
  const out = await updateItem(platform, {
    Key: keys.tenantDeletion(input.tenantId),
    UpdateExpression:
      'SET #type = :type, tenantId = :t, phase = if_not_exists(phase, :first), deleted = if_not_exists(deleted, :zero), ' +
      'batches = if_not_exists(batches, :zero), startedBy = if_not_exists(startedBy, :by), startedAt = if_not_exists(startedAt, :iso), ' +
      'resumes = if_not_exists(resumes, :minus) + :one, leaseOwner = :owner, leaseUntil = :until, GSI4PK = :due, GSI4SK = :dueAt',
    ConditionExpression: 'attribute_not_exists(PK) OR leaseUntil < :now OR leaseOwner = :owner',
    ExpressionAttributeNames: { '#type': 'type' },
    ExpressionAttributeValues: {
      ':type': 'tenantDeletion', ':t': input.tenantId, ':first': DELETION_PHASES[0], ':zero': 0, ':minus': -1, ':one': 1,
      ':by': input.startedBy, ':iso': new Date(input.now).toISOString(), ':owner': input.owner, ':until': leaseUntil,
      ':now': input.now, ':due': keys.gsi4.tenantDeletionsDue(), ':dueAt': dueKey(leaseUntil, input.tenantId),
    },
    ReturnValues: 'ALL_NEW',
  });
  if (!out.written) throw deletionBusy();
  return parse(out.attributes!);
}

/**
 * Sets the lease (and any other journal fields) if the lease is still this owner's; false when
 * another process took the deletion over or the journal is gone. The GSI4 due key follows the
 * lease, so a lease that runs out puts the deletion back in the due queue.
 */
async function setOwnedLease(
  platform: PlatformDb,
  journal: Pick<DeletionJournal, 'tenantId' | 'leaseOwner'>,
  leaseUntil: number,
  fields: Record<string, unknown> = {},
): Promise<boolean> {
  const names = Object.keys(fields);
  return written(updateItem(platform, {
    Key: keys.tenantDeletion(journal.tenantId),
    UpdateExpression: `SET ${[...names.map((n) => `${n} = :${n}`), 'leaseUntil = :until', 'GSI4SK = :dueAt'].join(', ')}`,
    ConditionExpression: 'leaseOwner = :owner',
    ExpressionAttributeValues: {
      ...Object.fromEntries(names.map((n) => [`:${n}`, fields[n]])),
      ':until': leaseUntil, ':dueAt': dueKey(leaseUntil, journal.tenantId), ':owner': journal.leaseOwner,
    },
  }));
}

/** Records progress and extends the lease; `offboarding.busy` when the lease is no longer ours. */
export async function recordDeletionProgress(
  platform: PlatformDb,
  journal: DeletionJournal,
  input: { now: number; leaseMs: number },
): Promise<DeletionJournal> {
  const leaseUntil = input.now + input.leaseMs;
  const progress = { phase: journal.phase, deleted: journal.deleted, batches: journal.batches };
  if (!(await setOwnedLease(platform, journal, leaseUntil, progress))) throw deletionBusy();
  return { ...journal, leaseUntil };
}

/**
 * Extends the lease alone (the timer of deletion-lease.ts): no phase or counts, so a renewal that
 * lands after a progress write never takes the counts back. False when the lease is no longer
 * this owner's (another process took the deletion over, or the journal is gone).
 */
export function renewDeletionLease(
  platform: PlatformDb,
  journal: Pick<DeletionJournal, 'tenantId' | 'leaseOwner'>,
  input: { now: number; leaseMs: number },
): Promise<boolean> {
  return setOwnedLease(platform, journal, input.now + input.leaseMs);
}

/**
 * Gives the lease up at once (a run that failed, such as one that found leftovers): the next
 * `tenant delete` or due pass takes over without waiting for it to run out (0: run out for any
 * clock, and first in the due queue). Quietly nothing when the lease is no longer this owner's.
 */
export async function releaseDeletionLease(platform: PlatformDb, journal: Pick<DeletionJournal, 'tenantId' | 'leaseOwner'>): Promise<void> {
  await setOwnedLease(platform, journal, 0);
}

/** The last write of a deletion: the journal itself goes (nothing of the tenant is left to record). */
export async function removeDeletionJournal(platform: PlatformDb, journal: DeletionJournal): Promise<void> {
  const removed = await deleteItem(platform, {
    Key: keys.tenantDeletion(journal.tenantId),
    ConditionExpression: 'leaseOwner = :owner',
    ExpressionAttributeValues: { ':owner': journal.leaseOwner },
  });
  if (!removed.written) throw deletionBusy();
}
