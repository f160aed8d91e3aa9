// Progress of a tree job for the UI (poll until `finished`). Server-only.
import { getItem, keys, type TenantDb } from '../../db';
import { moveJobNotFound } from '../errors';
import { validateId } from '../../validation';
import { toJobRecord, toMoveJob, type MoveJob } from './job-item';

export async function getMoveJob(db: TenantDb, jobId: string): Promise<MoveJob> {
  const id = validateId(jobId, 'moveJob');
  const item = await getItem(db, keys.moveJob(db.tenantId, id));
  if (!item) throw moveJobNotFound();
  return toMoveJob(toJobRecord(item));
}
