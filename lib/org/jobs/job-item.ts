// The journal of a tree job (a move or recursive delete too large for one transaction): how it
// is stored, and the progress view the UI polls. Server-only.
//
// The journal lives at keys.treeJob (one item per job) and carries the lease that lets exactly
// one process drive the job; while unfinished it is listed in GSI1 keys.gsi1.treeJobs so any
// instance can find and resume it. The plan is stored beside it in chunk items (see
// docs/data-model.md, "Moves").
import { z } from 'zod';
import { itemParser, keys, storedActor, TTL_ATTRIBUTE, type Key } from '../../db';

export type TreeJobKind = 'move' | 'delete';

export type TreeJobStatus =
  | 'preparing' // locking the subtree; nothing has changed yet (recovery: roll back)
  | 'prepared' // every unit and member item locked, plan written (recovery: roll back)
  | 'committed' // the commit transaction ran: the move/delete has happened (recovery: roll forward)
  | 'unlocking' // move: every path rewritten, locks being removed (recovery: roll forward)
  | 'done'
  | 'rollingBack' // locks being removed after a failure before commit
  | 'rolledBack';

const STATUSES = ['preparing', 'prepared', 'committed', 'unlocking', 'done', 'rollingBack', 'rolledBack'] as const satisfies readonly TreeJobStatus[];

export const FINISHED: readonly TreeJobStatus[] = ['done', 'rolledBack'];
/** From here on the change has happened for readers (paths may be mixed until 'done'). */
export const COMMITTED: readonly TreeJobStatus[] = ['committed', 'unlocking', 'done'];

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
  /** Chunk items written so far: L (locked unit ids), M (locked members), P (plan). */
  chunksL: z.number(),
  chunksM: z.number(),
  chunksP: z.number(),
  /** Steps finished in the current phase (each step is one transaction). */
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
  /** Items rewritten (or deleted) so far, of `total`; both 0 while the subtree is being locked. */
  done: number;
  total: number;
  error?: { code: string; message: string };
  createdAt: string;
  updatedAt: string;
}

/** Days a finished journal and its plan stay readable before TTL removes them. */
const KEEP_FINISHED_SECONDS = 30 * 24 * 60 * 60;
export const expiresAtAfterFinish = (now = Date.now()) => Math.floor(now / 1000) + KEEP_FINISHED_SECONDS;
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

export type ChunkKind = 'L' | 'M' | 'P';
export const chunkKey = (tenantId: string, jobId: string, kind: ChunkKind, seq: number): Key =>
  keys.treeJobChunk(tenantId, jobId, `${kind}#${String(seq).padStart(6, '0')}`);

/** An entry of the plan: a locked unit as it was when the subtree was locked. */
export interface PlanUnit {
  id: string;
  parentId: string;
  name: string;
  /** The path before the job (the move's old path). */
  path: string;
  depth: number;
}

/** A locked member: [unitId, userId]. */
export type PlanMember = [string, string];

/** Chunk sizes chosen so each step's transaction stays within 100 items (see the step builders). */
export const CHUNK = { L: 98, M: 33, P: 49 } as const;
