// Deciding an item (keep or remove, with a reason) and handing it to someone else. Each write is
// one transaction: the item conditioned on the version the reviewer saw (409 when someone else
// changed it), the header on the review being open (409 once it is not) with its counters moved,
// and the audit entry. A decision may change until the review closes; a bulk decision is each
// item decided alone, each answering on its own.
import 'server-only';
import { auditEntryPut } from '../audit';
import { authorize, type ActorAccess } from '../authz';
import { actorIdentity, batchGet, getItem, keys, sortKeys, transaction, type TenantDb, type TransactItem } from '../db';
import { isArborError } from '../errors';
import { validateId } from '../validation';
import { badDelegate, badReason, itemChanged, itemNotFound, reviewClosed, reviewNotFound, tooManyInBulk } from './errors';
import { REVIEW_LIMITS } from './limits';
import { judgesOf } from './judges';
import { notifyItemDelegated } from './notify';
import { itemIdOf, reviewIdOf } from './reads';
import { toReviewHeader, toReviewItem } from './review-items';
import type { ReviewActor } from './index';
import type { ReviewDecision, ReviewDecisionValue, ReviewHeader, ReviewItem, ReviewPerson } from './types';

export interface DecideOptions {
  /**
   * Decides whether the actor may judge this item as stored (an entry point's ctx.authorize, so
   * its facts bind the write); by default lib/authz decides on the actor's access alone.
   */
  allow?: (item: ReviewItem, header: ReviewHeader) => void;
  now?: Date;
}

const mayDecide = (access: ActorAccess) => (item: ReviewItem) => authorize(access, 'accessReview.decide', decidePlace(item));

/**
 * The place `accessReview.decide` is decided on for an item: its stored reviewer and subject, and
 * the unit its access is held on (as `judgedWhereNow` found it; none for tenant-wide items).
 */
export const decidePlace = (item: ReviewItem) => ({
  reviewerId: item.reviewer?.userId ?? null,
  ...(item.subject.type === 'person' ? { subjectId: item.subject.id } : {}),
  unit: item.unit ? { id: item.unit.id, path: item.unit.path, name: item.unit.name } : null,
});

/**
 * The item with its unit where it is now (one GetItem), so a decision stands on the reviewer's
 * standing there today and its write on that path; a unit deleted since leaves a tenant-wide item,
 * judged by owners and admins.
 */
async function judgedWhereNow(db: TenantDb, item: ReviewItem): Promise<ReviewItem> {
  if (!item.unit) return item;
  const unit = await getItem(db, keys.unit(db.tenantId, item.unit.id));
  if (!unit) return { ...item, unit: undefined };
  return { ...item, unit: { ...item.unit, path: String(unit.path), name: String(unit.name ?? item.unit.name) } };
}

/** Nobody judges or hands on their own access, an owner neither: refused before any other rule. */
function refuseOwnAccess(by: ReviewActor, item: ReviewItem): void {
  if (item.subject.type === 'person' && item.subject.id === by.actor.userId) {
    authorize(by.access, 'accessReview.decide', { ...decidePlace(item), reviewerId: by.actor.userId });
  }
}

export function validateReason(value: ReviewDecisionValue, raw: unknown): string {
  if (raw !== undefined && typeof raw !== 'string') throw badReason();
  const reason = (raw ?? '').normalize('NFC').trim();
  if ([...reason].length > REVIEW_LIMITS.maxReasonLength || (value === 'remove' && !reason)) throw badReason();
  return reason;
}

/** The header and the item, strongly consistent, in one BatchGetItem. */
export async function readHeaderAndItem(db: TenantDb, rawReviewId: string, rawItemId: string): Promise<{ header: ReviewHeader; item: ReviewItem }> {
  const reviewId = reviewIdOf(rawReviewId);
  const itemId = itemIdOf(rawItemId);
  const found = await batchGet(db, [keys.accessReview(db.tenantId, reviewId), keys.accessReviewItem(db.tenantId, reviewId, itemId)]);
  const header = found.find((f) => f.SK === keys.accessReview(db.tenantId, reviewId).SK);
  if (!header) throw reviewNotFound();
  const item = found.find((f) => f !== header);
  if (!item) throw itemNotFound();
  return { header: toReviewHeader(header), item: toReviewItem(item) };
}

