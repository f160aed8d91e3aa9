// Applying a change set: lock every unit it touches, check it once more, then run its operations
// in order; end in exactly the after-state, or, if an operation cannot go through, undo the ones
// that did (their inverses, newest first) and end in the before-state. Every step is recorded on
// the set's header under a lease, so whichever instance finds the lease run out carries the run
// on from where it stopped: locking changes nothing a reader sees and readiness is checked again
// once every unit is held; after the commit it goes forward (or on rolling back).
//
// Phases: locking (each batch of locks is one transaction with the header's count; conditioned
// on the versions drafted on) → applying (the commit: a transaction conditioned on every counted
// reviewer's granting membership) → unlocking → applied; or rollingBack → unlocking → failed.
import 'server-only';
import { log } from '../../observability';
import { ulid } from 'ulid';
import { auditEntryPut } from '../../audit';
import { getItem, holdingLocks, keys, transaction, withoutGuards, MAX_TRANSACTION_ITEMS, type AuditActor, type TenantDb, type TransactItem } from '../../db';
import { isArborError } from '../../errors';
import { toUndo, type ChangeSet, type ChangeSetHeader, type ChangeSetRun, type UndoEntry } from '../change-set-item';
import { changeSetBusy, changeSetChanged, notReady, undoTooLarge } from '../errors';
import { previewChangeSet } from '../preview';
import { headerChanged, headerPut, readChangeSet, setAudit } from '../store';
import { currentAreas } from '../standing';
import { applied, execute, inverseOf } from './operation-steps';
import { lockOrder, lockBatch, releaseLocks } from './unit-locks';
import { backoff, RETRY_LIMITS } from '../../db/retry-policy';

export const DEFAULT_RUN_LEASE_MS = 30_000;
const UNDO_MAX_BYTES = 350_000;

export interface RunOptions {
  leaseMs?: number;
  /** Runs the work after the start (locking on) outside the request, e.g. Next.js `after`. */
  background?: (work: () => Promise<void>) => void;
  /** The db the run goes on with after its start (an entry point's own is bound to its request). */
  runDb?: TenantDb;
  /** Awaited after each operation (forward or back) is recorded: tests stop a run here. */
  onStep?: (p: { phase: ChangeSetRun['phase']; next: number }) => void | Promise<void>;
}

/** This runner no longer holds the set's lease: another one carries the run on. */
export class RunLeaseLost extends Error {
  name = 'RunLeaseLost';
}

interface RunContext {
  db: TenantDb;
  set: ChangeSet;
  header: ChangeSetHeader & { run: ChangeSetRun };
  options: RunOptions;
}

/**
 * Why the set can't be applied now (conflicts, problems, reviews), from a fresh preview, and who
 * the approvals that count come from.
 */
export async function readiness(db: TenantDb, set: ChangeSet): Promise<{ reasons: string[]; approvers: Set<string> }> {
  const preview = await previewChangeSet(db, set);
  const reasons: string[] = [];
  if (set.operations.length === 0) reasons.push('It has no operations.');
  if (preview.conflicts.length) reasons.push(`${preview.conflicts.length} operation(s) conflict with changes made since they were drafted: re-confirm or drop them.`);
  if (preview.problems.length) reasons.push(`${preview.problems.length} operation(s) would be refused.`);
  if (preview.approvals.rejectedBy) reasons.push(`${preview.approvals.rejectedBy.name} rejected it.`);
  else if (!preview.approvals.complete) reasons.push('Some parts of the tree it touches have not approved it yet.');
  return { reasons, approvers: new Set(preview.approvals.areas.flatMap((a) => (a.approvedBy ? [a.approvedBy.userId] : []))) };
}

export const readinessProblems = async (db: TenantDb, set: ChangeSet) => (await readiness(db, set)).reasons;

/** Starts applying now (the caller has authorized `by`); returns when the run ends. */
export async function applyChangeSet(db: TenantDb, by: AuditActor, setId: string, expectedVersion: number, options: RunOptions = {}): Promise<ChangeSetHeader> {
  const set = await readChangeSet(db, setId);
  if (set.header.version !== expectedVersion) throw changeSetChanged(set.header.version);
  return startRun(db, set, by, options);
}

