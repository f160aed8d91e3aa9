// Ending a review, early by an owner or at its deadline: the header moves to `completing` (decisions
// stop) and stays in the due queue under a lease (now + COMPLETION_LEASE_MS), each item not yet settled takes the default if nobody decided it and
// its removal is applied (removals.ts), its outcome recorded with the header's counters; then the
// header is `completed` (off the queue), audited, and the owners get the summary. A run that stops
// partway leaves the lease to pass: the clock (or the owner's second call) then claims the review
// again and resumes at the first item without an outcome. Audit entries take the time they are
// written (their ids are ordered by it for streaming); `now` is for the review's own fields.
import 'server-only';
import { auditEntryPut } from '../audit';
import { authorize } from '../authz';
import { actorIdentity, getItem, keys, queryAll, sortKeys, transaction, withoutGuards, type PlatformDb, type TenantDb, type TransactItem } from '../db';
import { tenancy } from '../tenancy';
import { headerCounts } from './decide';
import { reviewChanged, reviewClosed } from './errors';
import { notifyReviewCompleted } from './notify';
import { readReview } from './reads';
import { applyRemoval, type RemovalContext } from './removals';
import { toReviewItem } from './review-items';
import type { ReviewActor } from './index';
import type { ReviewDecision, ReviewHeader, ReviewItem, ReviewOutcome } from './types';

/** The header as this module handles it: with the completing run's lease (stored, never shown). */
type Held = ReviewHeader & { leaseUntil?: string };

async function readHeld(db: TenantDb, reviewId: string): Promise<Held> {
  const header = await readReview(db, reviewId);
  const raw = await getItem(db, keys.accessReview(db.tenantId, reviewId));
  return { ...header, ...(typeof raw?.leaseUntil === 'string' ? { leaseUntil: raw.leaseUntil } : {}) };
}

/** How long a completing run holds the review before another may resume it. */
export const COMPLETION_LEASE_MS = 5 * 60_000;

export interface CompleteOptions {
  now?: Date;
  /** Stops after settling this many items, as a run that dies partway would (tests). */
  stopAfterItems?: number;
  /** Where revoked keys' tokens are deleted; the server's own by default. */
  platform?: PlatformDb;
}

export async function completeReview(db: TenantDb, by: ReviewActor | 'deadline', reviewId: string, expectedVersion?: number, options: CompleteOptions = {}): Promise<ReviewHeader> {
  if (by !== 'deadline') authorize(by.access, 'accessReview.manage', {});
  const now = options.now ?? new Date();
  let header: Held = await readHeld(db, reviewId);
  if (header.status === 'completed') return shown(header);
  if (header.status === 'cancelled') throw reviewClosed(header.status);
  if (header.status === 'open' && expectedVersion !== undefined && expectedVersion !== header.version) throw reviewChanged(header.version);
  const claim = header.status === 'open' ? await beginCompleting(db, header, by, now) : await claimCompleting(db, header, now);
  header = claim.header;
  // Another run holds it (or finished it meanwhile): it goes on there.
  if (!claim.ours) return shown(header);
  const moved = await settleItems({ db, platform: options.platform ?? tenancy().platformDb(), header }, now, options.stopAfterItems);
  return finish(db, { ...header, counts: addCounts(header.counts, moved) }, by, now);
}

/** The header, and whether this run holds it (began or claimed it). */
type Claim = { header: Held; ours: boolean };

const shown = ({ leaseUntil: _lease, ...header }: Held): ReviewHeader => header;
const leaseFrom = (now: Date) => new Date(now.getTime() + COMPLETION_LEASE_MS).toISOString();

