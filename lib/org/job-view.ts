// How readers see units that a tree job has locked.
//
// Most reads meet no lock and cost nothing extra. When a page holds locked items, the journals
// of their jobs are read (one BatchGetItem) and:
// - before a job commits, the stored paths are still the truth: items are returned as stored;
// - once a delete has committed, its units (and their memberships) are gone for readers;
// - once a move has committed, point reads (T2, T3, T5) show the unit's path after the move,
//   while path-ordered reads (T4, T7) answer `tree.moveInProgress`: until every path is
//   rewritten, index order can't give a page without duplicates or gaps.
// Memberships carry no lock of their own: a membership is held (and rewritten) with its unit, so
// a T7 page asks its units (guardMemberPage).
// A job whose lease has expired (its process died) is resumed in the background on the way.
import 'server-only';
import { batchGet, keys, type TenantDb } from '../db';
import type { UnitLabel } from './unit-labels';
import { depthOf, type Unit } from './unit-item';
import { treeMoveInProgress } from './errors';
import { COMMITTED, FINISHED, toJobRecord, type TreeJobRecord } from './jobs/job-item';
import { nudgeTreeJob } from './jobs/resume-tree-jobs';

export async function readJobs(db: TenantDb, jobIds: string[]): Promise<Map<string, TreeJobRecord>> {
  if (jobIds.length === 0) return new Map();
  const items = await batchGet(db, [...new Set(jobIds)].map((id) => keys.treeJob(db.tenantId, id)));
  const jobs = new Map(items.map(toJobRecord).map((job) => [job.jobId, job]));
  for (const job of jobs.values()) {
    if (!FINISHED.includes(job.status) && job.leaseUntil < Date.now()) nudgeTreeJob(db, job.jobId);
  }
  return jobs;
}

/** Units as readers should see them (point reads: T2, T3, T5). */
export async function viewUnits(db: TenantDb, units: Unit[]): Promise<Unit[]> {
  const lockIds = units.flatMap((u) => (u.lockedBy ? [u.lockedBy] : []));
  if (lockIds.length === 0) return units;
  const jobs = await readJobs(db, lockIds);
  return units.flatMap((u) => {
    const job = u.lockedBy ? jobs.get(u.lockedBy) : undefined;
    if (!job || !COMMITTED.includes(job.status)) return [u];
    if (job.kind === 'delete') return [];
    if (job.newPath && u.path.startsWith(job.oldPath)) {
      const path = job.newPath + u.path.slice(job.oldPath.length);
      return [{ ...u, path, depth: depthOf(path) }];
    }
    return [u];
  });
}

/**
 * Guards one page of a path-ordered read (T4 units, T7 memberships; raw items with `lock`):
 * throws `tree.moveInProgress` when the page meets a committed move, drops what a committed
 * delete removed, returns the rest unchanged.
 */
export async function guardTreePage<T extends Record<string, unknown>>(db: TenantDb, items: T[]): Promise<T[]> {
  const lockIds = items.flatMap((i) => (typeof i.lock === 'string' ? [i.lock] : []));
  if (lockIds.length === 0) return items;
  const jobs = await readJobs(db, lockIds);
  return items.filter((i) => {
    const job = typeof i.lock === 'string' ? jobs.get(i.lock) : undefined;
    if (!job || !COMMITTED.includes(job.status)) return true;
    if (job.kind === 'move') throw treeMoveInProgress(job.jobId);
    return false;
  });
}

/**
 * Guards one page of T7 (membership items, path-ordered): a membership is rewritten in the same
 * transaction that releases its unit, so the units' locks say which memberships are still
 * waiting. One BatchGetItem of the page's units, which also gives their names for the page.
 * Throws `tree.moveInProgress` when a membership waits on a committed move, drops those of a
 * committed delete, returns the rest unchanged.
 */
export async function guardMemberPage<T extends Record<string, unknown>>(
  db: TenantDb,
  items: T[],
): Promise<{ items: T[]; units: Map<string, UnitLabel> }> {
  const unitIds = [...new Set(items.map((i) => i.unitId as string))];
  const read = unitIds.length === 0 ? [] : await batchGet(db, unitIds.map((id) => keys.unit(db.tenantId, id)), { projection: ['unitId', 'lock', 'name', 'path'] });
  const units = new Map(read.map((u) => [u.unitId as string, { name: u.name as string, path: u.path as string }]));
  const lockOf = new Map(read.flatMap((u) => (typeof u.lock === 'string' ? [[u.unitId as string, u.lock]] : [])));
  if (lockOf.size === 0) return { items, units };
  const guarded = await guardTreePage(db, items.map((item) => ({ item, lock: lockOf.get(item.unitId as string) })));
  return { items: guarded.map(({ item }) => item), units };
}
