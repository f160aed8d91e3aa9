// Drives a tree job (a move or recursive delete too large for one transaction) from start to
// finish: lock (lock-subtree.ts), commit in one transaction, then the steps (job-steps.ts), a
// few at a time, and a last transaction that finishes the journal (and releases the moved
// root); or, when anything fails before the commit, roll back by unlocking. A job started through
// a holding db (TenantDb.lockHolder) records the holder and releases each unit back to it.
//
// The commit transaction is the single point where the change happens: before it, recovery
// rolls back; after it, recovery rolls forward. See docs/data-model.md, "Moves".
import 'server-only';
import { log } from '../../observability';
import { ulid } from 'ulid';
import { auditEntryPut } from '../../audit';
import { actorIdentity, keys, putItem, transaction, withoutGuards, type AuditActor, type TenantDb } from '../../db';
import { isArborError } from '../../errors';
import { siblingNameDelete, siblingNamePut } from '../sibling-name';
import { movedRootUpdate } from '../subtree-writes';
import { childCountUpdate, unitCountDecrement } from '../unit-counters';
import { MAX_DEPTH, type Unit } from '../unit-item';
import { nameTaken, parentNotFound, tooDeep, treeBusy } from '../errors';
import { lockedOr } from '../unit-lock';
import { journalItem, type TreeJobKind, type TreeJobRecord } from './job-item';
import { applyJournalChange, journalUpdateItem, LeaseLost, reportProgress, updateJournal, type JobContext, type JobProgress } from './job-journal';
import { deleteSteps, loadPlan, lockRelease, moveSteps, StepRefused, unlockSteps, type StepLevels } from './job-steps';
import { lockSubtree, markPrepared } from './lock-subtree';

/** How long a runner may be silent before another instance takes its job over. */
export const DEFAULT_LEASE_MS = 30_000;

export interface TreeJobOptions {
  /** Lease length in ms (default 30 s); stored with the job, so resumers use it too. */
  leaseMs?: number;
  /** Called after every progress report; awaited. */
  onProgress?: (p: JobProgress) => void | Promise<void>;
  /** Called after every step's transaction; awaited. */
  onStep?: JobContext['onStep'];
  /**
   * Runs the work left after the commit (the steps that rewrite or delete) outside the request, e.g.
   * Next.js `after`. Without it the call returns when the job is done.
   */
  background?: (work: () => Promise<void>) => void;
}

export interface TreeJobSpec {
  kind: TreeJobKind;
  actor: AuditActor;
  /** The subtree root as read (strongly consistent) by the caller. */
  root: Unit;
  expectedVersion: number;
  /** Move only: the new parent as read. */
  toParent?: Unit;
}

