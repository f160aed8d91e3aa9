// Progress of a tree job for the UI (poll until `finished`).
import 'server-only';
import { getItem, keys, type TenantDb } from '../../db';
import { treeJobNotFound } from '../errors';
import { validateId } from '../../validation';
import { FINISHED, toJobRecord, toTreeJob, type TreeJob } from './job-item';

export async function getTreeJob(db: TenantDb, jobId: string): Promise<TreeJob> {
  return (await readTreeJob(db, jobId)).job;
}

/**
 * The job, and whether it is stalled: unfinished with its runner's lease run out (the instance
 * running it died). Whoever may watch it then hands it to `nudgeTreeJob`, so the person polling
 * progress brings the job to its end on whichever instance answers.
 */
export async function readTreeJob(db: TenantDb, jobId: string): Promise<{ job: TreeJob; stalled: boolean }> {
  const id = validateId(jobId, 'moveJob');
  const item = await getItem(db, keys.treeJob(db.tenantId, id));
  if (!item) throw treeJobNotFound();
  const record = toJobRecord(item);
  return { job: toTreeJob(record), stalled: !FINISHED.includes(record.status) && record.leaseUntil < Date.now() };
}