/** A completing review whose lease passed is claimed again (conditioned on the version read); one held is left to its run. */
async function claimCompleting(db: TenantDb, header: Held, now: Date): Promise<Claim> {
  if (header.leaseUntil && Date.parse(header.leaseUntil) > now.getTime()) return { header, ours: false };
  const next: Held = { ...header, leaseUntil: leaseFrom(now), version: header.version + 1 };
  const outcome = await transaction(withoutGuards(db))
    .add({
      Update: {
        TableName: db.tableName,
        Key: keys.accessReview(db.tenantId, header.reviewId),
        UpdateExpression: 'SET leaseUntil = :until, GSI4PK = :queue, GSI4SK = :due, #version = :next',
        ConditionExpression: '#status = :completing AND #version = :read',
        ExpressionAttributeNames: { '#status': 'status', '#version': 'version' },
        ExpressionAttributeValues: {
          ':until': next.leaseUntil, ':queue': keys.gsi4.reviewsDue(), ':due': sortKeys.reviewDue(next.leaseUntil!, db.tenantId, header.reviewId),
          ':completing': 'completing', ':next': next.version, ':read': header.version,
        },
      },
    }, () => 'retry')
    .send();
  return outcome === 'written' ? { header: next, ours: true } : { header: await readHeld(db, header.reviewId), ours: false };
}

async function beginCompleting(db: TenantDb, header: Held, by: ReviewActor | 'deadline', now: Date): Promise<Claim> {
  const leaseUntil = leaseFrom(now);
  const next: Held = { ...header, status: 'completing', leaseUntil, version: header.version + 1, ...(by !== 'deadline' ? { completedBy: actorIdentity(by.actor) } : {}) };
  const outcome = await transaction(db)
    .add(
      {
        Update: {
          TableName: db.tableName,
          Key: keys.accessReview(db.tenantId, header.reviewId),
          // Still queued, under its lease: if this run stops, the clock finds it again once the lease passes.
          UpdateExpression: `SET #status = :completing, #version = :next, leaseUntil = :until, GSI4SK = :due${next.completedBy ? ', completedBy = :by' : ''}`,
          ConditionExpression: '#status = :open AND #version = :read',
          ExpressionAttributeNames: { '#status': 'status', '#version': 'version' },
          ExpressionAttributeValues: {
            ':completing': 'completing', ':open': 'open', ':next': next.version, ':read': header.version, ':until': leaseUntil,
            ':due': sortKeys.reviewDue(leaseUntil, db.tenantId, header.reviewId), ...(next.completedBy ? { ':by': next.completedBy } : {}),
          },
        },
      },
      // Someone else began it, or the clock moved the header: read it again and go on from there.
      () => 'retry',
    )
    .send();
  if (outcome === 'written') return { header: next, ours: true };
  const stored = await readHeld(db, header.reviewId);
  if (stored.status === 'completing') return claimCompleting(db, stored, now);
  if (stored.status === 'completed') return { header: stored, ours: false };
  if (stored.status === 'cancelled') throw reviewClosed(stored.status);
  // Still open, at another version (a reminder sent meanwhile): once more from what is stored.
  return beginCompleting(db, stored, by, now);
}

type Counts = ReviewHeader['counts'];
type CountMove = Partial<Counts>;

const addCounts = (counts: Counts, move: CountMove): Counts =>
  Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, v + (move[k as keyof Counts] ?? 0)])) as Counts;

/**
 * Items without an outcome, one at a time: a removal is its own transaction, its outcome another.
 * Answers how the counters moved, so the header is not read again to finish.
 */
