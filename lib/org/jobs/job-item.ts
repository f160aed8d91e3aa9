// The journal of a tree job (a move or recursive delete too large for one transaction): how it
// is stored, and the progress view the UI polls.
//
// The journal lives at keys.treeJob (one item per job) and carries the lease that lets exactly
// one process drive the job; while unfinished it is listed in GSI1 keys.gsi1.treeJobs so any
// instance can find and resume it. The plan is stored beside it in chunk items (see
// docs/data-model.md, "Moves").
import 'server-only';
import { z } from 'zod';
import { itemParser, keys, storedActor, TTL_ATTRIBUTE, type Key } from '../../db';

export type TreeJobKind = 'move' | 'delete';

export type TreeJobStatus =
  | 'preparing' // locking the subtree's units; nothing has changed yet (recovery: roll back)
  | 'prepared' // every unit locked, the plan written (recovery: roll back)
  | 'committed' // the commit transaction ran: the move/delete has happened; units are being
  //              rewritten (or deleted) with their memberships, deepest first (recovery: roll forward)
  | 'done'
  | 'rollingBack' // locks being removed after a failure before commit
  | 'rolledBack';

const STATUSES = ['preparing', 'prepared', 'committed', 'done', 'rollingBack', 'rolledBack'] as const satisfies readonly TreeJobStatus[];

export const FINISHED: readonly TreeJobStatus[] = ['done', 'rolledBack'];
/** From here on the change has happened for readers (paths may be mixed until 'done'). */
export const COMMITTED: readonly TreeJobStatus[] = ['committed', 'done'];

/** The journal item's attributes: the record is stored as is, beside its keys. */
const storedJobRecord = z.object({
  tenantId: z.string(),
  jobId: z.string(),
  kind: z.enum(['move', 'delete']),
  status: z.enum(STATUSES),
  unitId: z.string(),
  unitName: z.string(),
  fromParentId: z.string(),
  /** Move only: the new parent, its path when read, and the subtree root's new path. */
  toParentId: z.string().optional(),
  toParentPath: z.string().optional(),
  newPath: z.string().optional(),
  oldPath: z.string(),
  expectedVersion: z.number(),
  actor: storedActor,
  /**
   * Started through a holding db (TenantDb.lockHolder): the locks it takes may be that holder's,
   * and it hands every unit back to the holder instead of unlocking it.
   */
  lockHolder: z.string().optional(),
  /** Chunk items written so far: L (the units locked, as locked), M (their memberships). */
  chunksL: z.number(),
  chunksM: z.number(),
  /** Steps of the current phase all finished below this one (steps run a few at a time). */
  step: z.number(),
  unitTotal: z.number(),
  memberTotal: z.number(),
  done: z.number(),
  total: z.number(),
  leaseOwner: z.string(),
  /** Epoch milliseconds. */
  leaseUntil: z.number(),
  leaseMs: z.number(),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type TreeJobRecord = z.infer<typeof storedJobRecord>;

/** What the UI sees of a job (GET /api/jobs/[id]). */
export interface TreeJob {
  id: string;
  kind: TreeJobKind;
  status: TreeJobStatus;
  finished: boolean;
  unitId: string;
  fromParentId: string;
  toParentId?: string;
  /** Units and memberships rewritten (or deleted) so far, of `total`; both 0 while locking. */
  done: number;
  total: number;
  error?: { code: string; message: string };
  createdAt: string;
  updatedAt: string;
}

/** Days a finished journal and its plan stay readable before TTL removes them. */
const KEEP_FINISHED_SECONDS = 30 * 24 * 60 * 60;
export const expiresAtAfterFinish = (now = Date.now()) => Math.floor(now / 1000) + KEEP_FINISHED_SECONDS;
/**
 * A plan chunk carries its expiry from the start (no write per chunk when the job ends): long
 * past any job's run, and past the finished journal's own expiry.
 */
export const CHUNK_EXPIRY_SECONDS = 2 * KEEP_FINISHED_SECONDS;
export { TTL_ATTRIBUTE };

export function journalItem(r: TreeJobRecord): Record<string, unknown> {
  return {
    ...keys.treeJob(r.tenantId, r.jobId),
    type: 'moveJob',
    ...r,
    GSI1PK: keys.gsi1.treeJobs(r.tenantId),
    GSI1SK: r.jobId,
  };
}

/** The journal as a record; its keys, type and TTL are left behind. */
export const toJobRecord: (item: Record<string, unknown>) => TreeJobRecord = itemParser('moveJob', storedJobRecord);

export function toTreeJob(r: TreeJobRecord): TreeJob {
  return {
    id: r.jobId, kind: r.kind, status: r.status, finished: FINISHED.includes(r.status),
    unitId: r.unitId, fromParentId: r.fromParentId, toParentId: r.toParentId,
    done: r.done, total: r.total, error: r.error, createdAt: r.createdAt, updatedAt: r.updatedAt,
  };
}

export type ChunkKind = 'L' | 'M';
export const chunkKey = (tenantId: string, jobId: string, kind: ChunkKind, seq: number): Key =>
  keys.treeJobChunk(tenantId, jobId, kind, seq);

/** An entry of the plan: a unit as it was when locked (the lock is conditioned on these). */
export interface PlanUnit {
  id: string;
  parentId: string;
  name: string;
  /** The path before the job (the move's old path). */
  path: string;
  depth: number;
}

/** A membership of a locked unit: [unitId, userId]. */
export type PlanMember = [string, string];

/**
 * Units locked per transaction (with their L chunk and the journal update: 100 items), and
 * memberships listed per M chunk item (about 60 bytes each, far below the item size limit).
 */
export const CHUNK = { L: 98, M: 500 } as const;