export async function startRun(db: TenantDb, set: ChangeSet, by: AuditActor, options: RunOptions = {}): Promise<ChangeSetHeader> {
  const { header } = set;
  if (header.status === 'applying') throw changeSetBusy();
  if (!['draft', 'scheduled', 'failed'].includes(header.status)) throw notReady([`It is ${header.status}.`]);
  const reasons = await readinessProblems(db, set);
  if (reasons.length) throw notReady(reasons);
  const leaseMs = options.leaseMs ?? DEFAULT_RUN_LEASE_MS;
  const now = Date.now();
  const run: ChangeSetRun = {
    owner: ulid(), leaseUntil: now + leaseMs, leaseMs, phase: 'locking', locked: 0, next: 0,
    by: { userId: by.userId, email: by.email, ...(by.name ? { name: by.name } : {}) }, startedAt: new Date(now).toISOString(),
  };
  const next = { ...header, status: 'applying' as const, run, version: header.version + 1, updatedAt: new Date(now).toISOString() };
  delete next.scheduledAt;
  await clearUndo(db, set);
  await transaction(db).add(headerPut(db, next, header.version), headerChanged).add(setAudit(db, by, 'changeSet.start', next, { operations: set.operations.length })).send();
  // The start is the decided change (bound to the caller's decision); the run's own writes are
  // guarded by its locks and its lease.
  const ctx: RunContext = { db: options.runDb ?? withoutGuards(db), set: { ...set, undo: [], header: next }, header: next, options };
  if (!options.background) return drive(ctx);
  inBackground(ctx);
  return next;
}

/**
 * Removes the inverses an earlier (failed) run recorded: they describe the tree as it was then,
 * and this run must read its own. Each batch is conditioned on the set still being as read, so a
 * runner that lost the race to start never deletes what the winner records.
 */
async function clearUndo(db: TenantDb, set: ChangeSet) {
  const { setId, version } = set.header;
  const per = MAX_TRANSACTION_ITEMS - 1;
  for (let i = 0; i < set.undo.length; i += per) {
    await transaction(db)
      .add({
        ConditionCheck: {
          TableName: db.tableName, Key: keys.changeSet(db.tenantId, setId),
          ConditionExpression: '#version = :v', ExpressionAttributeNames: { '#version': 'version' }, ExpressionAttributeValues: { ':v': version },
        },
      }, headerChanged)
      .add(set.undo.slice(i, i + per).map((u) => ({ Delete: { TableName: db.tableName, Key: keys.changeSetUndo(db.tenantId, setId, u.seq) } })))
      .send();
  }
}

/** Saves the run's progress (renewing the lease); conditioned on our lease and the version we wrote. */
async function save(ctx: RunContext, change: Partial<ChangeSetRun>, header: Partial<ChangeSetHeader> = {}, extra: TransactItem[] = []) {
  const now = Date.now();
  const run = { ...ctx.header.run, ...change, leaseUntil: now + ctx.header.run.leaseMs };
  const next = { ...ctx.header, ...header, run, version: ctx.header.version + 1, updatedAt: new Date(now).toISOString() };
  const written = await transaction(ctx.db)
    .add(headerPut(ctx.db, next as ChangeSetHeader, ctx.header.version), () => new RunLeaseLost())
    .add(extra, () => 'retry')
    .send();
  if (written === 'retry') return false;
  ctx.header = next as RunContext['header'];
  return true;
}

/** Runs the set from wherever its header says it is, to the end. */
export async function drive(ctx: RunContext): Promise<ChangeSetHeader> {
  const order = lockOrder(ctx.set);
  try {
    if (ctx.header.run.phase === 'locking') await lockAll(ctx, order);
    if (ctx.header.run.phase === 'applying') await applyAll(ctx);
    if (ctx.header.run.phase === 'rollingBack') await undoAll(ctx);
    await finish(ctx, order);
  } catch (e) {
    if (e instanceof RunLeaseLost) throw changeSetBusy();
    throw e;
  }
  return ctx.header;
}

