// Progress of a tree job for the UI (poll until `finished`). Server-only.
import { getItem, keys, type TenantDb } from '../../db';
import { treeJobNotFound } from '../errors';
import { validateId } from '../../validation';
import { toJobRecord, toTreeJob, type TreeJob } from './job-item';

export async function getTreeJob(db: TenantDb, jobId: string): Promise<TreeJob> {
  const id = validateId(jobId, 'moveJob');
  const item = await getItem(db, keys.treeJob(db.tenantId, id));
  if (!item) throw treeJobNotFound();
  return toTreeJob(toJobRecord(item));
}
