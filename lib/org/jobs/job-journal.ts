// Writes to a job's journal. Every write is conditioned on this process holding the lease and on
// the phase (and step) it believes the job is in, and renews the lease: a process that lost its
// lease (paused past it, then another instance took over) can no longer change anything.
import 'server-only';
import { keys, updateItem, withoutGuards, type TenantDb, type TransactItem, type UpdateInput } from '../../db';
import { expiresAtAfterFinish, TTL_ATTRIBUTE, type TreeJobRecord, type TreeJobStatus } from './job-item';

export interface JobProgress {
  jobId: string;
  status: TreeJobStatus;
  step: number;
  done: number;
  total: number;
}

export interface JobContext {
  db: TenantDb;
  /** Our copy of the journal, kept equal to what we wrote. */
  record: TreeJobRecord;
  /** This runner's lease id. */
  owner: string;
  /** Awaited after each progress report (tests use it to stop a process at a chosen point). */
  onProgress?: (p: JobProgress) => void | Promise<void>;
  /** Awaited after each step's transaction, before its wave is recorded (the same, within a wave). */
  onStep?: (p: { status: TreeJobStatus }) => void | Promise<void>;
}

/** This process no longer holds the job's lease: stop, another runner owns the job now. */
export class LeaseLost extends Error {
  constructor(jobId: string) {
    super(`Lost the lease of tree job ${jobId}`);
    this.name = 'LeaseLost';
  }
}

type Counter = 'done' | 'chunksL' | 'chunksM';

export interface JournalChange {
  /** The phase (and optionally step / chunk counts) this write expects to find. */
  expect: { status: TreeJobStatus; step?: number } & Partial<Record<Counter, number>>;
  set?: Partial<TreeJobRecord>;
  add?: Partial<Record<Counter | 'step', number>>;
  /** Leaving the job finished: drop it from the unfinished-jobs index and let TTL collect it. */
  finish?: boolean;
}

export function journalUpdateItem(ctx: JobContext, change: JournalChange, now = Date.now()): TransactItem {
  const names: Record<string, string> = { '#owner': 'leaseOwner', '#until': 'leaseUntil', '#updated': 'updatedAt', '#status': 'status' };
  const values: Record<string, unknown> = {
    ':me': ctx.owner, ':until': now + ctx.record.leaseMs, ':updated': new Date(now).toISOString(), ':expStatus': change.expect.status,
  };
  const sets = ['#until = :until', '#updated = :updated'];
  const conditions = ['#owner = :me', '#status = :expStatus'];
  let n = 0;
  const name = (attr: string) => {
    const alias = `#a${n++}`;
    names[alias] = attr;
    return alias;
  };
  for (const [attr, value] of Object.entries(change.set ?? {})) {
    if (attr === 'status') {
      sets.push('#status = :status');
      values[':status'] = value;
    } else {
      const alias = name(attr);
      sets.push(`${alias} = :${alias.slice(1)}`);
      values[`:${alias.slice(1)}`] = value;
    }
  }
  for (const [attr, by] of Object.entries(change.add ?? {})) {
    const alias = name(attr);
    sets.push(`${alias} = ${alias} + :${alias.slice(1)}`);
    values[`:${alias.slice(1)}`] = by;
  }
  for (const [attr, expected] of Object.entries(change.expect)) {
    if (attr === 'status') continue;
    const alias = name(attr);
    conditions.push(`${alias} = :e${alias.slice(2)}`);
    values[`:e${alias.slice(2)}`] = expected;
  }
  let update = `SET ${sets.join(', ')}`;
  if (change.finish) {
    names['#ttl'] = TTL_ATTRIBUTE;
    values[':ttl'] = expiresAtAfterFinish(now);
    update = `SET ${[...sets, '#ttl = :ttl'].join(', ')} REMOVE GSI1PK, GSI1SK`;
  }
  return {
    Update: {
      TableName: ctx.db.tableName,
      Key: keys.treeJob(ctx.db.tenantId, ctx.record.jobId),
      UpdateExpression: update,
      ConditionExpression: conditions.join(' AND '),
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

/** Mirrors a journal write that succeeded onto our copy. */
export function applyJournalChange(ctx: JobContext, change: JournalChange, now = Date.now()) {
  const r = ctx.record as unknown as Record<string, unknown>;
  Object.assign(r, change.set ?? {});
  for (const [attr, by] of Object.entries(change.add ?? {})) r[attr] = (r[attr] as number) + (by as number);
  ctx.record.leaseUntil = now + ctx.record.leaseMs;
  ctx.record.updatedAt = new Date(now).toISOString();
}

/** One journal write on its own; LeaseLost when our lease or the expected phase is gone. */
export async function updateJournal(ctx: JobContext, change: JournalChange) {
  const now = Date.now();
  const { TableName: _table, ...update } = journalUpdateItem(ctx, change, now).Update as UpdateInput & { TableName: string };
  // The journal is the job's own record, guarded by its lease, not by a decision.
  if (!(await updateItem(withoutGuards(ctx.db), update)).written) throw new LeaseLost(ctx.record.jobId);
  applyJournalChange(ctx, change, now);
}

/** Keeps the lease alive during long reads (no phase change). */
export const renewLease = (ctx: JobContext) => updateJournal(ctx, { expect: { status: ctx.record.status } });

export async function reportProgress(ctx: JobContext) {
  const r = ctx.record;
  await ctx.onProgress?.({ jobId: r.jobId, status: r.status, step: r.step, done: r.done, total: r.total });
}