export async function decideItem(
  db: TenantDb, by: ReviewActor, reviewId: string, itemId: string, expectedVersion: number,
  decision: { value: ReviewDecisionValue; reason: string }, options: DecideOptions = {},
): Promise<ReviewItem> {
  if (decision?.value !== 'keep' && decision?.value !== 'remove') throw badReason();
  const reason = validateReason(decision.value, decision.reason);
  const { header, item } = await readHeaderAndItem(db, reviewId, itemId);
  refuseOwnAccess(by, item);
  (options.allow ?? mayDecide(by.access))(await judgedWhereNow(db, item), header);
  if (header.status !== 'open') throw reviewClosed(header.status);
  if (item.version !== expectedVersion) throw itemChanged(item.version, item);
  const now = options.now ?? new Date();
  const next: ReviewItem = { ...item, decision: { value: decision.value, reason, by: actorIdentity(by.actor), at: now.toISOString() }, version: item.version + 1 };
  await transaction(db)
    .add(itemUpdate(db, item, next), (stored) => (stored ? itemChanged(Number(stored.version), toReviewItem(stored)) : itemNotFound()))
    .add(headerCounts(db, header, countsMove(item.decision, next.decision!)), (stored) => reviewClosed(String(stored?.status ?? 'gone')))
    .add(
      auditEntryPut(db, {
        actor: by.actor,
        action: 'accessReview.decide',
        target: { type: 'accessReview', id: header.reviewId, label: header.name },
        ...(item.unit ? { unitId: item.unit.id } : {}),
        before: { decision: item.decision?.value ?? null },
        after: { itemId: item.itemId, kind: item.kind, subject: item.subject.label, access: item.access.description, decision: decision.value, reason },
      }),
    )
    .send();
  return next;
}

export async function decideItems(
  db: TenantDb, by: ReviewActor, reviewId: string, items: { itemId: string; expectedVersion: number }[],
  decision: { value: ReviewDecisionValue; reason: string }, options: DecideOptions = {},
): Promise<{ itemId: string; item?: ReviewItem; error?: { code: string; message: string } }[]> {
  if (!Array.isArray(items) || items.length === 0 || items.length > REVIEW_LIMITS.maxBulk) throw tooManyInBulk();
  const answers = [];
  // One after another: each item is its own decision, and a review's header takes them in turn.
  for (const { itemId, expectedVersion } of items) {
    try {
      answers.push({ itemId, item: await decideItem(db, by, reviewId, itemId, expectedVersion, decision, options) });
    } catch (e) {
      if (!isArborError(e)) throw e;
      answers.push({ itemId, error: { code: e.code, message: e.message } });
    }
  }
  return answers;
}

export interface DelegateOptions {
  /** Decides whether the actor may hand this item on: an owner, or its current reviewer (the entry point's authorize). */
  allow?: (item: ReviewItem, header: ReviewHeader) => void;
  now?: Date;
}

export async function delegateItem(
  db: TenantDb, by: ReviewActor, reviewId: string, itemId: string, expectedVersion: number, rawToUserId: string, rawReason: string,
  options: DelegateOptions = {},
): Promise<ReviewItem> {
  const toUserId = validateId(rawToUserId, 'user');
  const reason = validateReason('remove', rawReason);
  const { header, item } = await readHeaderAndItem(db, reviewId, itemId);
  refuseOwnAccess(by, item);
  const judged = item.reviewer?.userId === by.actor.userId ? await judgedWhereNow(db, item) : item;
  (options.allow ?? ((i: ReviewItem) => (i.reviewer?.userId === by.actor.userId ? mayDecide(by.access)(i) : authorize(by.access, 'accessReview.manage', {}))))(judged, header);
  if (header.status !== 'open') throw reviewClosed(header.status);
  if (item.version !== expectedVersion) throw itemChanged(item.version, item);
  if (item.decision) throw badDelegate('This item is decided already; change the decision instead of handing it on.');
  if (item.subject.type === 'person' && item.subject.id === toUserId) throw badDelegate('Nobody reviews their own access: choose someone else.');
  if (item.reviewer?.userId === toUserId) throw badDelegate('This item is already theirs to review.');
  const to = await judgeOf(db, item, toUserId);
  const now = options.now ?? new Date();
  const next: ReviewItem = { ...item, reviewer: to, delegatedBy: actorIdentity(by.actor), version: item.version + 1 };
  await transaction(db)
    .add(itemUpdate(db, item, next), (stored) => (stored ? itemChanged(Number(stored.version), toReviewItem(stored)) : itemNotFound()))
    .add(headerCounts(db, header, {}), (stored) => reviewClosed(String(stored?.status ?? 'gone')))
    // The new reviewer still holds the membership that lets them judge it, as read.
    .add({ ConditionCheck: { TableName: db.tableName, Key: keys.tenantUser(db.tenantId, toUserId), ConditionExpression: 'attribute_exists(PK)' } }, () => badDelegate('That person is no longer in this organization.'))
    .add(
      auditEntryPut(db, {
        actor: by.actor,
        action: 'accessReview.delegate',
        target: { type: 'accessReview', id: header.reviewId, label: header.name },
        ...(item.unit ? { unitId: item.unit.id } : {}),
        before: { reviewerId: item.reviewer?.userId ?? null },
        after: { itemId: item.itemId, subject: item.subject.label, reviewerId: to.userId, reason },
      }),
    )
    .send();
  await notifyItemDelegated(db, header, to.userId);
  return next;
}

