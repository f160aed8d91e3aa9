// Ending a review, early by an owner or at its deadline: the header moves to `completing` (off the
// due queue; decisions stop), each item not yet settled takes the default if nobody decided it and
// its removal is applied (removals.ts), its outcome recorded with the header's counters; then the
// header is `completed`, audited, and the owners get the summary. A second call, or the deadline
// after a crash, resumes at the first item without an outcome.
import 'server-only';
import { auditEntryPut } from '../audit';
import { authorize } from '../authz';
import { actorIdentity, keys, queryAll, transaction, withoutGuards, type PlatformDb, type TenantDb, type TransactItem } from '../db';
import { tenancy } from '../tenancy';
import { headerCounts } from './decide';
import { reviewChanged, reviewClosed } from './errors';
import { notifyReviewCompleted } from './notify';
import { readReview } from './reads';
import { applyRemoval, type RemovalContext } from './removals';
import { toReviewItem } from './review-items';
import type { ReviewActor } from './index';
import type { ReviewDecision, ReviewHeader, ReviewItem, ReviewOutcome } from './types';

export interface CompleteOptions {
  now?: Date;
  /** Where revoked keys' tokens are deleted; the server's own by default. */
  platform?: PlatformDb;
}

export async function completeReview(db: TenantDb, by: ReviewActor | 'deadline', reviewId: string, expectedVersion?: number, options: CompleteOptions = {}): Promise<ReviewHeader> {
  if (by !== 'deadline') authorize(by.access, 'accessReview.manage', {});
  const now = options.now ?? new Date();
  let header = await readReview(db, reviewId);
  if (header.status === 'completed') return header;
  if (header.status === 'cancelled') throw reviewClosed(header.status);
  if (header.status === 'open') {
    if (expectedVersion !== undefined && expectedVersion !== header.version) throw reviewChanged(header.version);
    header = await beginCompleting(db, header, by, now);
  }
  const moved = await settleItems({ db, platform: options.platform ?? tenancy().platformDb(), header }, now);
  return finish(db, { ...header, counts: addCounts(header.counts, moved) }, by, now);
}

async function beginCompleting(db: TenantDb, header: ReviewHeader, by: ReviewActor | 'deadline', now: Date): Promise<ReviewHeader> {
  const next: ReviewHeader = { ...header, status: 'completing', version: header.version + 1, ...(by !== 'deadline' ? { completedBy: actorIdentity(by.actor) } : {}) };
  const outcome = await transaction(db)
    .add(
      {
        Update: {
          TableName: db.tableName,
          Key: keys.accessReview(db.tenantId, header.reviewId),
          UpdateExpression: `SET #status = :completing, #version = :next${next.completedBy ? ', completedBy = :by' : ''} REMOVE GSI4PK, GSI4SK`,
          ConditionExpression: '#status = :open AND #version = :read',
          ExpressionAttributeNames: { '#status': 'status', '#version': 'version' },
          ExpressionAttributeValues: { ':completing': 'completing', ':open': 'open', ':next': next.version, ':read': header.version, ...(next.completedBy ? { ':by': next.completedBy } : {}) },
        },
      },
      // Someone else began it, or the clock moved the header: read it again and go on from there.
      () => 'retry',
    )
    .send();
  if (outcome === 'written') return next;
  const stored = await readReview(db, header.reviewId);
  if (stored.status === 'completing' || stored.status === 'completed') return stored;
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
async function settleItems(ctx: RemovalContext, now: Date): Promise<CountMove> {
  let moved: CountMove = {};
  const { db, header } = ctx;
  const open = await queryAll(db, {
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
    FilterExpression: 'attribute_not_exists(#outcome)',
    ExpressionAttributeNames: { '#outcome': 'outcome' },
    ExpressionAttributeValues: { ':pk': keys.accessReviewPartition(db.tenantId, header.reviewId), ':sk': keys.accessReviewItemPrefix },
    ConsistentRead: true,
  });
  for (const raw of open) {
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
async function finish(db: TenantDb, current: ReviewHeader, by: ReviewActor | 'deadline', now: Date): Promise<ReviewHeader> {
  const header = current;
  const done: ReviewHeader = { ...current, status: 'completed', completedAt: now.toISOString(), version: current.version + 1 };
  const outcome = await transaction(withoutGuards(db))
    .add(
      {
        Update: {
          TableName: db.tableName,
          Key: keys.accessReview(db.tenantId, header.reviewId),
          UpdateExpression: 'SET #status = :completed, completedAt = :at, #version = :next',
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
      }, now),
    )
    .send();
  // Another run finished it meanwhile.
  if (outcome === 'retry') return readReview(db, header.reviewId);
  await notifyReviewCompleted(db, done);
  return done;
}