async function settleItems(ctx: RemovalContext, now: Date, stopAfter = Infinity): Promise<CountMove> {
  let moved: CountMove = {};
  const { db, header } = ctx;
  const open = await queryAll(db, {
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
    FilterExpression: 'attribute_not_exists(#outcome)',
    ExpressionAttributeNames: { '#outcome': 'outcome' },
    ExpressionAttributeValues: { ':pk': keys.accessReviewPartition(db.tenantId, header.reviewId), ':sk': keys.accessReviewItemPrefix },
    ConsistentRead: true,
  });
  for (const [n, raw] of open.entries()) {
    if (n >= stopAfter) throw new Error(`stopped after ${stopAfter} item(s), as asked`);
    const item = toReviewItem(raw);
    const decision: ReviewDecision = item.decision ?? {
      value: header.defaultDecision,
      reason: `Not decided by the deadline: the review's default (${header.defaultDecision}).`,
      // The owner who chose the default stands behind what it does.
      by: header.startedBy,
      at: now.toISOString(),
      automatic: true,
    };
    const result = decision.value === 'keep' ? { state: 'kept' as const } : await applyRemoval(ctx, item, decision.by);
    const move = await recordOutcome(withoutGuards(db), header, item, decision, { ...result, at: new Date().toISOString() });
    moved = Object.fromEntries(Object.keys({ ...moved, ...move }).map((k) => [k, (moved[k as keyof Counts] ?? 0) + (move[k as keyof Counts] ?? 0)]));
  }
  return moved;
}

async function recordOutcome(db: TenantDb, header: ReviewHeader, item: ReviewItem, decision: ReviewDecision, outcome: ReviewOutcome): Promise<CountMove> {
  const update: TransactItem = {
    Update: {
      TableName: db.tableName,
      Key: keys.accessReviewItem(db.tenantId, item.reviewId, item.itemId),
      UpdateExpression: 'SET #decision = :decision, #outcome = :outcome, #version = :next REMOVE GSI2PK, GSI2SK',
      ConditionExpression: '#version = :read AND attribute_not_exists(#outcome)',
      ExpressionAttributeNames: { '#decision': 'decision', '#outcome': 'outcome', '#version': 'version' },
      ExpressionAttributeValues: { ':decision': decision, ':outcome': outcome, ':next': item.version + 1, ':read': item.version },
    },
  };
  const automatic = !item.decision;
  const move: CountMove = {
    ...(automatic ? { decided: 1, [decision.value]: 1 } : {}),
    ...(outcome.state === 'removed' ? { removed: 1 } : outcome.state === 'kept' ? {} : { notRemoved: 1 }),
  };
  // Another run settled it meanwhile: nothing to record twice.
  const sent = await transaction(db).add(update, () => 'retry').add(headerCounts(db, header, move, 'completing'), () => 'retry').send();
  return sent === 'written' ? move : {};
}

/** `current`: the header as completing, its counters as this run moved them. */
async function finish(db: TenantDb, current: Held, by: ReviewActor | 'deadline', now: Date): Promise<ReviewHeader> {
  const header = current;
  const { leaseUntil: _held, ...rest } = current;
  const done: ReviewHeader = { ...rest, status: 'completed', completedAt: now.toISOString(), version: current.version + 1 };
  const outcome = await transaction(withoutGuards(db))
    .add(
      {
        Update: {
          TableName: db.tableName,
          Key: keys.accessReview(db.tenantId, header.reviewId),
          UpdateExpression: 'SET #status = :completed, completedAt = :at, #version = :next REMOVE GSI4PK, GSI4SK, leaseUntil',
          ConditionExpression: '#status = :completing AND #version = :read',
          ExpressionAttributeNames: { '#status': 'status', '#version': 'version' },
          ExpressionAttributeValues: { ':completed': 'completed', ':completing': 'completing', ':at': done.completedAt, ':next': done.version, ':read': current.version },
        },
      },
      () => 'retry',
    )
    .add(
      auditEntryPut(db, {
        actor: by === 'deadline' ? header.startedBy : by.actor,
        action: 'accessReview.complete',
        target: { type: 'accessReview', id: header.reviewId, label: header.name },
        after: { counts: done.counts, by: by === 'deadline' ? 'deadline' : 'owner' },
      }),
    )
    .send();
  // Another run finished it meanwhile.
  if (outcome === 'retry') return readReview(db, header.reviewId);
  await notifyReviewCompleted(db, done);
  return done;
}