/** The person an item is handed to, if they can judge it (./judges: the same read the picker offers). */
async function judgeOf(db: TenantDb, item: ReviewItem, userId: string): Promise<ReviewPerson> {
  const judge = (await judgesOf(db, item)).find((a) => a.userId === userId);
  const unit = item.unit;
  if (!judge) throw badDelegate(unit ? `They cannot judge access on ${unit.name}: choose someone who administers it, or an owner.` : 'Only an owner or admin can judge this item.');
  return { userId: judge.userId, email: judge.email, ...(judge.name ? { name: judge.name } : {}) };
}

/** The item rewritten as it now is, on its reviewer's list while undecided; conditioned on the version read. */
function itemUpdate(db: TenantDb, item: ReviewItem, next: ReviewItem): TransactItem {
  const listed = next.reviewer && !next.decision;
  return {
    Update: {
      TableName: db.tableName,
      Key: keys.accessReviewItem(db.tenantId, item.reviewId, item.itemId),
      UpdateExpression: listed
        ? 'SET #reviewer = :reviewer, #delegatedBy = :delegatedBy, #version = :next, GSI2PK = :gsi2pk, GSI2SK = :gsi2sk'
        : 'SET #decision = :decision, #version = :next REMOVE GSI2PK, GSI2SK',
      ConditionExpression: '#version = :expected',
      ExpressionAttributeNames: listed ? { '#reviewer': 'reviewer', '#delegatedBy': 'delegatedBy', '#version': 'version' } : { '#decision': 'decision', '#version': 'version' },
      ExpressionAttributeValues: {
        ':expected': item.version,
        ':next': next.version,
        ...(listed
          ? { ':reviewer': next.reviewer, ':delegatedBy': next.delegatedBy ?? null, ':gsi2pk': keys.gsi2.toReview(db.tenantId, next.reviewer!.userId), ':gsi2sk': sortKeys.reviewItem(item.reviewId, item.itemId) }
          : { ':decision': next.decision }),
      },
    },
  };
}

type CountMove = Partial<Record<'decided' | 'keep' | 'remove', number>>;

function countsMove(before: ReviewDecision | undefined, after: ReviewDecision): CountMove {
  const move: CountMove = { decided: before ? 0 : 1, keep: 0, remove: 0 };
  if (before) move[before.value] = (move[before.value] ?? 0) - 1;
  move[after.value] = (move[after.value] ?? 0) + 1;
  return move;
}

/**
 * The header's counters moved, on the condition the review is in `status` (open while deciding;
 * completing while the deadline settles items). Its version is not moved: that is the clock's and
 * the settings', which decisions must not disturb.
 */
export function headerCounts(db: TenantDb, header: ReviewHeader, move: Partial<Record<keyof ReviewHeader['counts'], number>>, status: ReviewHeader['status'] = 'open'): TransactItem {
  const entries = Object.entries(move).filter(([, by]) => by !== 0);
  const names: Record<string, string> = { '#status': 'status' };
  const values: Record<string, unknown> = { ':open': status };
  const sets = entries.map(([field, by], i) => {
    names['#counts'] = 'counts';
    names[`#c${i}`] = field;
    values[`:c${i}`] = by;
    return `#counts.#c${i} = #counts.#c${i} + :c${i}`;
  });
  const key = keys.accessReview(db.tenantId, header.reviewId);
  if (sets.length === 0) return { ConditionCheck: { TableName: db.tableName, Key: key, ConditionExpression: '#status = :open', ExpressionAttributeNames: names, ExpressionAttributeValues: values } };
  return { Update: { TableName: db.tableName, Key: key, UpdateExpression: `SET ${sets.join(', ')}`, ConditionExpression: '#status = :open', ExpressionAttributeNames: names, ExpressionAttributeValues: values } };
}