/** Locks, commits and (unless `background`) finishes a job; returns its id once committed. */
export async function startTreeJob(db: TenantDb, spec: TreeJobSpec, options: TreeJobOptions = {}): Promise<string> {
  const now = Date.now();
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const { root, toParent } = spec;
  const record: TreeJobRecord = {
    tenantId: db.tenantId, jobId: ulid(), kind: spec.kind, status: 'preparing',
    unitId: root.id, unitName: root.name, fromParentId: root.parentId!, oldPath: root.path,
    ...(toParent ? { toParentId: toParent.id, toParentPath: toParent.path, newPath: `${toParent.path}${root.id}/` } : {}),
    expectedVersion: spec.expectedVersion, actor: actorIdentity(spec.actor),
    ...(db.lockHolder ? { lockHolder: db.lockHolder } : {}),
    chunksL: 0, chunksM: 0, step: 0, unitTotal: 0, memberTotal: 0, done: 0, total: 0,
    leaseOwner: ulid(), leaseUntil: now + leaseMs, leaseMs,
    createdAt: new Date(now).toISOString(), updatedAt: new Date(now).toISOString(),
  };
  // Preparing (journal, locks, plan) and the steps after the commit are the job's own writes,
  // guarded by its lock; the commit alone carries the facts the caller's decision used.
  const jobDb = withoutGuards(db);
  if (!(await putItem(jobDb, { Item: journalItem(record), ConditionExpression: 'attribute_not_exists(PK)' })).written) throw new Error(`tree job ${record.jobId} exists already`);
  const ctx: JobContext = { db: jobDb, record, owner: record.leaseOwner, onProgress: options.onProgress, onStep: options.onStep };

  try {
    const locked = await lockSubtree(ctx, root);
    if (toParent) {
      const deepest = Math.max(...locked.units.map((u) => u.depth));
      if (toParent.depth + 1 + (deepest - root.depth) > MAX_DEPTH) throw tooDeep();
    }
    await markPrepared(ctx, locked);
    await commit(ctx, spec, db);
  } catch (e) {
    if (!(e instanceof LeaseLost)) {
      const error = isArborError(e) ? { code: e.code, message: e.message } : { code: 'job.failed', message: 'The change could not be prepared.' };
      // Best effort: if this fails too, the lease runs out and the next runner rolls back.
      await rollBack(ctx, error).catch((err) => log.error({ err, jobId: record.jobId }, 'tree job rollback failed'));
    }
    throw e instanceof LeaseLost ? treeBusy() : e;
  }

  const rest = () => driveForward(ctx);
  if (options.background) {
    options.background(() => rest().catch((e) => log.error({ err: e, jobId: record.jobId }, 'tree job stopped; it will be resumed')));
  } else {
    await rest();
  }
  return record.jobId;
}

/** The one transaction that makes the change happen for readers. */
async function commit(ctx: JobContext, spec: TreeJobSpec, db: TenantDb) {
  const { record } = ctx;
  const { root } = spec;
  const now = new Date().toISOString();
  const change = { expect: { status: 'prepared' as const }, set: { status: 'committed' as const, step: 0 } };
  const nowMs = Date.now();
  // Added in the order their failures are told: the lease, the parents, the name, the rest.
  // A parent gone, locked against the caller's db, or moved since it was read.
  const parentRefusal = (stored: Record<string, unknown> | undefined) => (!stored ? parentNotFound() : lockedOr(db, stored, treeBusy()));
  const tx = transaction(db).add(journalUpdateItem(ctx, change, nowMs), () => new LeaseLost(record.jobId));
  if (record.kind === 'move') {
    const newPath = record.newPath!;
    tx.add([childCountUpdate(db, record.toParentId!, 1, record.toParentPath), childCountUpdate(db, record.fromParentId, -1)], parentRefusal)
      .add(siblingNamePut(db, record.toParentId!, root.name, root.id), () => nameTaken(root.name))
      .add(
        [
          movedRootUpdate(db, root, { parentId: record.toParentId!, path: newPath, expectedVersion: record.expectedVersion }, now, { heldBy: record.jobId }),
          siblingNameDelete(db, record.fromParentId, root.name, root.id),
        ],
        () => treeBusy(),
      )
      .add(
        auditEntryPut(db, {
          actor: record.actor, action: 'unit.move', target: { type: 'unit', id: root.id, label: root.name }, unitId: root.id,
          before: { parentId: record.fromParentId, path: record.oldPath },
          after: { parentId: record.toParentId, path: newPath, jobId: record.jobId, units: record.unitTotal, memberships: record.memberTotal },
        }),
      );
  } else {
    // The units leave the tenant's count now, as they leave readers' sight.
    tx.add(childCountUpdate(db, record.fromParentId, -1), parentRefusal)
      .add(unitCountDecrement(db, record.unitTotal))
      .add(
        [
          {
            Update: {
              TableName: db.tableName,
              Key: keys.unit(db.tenantId, root.id),
              // Off the parent's child list (T3) now; the item itself goes with the last step.
              UpdateExpression: 'SET updatedAt = :now REMOVE GSI2PK, GSI2SK',
              ConditionExpression: '#lock = :job AND #version = :v',
              ExpressionAttributeNames: { '#lock': 'lock', '#version': 'version' },
              ExpressionAttributeValues: { ':now': now, ':job': record.jobId, ':v': record.expectedVersion },
            },
          },
          siblingNameDelete(db, record.fromParentId, root.name, root.id),
        ],
        () => treeBusy(),
      )
      .add(
        auditEntryPut(db, {
          actor: record.actor, action: 'unit.delete', target: { type: 'unit', id: root.id, label: root.name }, unitId: root.id,
          before: { name: root.name, parentId: record.fromParentId, path: record.oldPath },
          after: { recursive: true, jobId: record.jobId, units: record.unitTotal, memberships: record.memberTotal },
        }),
      );
  }
  await tx.send();
  applyJournalChange(ctx, change, nowMs);
  await reportProgress(ctx);
}