async function lockAll(ctx: RunContext, order: ReturnType<typeof lockOrder>) {
  while (ctx.header.run.locked < order.length) {
    const batch = order.slice(ctx.header.run.locked, ctx.header.run.locked + MAX_TRANSACTION_ITEMS - 1);
    const refusal = await lockBatch(ctx.db, ctx.set.header.setId, batch, (items) => save(ctx, { locked: ctx.header.run.locked + batch.length }, {}, items));
    if (refusal) return toRollback(ctx, refusal);
  }
  // Every unit held: check once more what the decision rests on, then commit to going forward.
  const { reasons, approvers } = await readiness(holdingLocks(ctx.db, ctx.set.header.setId), ctx.set);
  if (reasons.length) return toRollback(ctx, { code: 'changeSet.notReady', message: reasons.join(' ') });
  const grants = grantChecks(ctx, approvers);
  if (!(await save(ctx, { phase: 'applying' }, {}, grants))) {
    return toRollback(ctx, { code: 'authz.stale', message: 'A reviewer’s role changed since they approved: ask for their review again.' });
  }
}

/** The granting membership of each reviewer whose approval counts, as it was when they reviewed. */
function grantChecks(ctx: RunContext, approvers: ReadonlySet<string>): TransactItem[] {
  const { db } = ctx;
  return ctx.set.reviews
    .filter((r) => r.decision === 'approve' && r.opsVersion === ctx.set.header.opsVersion && r.grant && approvers.has(r.userId))
    .slice(0, MAX_TRANSACTION_ITEMS - 1)
    .map((r) => ({
      ConditionCheck: {
        TableName: db.tableName,
        Key: keys.userMembership(db.tenantId, r.userId, r.grant!.unitId),
        ConditionExpression: '#role = :role AND unitPath = :path',
        ExpressionAttributeNames: { '#role': 'role' },
        ExpressionAttributeValues: { ':role': r.grant!.role, ':path': r.grant!.unitPath },
      },
    }));
}

async function toRollback(ctx: RunContext, error: { code: string; message: string }) {
  await save(ctx, { phase: 'rollingBack', error });
}


/** Runs a step again while its failure is one that passes (a busy tree, a lost race). */
async function withRetries(work: () => Promise<void>) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (e) {
      const passing = isArborError(e) && (e.details?.retryable === true || e.code === 'transaction.busy');
      if (!passing || attempt >= RETRY_LIMITS.redecide) throw e;
      await backoff(attempt);
    }
  }
}

/**
 * The operation's inverse, stored before it runs; `fresh` when this call stored it, so the
 * operation cannot have run yet (an earlier runner's entry means it may have).
 */
async function undoEntry(ctx: RunContext, seq: number, op: ChangeSet['operations'][number]['op']): Promise<{ undo: UndoEntry; fresh: boolean }> {
  const known = ctx.set.undo.find((u) => u.seq === seq);
  if (known) return { undo: known, fresh: false };
  const key = keys.changeSetUndo(ctx.db.tenantId, ctx.set.header.setId, seq);
  const entry: UndoEntry = { seq, inverse: await inverseOf(ctx.db, op) };
  // One item holds it (400 KB): a deletion too large to record is refused, and the run rolls back.
  if (JSON.stringify(entry).length > UNDO_MAX_BYTES) throw undoTooLarge();
  const written = await transaction(ctx.db)
    .add({ Put: { TableName: ctx.db.tableName, Item: { ...key, type: 'changeSetUndo', tenantId: ctx.db.tenantId, ...entry }, ConditionExpression: 'attribute_not_exists(PK)' } }, () => 'retry')
    .send();
  // Already there: an earlier runner read it before the operation ran; that one is the truth.
  const stored = written === 'written' ? entry : toUndo((await getItem(ctx.db, key))!);
  ctx.set.undo.push(stored);
  return { undo: stored, fresh: written === 'written' };
}

