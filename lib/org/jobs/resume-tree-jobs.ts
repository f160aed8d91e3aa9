// Recovery of tree jobs whose process died: any instance takes over a job whose lease has run
// out and rolls it back (not yet committed) or forward (committed). Called at start-up
// (resumeTreeJobs per tenant) and lazily whenever a request meets a lock of a job whose lease
// expired (nudgeTreeJob).
import 'server-only';
import { log } from '../../observability';
import { ulid } from 'ulid';
import { getItem, INDEX, keys, queryAll, updateItem, withoutGuards, type TenantDb } from '../../db';
import { FINISHED, toJobRecord, toTreeJob, type TreeJob } from './job-item';
import { LeaseLost, type JobContext, type JobProgress } from './job-journal';
import { driveForward, rollBack } from './run-tree-job';

export interface ResumeOptions {
  onProgress?: (p: JobProgress) => void | Promise<void>;
  onStep?: JobContext['onStep'];
}

const INTERRUPTED = {
  code: 'job.interrupted',
  message: 'The server stopped while preparing this change, so nothing was changed. Please try again.',
};

/**
 * Takes over one job if its lease has expired and runs it to the end. Returns the job as it
 * stands afterwards (undefined if there is no such job); a job another runner holds is left alone.
 */
export async function resumeTreeJob(db: TenantDb, jobId: string, options: ResumeOptions = {}): Promise<TreeJob | undefined> {
  const item = await getItem(db, keys.treeJob(db.tenantId, jobId));
  if (!item) return undefined;
  const seen = toJobRecord(item);
  const now = Date.now();
  if (FINISHED.includes(seen.status) || seen.leaseUntil > now) return toTreeJob(seen);

  const owner = ulid();
  const leaseUntil = now + seen.leaseMs;
  // Taking the lease is the job's own bookkeeping, not a decided change.
  const taken = await updateItem(withoutGuards(db), {
    Key: keys.treeJob(db.tenantId, jobId),
    UpdateExpression: 'SET leaseOwner = :me, leaseUntil = :until',
    // Exactly the lease we saw expire: of several instances, one takes over.
    ConditionExpression: 'leaseOwner = :old AND leaseUntil = :oldUntil',
    ExpressionAttributeValues: { ':me': owner, ':until': leaseUntil, ':old': seen.leaseOwner, ':oldUntil': seen.leaseUntil },
  });
  if (!taken.written) return toTreeJob(toJobRecord((await getItem(db, keys.treeJob(db.tenantId, jobId)))!));
  // The holder the job was started for, whoever resumes it: its locks go back to that holder.
  const jobDb: TenantDb = { ...db, lockHolder: seen.lockHolder };
  const ctx: JobContext = { db: jobDb, record: { ...seen, leaseOwner: owner, leaseUntil }, owner, onProgress: options.onProgress, onStep: options.onStep };
  try {
    if (['preparing', 'prepared', 'rollingBack'].includes(seen.status)) await rollBack(ctx, seen.error ?? INTERRUPTED);
    else await driveForward(ctx);
  } catch (e) {
    if (!(e instanceof LeaseLost)) throw e;
  }
  return toTreeJob(ctx.record);
}

/** Resumes every unfinished job of the tenant whose lease has expired (sparse GSI1 list). */
export async function resumeTreeJobs(db: TenantDb, options: ResumeOptions = {}): Promise<TreeJob[]> {
  const listed = await queryAll(db, {
    IndexName: INDEX.gsi1,
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.gsi1.treeJobs(db.tenantId) },
  });
  const out: TreeJob[] = [];
  for (const item of listed) {
    const job = await resumeTreeJob(db, item.jobId as string, options);
    if (job) out.push(job);
  }
  return out;
}

/** Unfinished jobs of the tenant, oldest first (for an operator view or start-up recovery). */
export async function listUnfinishedTreeJobs(db: TenantDb): Promise<TreeJob[]> {
  const items = await queryAll(db, {
    IndexName: INDEX.gsi1,
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.gsi1.treeJobs(db.tenantId) },
  });
  return items.map((i) => toTreeJob(toJobRecord(i)));
}

const inFlight = new Map<string, Promise<unknown>>();

/** Resumes the job in the background if its lease has expired (once per process at a time). */
export function nudgeTreeJob(db: TenantDb, jobId: string) {
  const key = `${db.tenantId}/${jobId}`;
  if (inFlight.has(key)) return;
  // Another job's work: none of this request's decision facts apply to it.
  const work = resumeTreeJob(withoutGuards(db), jobId)
    .catch((e) => log.error({ err: e, tenantId: db.tenantId, jobId }, 'resuming tree job failed; the next request or start-up retries'))
    .finally(() => inFlight.delete(key));
  inFlight.set(key, work);
}

/** Waits for background resumptions started by this process (tests, graceful shutdown). */
export async function settleBackgroundJobs() {
  while (inFlight.size > 0) await Promise.all([...inFlight.values()]);
}