/** Steps of a level sent at once: DynamoDB takes them in parallel, and the journal records a wave. */
const WAVE = 4;

/**
 * Runs the steps of the current phase, level by level, a wave at a time, from the first wave not
 * recorded. A step sent again changes nothing, so a wave cut short by a crash simply runs again.
 * Each recorded wave renews the lease; a runner that lost it stops at its next record.
 */
async function runSteps(ctx: JobContext, levels: StepLevels) {
  const { record } = ctx;
  let index = 0;
  for (const level of levels) {
    for (let i = 0; i < level.length; i += WAVE) {
      const wave = level.slice(i, i + WAVE);
      index += wave.length;
      if (index <= record.step) continue;
      try {
        await Promise.all(wave.map(async (s) => {
          await s.run();
          await ctx.onStep?.({ status: record.status });
        }));
      } catch (e) {
        // Said on the journal (the UI shows it); the job keeps its subtree locked until resumed.
        if (e instanceof StepRefused) {
          await updateJournal(ctx, { expect: { status: record.status }, set: { error: { code: 'job.stuck', message: e.message } } }).catch(() => undefined);
        }
        throw e;
      }
      const size = wave.reduce((n, s) => n + s.size, 0);
      await updateJournal(ctx, { expect: { status: record.status, step: record.step }, set: { step: index }, add: { done: size } });
      await reportProgress(ctx);
    }
  }
}

/** From 'committed' to 'done'. */
export async function driveForward(ctx: JobContext) {
  const { db, record } = ctx;
  if (record.status === 'committed') {
    const plan = await loadPlan(ctx);
    await runSteps(ctx, record.kind === 'move' ? moveSteps(ctx, plan) : deleteSteps(ctx, plan));
    const change = { expect: { status: 'committed' as const }, set: { status: 'done' as const, done: record.total }, finish: true };
    const now = Date.now();
    const tx = transaction(db).add(journalUpdateItem(ctx, change, now), () => new LeaseLost(record.jobId));
    // The moved root was rewritten by the commit; it is released last, with the journal.
    if (record.kind === 'move') tx.add(lockRelease(ctx, record.unitId));
    await tx.send();
    applyJournalChange(ctx, change, now);
  }
  await reportProgress(ctx);
}

/** From 'preparing', 'prepared' or 'rollingBack' to 'rolledBack': every lock removed. */
export async function rollBack(ctx: JobContext, error: { code: string; message: string }) {
  if (ctx.record.status === 'preparing' || ctx.record.status === 'prepared') {
    await updateJournal(ctx, { expect: { status: ctx.record.status }, set: { status: 'rollingBack', step: 0, done: 0, error } });
  }
  if (ctx.record.status !== 'rollingBack') return;
  await runSteps(ctx, unlockSteps(ctx, await loadPlan(ctx)));
  await updateJournal(ctx, { expect: { status: 'rollingBack' }, set: { status: 'rolledBack' }, finish: true });
  await reportProgress(ctx);
}