async function applyAll(ctx: RunContext) {
  const db = holdingLocks(ctx.db, ctx.set.header.setId);
  const by = ctx.header.run.by;
  const ops = ctx.set.operations;
  while (ctx.header.run.next < ops.length) {
    const { seq, op } = ops[ctx.header.run.next]!;
    try {
      // The inverse is read before the operation runs (a crash between them finds it stored).
      const { undo, fresh } = await undoEntry(ctx, seq, op);
      if (fresh || !(await applied(db, op))) await withRetries(() => execute(db, by, op, undo.inverse));
    } catch (e) {
      const error = isArborError(e) ? { code: e.code, message: e.message } : { code: 'changeSet.failed', message: 'An operation could not be applied.' };
      if (!isArborError(e)) log.error({ err: e, setId: ctx.set.header.setId, seq }, 'change set operation failed');
      return toRollback(ctx, error);
    }
    await save(ctx, { next: ctx.header.run.next + 1 });
    await ctx.options.onStep?.({ phase: 'applying', next: ctx.header.run.next });
  }
  await save(ctx, { phase: 'unlocking' });
}

/** Puts back, newest first, every operation that happened (the one that failed, if it did). */
async function undoAll(ctx: RunContext) {
  const db = holdingLocks(ctx.db, ctx.set.header.setId);
  const by = ctx.header.run.by;
  const ops = ctx.set.operations;
  // The operation at `next` may have happened before its record (a crash), or in part (a
  // moveMember that left one unit and could not join the other): its inverses run too. Each
  // inverse is skipped where the tree already says so, so an operation that never ran costs reads.
  let i = Math.min(ctx.header.run.next, ops.length - 1);
  for (; i >= 0; i--) {
    const { seq } = ops[i]!;
    const undo = ctx.set.undo.find((u) => u.seq === seq);
    if (undo) {
      for (const inverse of undo.inverse) {
        if (!(await applied(db, inverse))) await withRetries(() => execute(db, by, inverse, []));
      }
    }
    await save(ctx, { next: i });
    await ctx.options.onStep?.({ phase: 'rollingBack', next: i });
  }
  await save(ctx, { phase: 'unlocking' });
}

async function finish(ctx: RunContext, order: ReturnType<typeof lockOrder>) {
  if (ctx.header.run.phase !== 'unlocking') return;
  await releaseLocks(ctx.db, ctx.set, order.slice(0, ctx.header.run.locked));
  const failed = Boolean(ctx.header.run.error);
  const { setId, name } = ctx.set.header;
  const now = new Date().toISOString();
  const audit = auditEntryPut(ctx.db, {
    actor: ctx.header.run.by, action: failed ? 'changeSet.fail' : 'changeSet.apply', target: { type: 'changeSet', id: setId, label: name },
    after: { operations: ctx.set.operations.length, ...(failed ? { error: ctx.header.run.error } : {}) },
  });
  const status = failed ? 'failed' : 'applied';
  // Where the touched units are now: who sees the set in the list follows them.
  const areas = (await currentAreas(ctx.db, ctx.header)).map((a) => a.path);
  await save(ctx, {}, { status, areas, ...(failed ? {} : { appliedAt: now }) }, [audit]);
}

/**
 * Carries on a run whose runner stopped (its lease ran out), from the phase it recorded. Returns
 * the header as it stands; a run someone else holds is left alone.
 */
export async function resumeRun(db: TenantDb, setId: string, options: RunOptions = {}): Promise<ChangeSetHeader> {
  const set = await readChangeSet(withoutGuards(db), setId);
  const { header } = set;
  if (header.status !== 'applying' || !header.run || header.run.leaseUntil > Date.now()) return header;
  const now = Date.now();
  const leaseMs = options.leaseMs ?? header.run.leaseMs;
  const next = { ...header, run: { ...header.run, owner: ulid(), leaseUntil: now + leaseMs, leaseMs }, version: header.version + 1, updatedAt: new Date(now).toISOString() };
  const taken = await transaction(withoutGuards(db)).add(headerPut(db, next, header.version), () => 'retry').send();
  if (taken === 'retry') return (await readChangeSet(db, setId)).header;
  const ctx: RunContext = { db: withoutGuards(db), set: { ...set, header: next }, header: next as RunContext['header'], options };
  if (!options.background) return drive(ctx);
  inBackground(ctx);
  return next;
}

function inBackground(ctx: RunContext) {
  ctx.options.background!(() => drive(ctx).then(
    () => undefined,
    (e) => log.error({ err: e, setId: ctx.set.header.setId }, 'change set run stopped; the next due pass resumes it'),
  ));
}
