// How a change set is stored: one partition per set (keys.changeSet*) holding the header, the
// operations with the facts they were drafted on, the reviews and, once applied, the inverse of
// each operation. One strongly consistent Query reads all of it.
import 'server-only';
import { z } from 'zod';
import { itemParser, keys, sortKeys, storedActor, type AuditActor } from '../db';
import { ROLES } from '../authz/roles';
import type { Operation } from './operations';

export const STATUSES = ['draft', 'scheduled', 'applying', 'applied', 'failed', 'rejected'] as const;
export type ChangeSetStatus = (typeof STATUSES)[number];
/** States in which operations may be added, dropped or re-confirmed. */
export const EDITABLE: readonly ChangeSetStatus[] = ['draft', 'rejected', 'failed'];
/** States in which the operations may change: editing a scheduled set unschedules it. */
export const OPERATIONS_EDITABLE: readonly ChangeSetStatus[] = [...EDITABLE, 'scheduled'];

export const RUN_PHASES = ['locking', 'applying', 'rollingBack', 'unlocking'] as const;
export type RunPhase = (typeof RUN_PHASES)[number];

const run = z.object({
  /** This runner's lease: whoever holds it drives the run. */
  owner: z.string(),
  leaseUntil: z.number(),
  leaseMs: z.number(),
  phase: z.enum(RUN_PHASES),
  /** Units locked so far, in the order of `lockOrder`. */
  locked: z.number(),
  /** Operations applied so far (forward), or still applied (rolling back). */
  next: z.number(),
  /** Set when rolling back or after: why the run could not complete. */
  error: z.object({ code: z.string(), message: z.string() }).optional(),
  by: storedActor,
  startedAt: z.string(),
});
export type ChangeSetRun = z.infer<typeof run>;

const header = z.object({
  setId: z.string(),
  name: z.string(),
  description: z.string(),
  status: z.enum(STATUSES),
  author: storedActor,
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Bumped by every change of the set: each write is conditioned on the version its caller read. */
  version: z.number(),
  /** Bumped when the operations change: reviews count only for the operations they saw. */
  opsVersion: z.number(),
  nextSeq: z.number(),
  opCount: z.number(),
  /** The live paths of the units the operations name: who may see the set in the list. */
  areas: z.array(z.string()),
  scheduledAt: z.string().optional(),
  /** Who scheduled it: the scheduled run applies as them. */
  scheduledBy: storedActor.optional(),
  /** Why the last scheduled start was refused (the set waits as a draft again). */
  lastError: z.object({ code: z.string(), message: z.string() }).optional(),
  run: run.optional(),
  appliedAt: z.string().optional(),
  revertOf: z.string().optional(),
  revertedBy: z.string().optional(),
});
export type ChangeSetHeader = z.infer<typeof header>;

const unitBasis = z.object({ version: z.number(), name: z.string(), parentId: z.string().nullable(), path: z.string() });
/** A membership as read; `roles`: the custom roles it held (what removing or moving it takes away or carries). */
const memberBasis = z.object({ role: z.enum(ROLES), version: z.number(), roles: z.array(z.string()).optional() }).nullable();
/** What the live tree said when an operation was added (or last re-confirmed). */
const person = z.object({ name: z.string(), email: z.string() });
const basis = z.object({
  units: z.record(z.string(), unitBasis),
  memberships: z.record(z.string(), memberBasis),
  /** Names of the people named, for reading the operation back (not a fact it relies on). */
  people: z.record(z.string(), person).optional(),
});
export type OperationBasis = z.infer<typeof basis>;
export type UnitBasis = z.infer<typeof unitBasis>;

const opItem = z.object({
  seq: z.number(),
  op: z.record(z.string(), z.unknown()),
  basis,
  addedBy: storedActor,
  addedAt: z.string(),
});
export interface DraftedOperation {
  seq: number;
  op: Operation;
  basis: OperationBasis;
  addedBy: AuditActor;
  addedAt: string;
}

const reviewItem = z.object({
  userId: z.string(),
  name: z.string().optional(),
  email: z.string(),
  decision: z.enum(['approve', 'reject']),
  comment: z.string(),
  at: z.string(),
  opsVersion: z.number(),
  /** The membership the reviewer's standing came from: applying is conditioned on it still holding. */
  grant: z.object({ unitId: z.string(), unitPath: z.string(), role: z.enum(ROLES) }).optional(),
});
export type Review = z.infer<typeof reviewItem>;

const undoItem = z.object({ seq: z.number(), inverse: z.array(z.record(z.string(), z.unknown())) });
export interface UndoEntry {
  seq: number;
  /** Operations that put back what operation `seq` changed, in the order to run them. */
  inverse: Operation[];
}

export interface ChangeSet {
  header: ChangeSetHeader;
  operations: DraftedOperation[];
  reviews: Review[];
  undo: UndoEntry[];
}

export const toHeader = itemParser('changeSet', header);
export const toDraftedOperation = (item: Record<string, unknown>): DraftedOperation => {
  const o = itemParser('changeSetOp', opItem)(item);
  return { ...o, op: o.op as unknown as Operation };
};
export const toReview = itemParser('changeSetReview', reviewItem);
export const toUndo = (item: Record<string, unknown>): UndoEntry => {
  const u = itemParser('changeSetUndo', undoItem)(item);
  return { seq: u.seq, inverse: u.inverse as unknown as Operation[] };
};

/** The header as an item, with its listing and (while due or running) queue keys. */
export function headerItem(tenantId: string, h: ChangeSetHeader): Record<string, unknown> {
  const dueAt = queueTime(h);
  return {
    ...keys.changeSet(tenantId, h.setId),
    type: 'changeSet',
    tenantId,
    ...h,
    GSI1PK: keys.gsi1.changeSets(tenantId),
    GSI1SK: h.setId,
    ...(dueAt ? { GSI4PK: keys.gsi4.changeSetsDue(), GSI4SK: sortKeys.due(dueAt, tenantId, h.setId) } : {}),
  };
}

/** When a runner should look at the set: its schedule, or its run's lease running out. */
export function queueTime(h: Pick<ChangeSetHeader, 'status' | 'scheduledAt' | 'run'>): string | undefined {
  if (h.status === 'scheduled' && h.scheduledAt) return h.scheduledAt;
  if (h.status === 'applying' && h.run) return new Date(h.run.leaseUntil).toISOString();
  return undefined;
}

export const opItemOf = (tenantId: string, setId: string, o: DraftedOperation): Record<string, unknown> => ({
  ...keys.changeSetOp(tenantId, setId, o.seq), type: 'changeSetOp', tenantId, ...o,
});
