// Mail about a review (part B builds these; part A calls them where the events happen). Best
// effort: each is sent after the review's own writes committed, a failure is logged and never
// thrown, and no address reaches the logs.
import 'server-only';
import { config } from '../config';
import type { TenantDb } from '../db';
import { reviewAssignedMail, reviewCompletedMail, reviewReminderMail, sendMail } from '../mail';
import { log } from '../observability';
import { getTenantSettings, tenantOwners } from '../tenants';
import { ITEMS_PAGE, listReviewItems } from './reads';
import { REVIEW_LIMITS } from './limits';
import type { ReviewHeader, ReviewItem, ReviewPerson } from './types';

export const toReviewLink = () => new URL('/reviews/to-review', config().ARBOR_APP_URL).href;
export const reviewLink = (reviewId: string) => new URL(`/reviews/${encodeURIComponent(reviewId)}`, config().ARBOR_APP_URL).href;

/** Every item of the review (undecided ones only, when asked), page by page, never past the review's bound. */
export async function allItems(db: TenantDb, reviewId: string, options: { undecided?: boolean } = {}): Promise<ReviewItem[]> {
  const out: ReviewItem[] = [];
  let cursor: string | undefined;
  do {
    const page = await listReviewItems(db, reviewId, { cursor, limit: ITEMS_PAGE.max, ...options });
    out.push(...page.items);
    cursor = page.cursor;
  } while (cursor && out.length < REVIEW_LIMITS.maxItems);
  return out;
}

/** Reviewers and how many of the items are theirs; items nobody can judge are left out. */
export function byReviewer(items: ReviewItem[]): { reviewer: ReviewPerson; count: number }[] {
  const counts = new Map<string, { reviewer: ReviewPerson; count: number }>();
  for (const item of items) {
    if (!item.reviewer || item.decision) continue;
    const entry = counts.get(item.reviewer.userId) ?? { reviewer: item.reviewer, count: 0 };
    entry.count++;
    counts.set(item.reviewer.userId, entry);
  }
  return [...counts.values()];
}

async function mailReviewers(db: TenantDb, review: ReviewHeader, reviewers: { reviewer: ReviewPerson; count: number }[], kind: 'assigned' | 'reminder', known?: string) {
  const organization = known ?? (await getTenantSettings(db)).name;
  const make = kind === 'assigned' ? reviewAssignedMail : reviewReminderMail;
  const sent = await Promise.allSettled(reviewers.map(({ reviewer, count }) =>
    sendMail({
      to: reviewer.email,
      ...make({ reviewerName: reviewer.name || reviewer.email, organization, reviewName: review.name, count, dueAt: review.dueAt, defaultDecision: review.defaultDecision, link: toReviewLink() }),
    })));
  const failed = sent.filter((r) => r.status === 'rejected' || r.value.status === 'failed').length;
  if (failed > 0) log.warn({ tenantId: db.tenantId, reviewId: review.reviewId, kind, failed, reviewers: reviewers.length }, 'review mail not sent to every reviewer');
}

/**
 * Tells each reviewer what they have to review and by when. Never throws: mail is best effort.
 * `known`: the items and organization name the caller already holds (the start has both), so
 * nothing is read again.
 */
export async function notifyReviewStarted(db: TenantDb, review: ReviewHeader, known?: { items: ReviewItem[]; organization: string }): Promise<void> {
  try {
    await mailReviewers(db, review, byReviewer(known?.items ?? (await allItems(db, review.reviewId))), 'assigned', known?.organization);
  } catch (e) {
    log.warn({ err: e, tenantId: db.tenantId, reviewId: review.reviewId }, 'review started: reviewers not told');
  }
}

/** Tells the new reviewer of a delegated item what they now have. Never throws. */
export async function notifyItemDelegated(db: TenantDb, review: ReviewHeader, toUserId: string): Promise<void> {
  try {
    const mine = byReviewer(await allItems(db, review.reviewId, { undecided: true })).filter((r) => r.reviewer.userId === toUserId);
    await mailReviewers(db, review, mine, 'assigned');
  } catch (e) {
    log.warn({ err: e, tenantId: db.tenantId, reviewId: review.reviewId }, 'item delegated: the new reviewer not told');
  }
}

/**
 * Reminds the reviewers who still have undecided items; a reviewer with nothing left gets nothing.
 * Returns how many were mailed. Never throws.
 */
export async function notifyReviewReminder(db: TenantDb, review: ReviewHeader): Promise<number> {
  try {
    const left = byReviewer(await allItems(db, review.reviewId, { undecided: true }));
    await mailReviewers(db, review, left, 'reminder');
    return left.length;
  } catch (e) {
    log.warn({ err: e, tenantId: db.tenantId, reviewId: review.reviewId }, 'review reminder not sent');
    return 0;
  }
}

/** Sends the owners the summary of a completed review. Never throws. */
export async function notifyReviewCompleted(db: TenantDb, review: ReviewHeader): Promise<void> {
  try {
    const { organization, owners } = await tenantOwners(db);
    const completedBy = review.completedBy ? review.completedBy.name || review.completedBy.email : 'deadline';
    const sent = await Promise.allSettled(owners.map((o) =>
      sendMail({ to: o.email, ...reviewCompletedMail({ ownerName: o.name, organization, reviewName: review.name, completedBy, counts: review.counts, link: reviewLink(review.reviewId) }) })));
    const failed = sent.filter((r) => r.status === 'rejected' || r.value.status === 'failed').length;
    if (failed > 0) log.warn({ tenantId: db.tenantId, reviewId: review.reviewId, failed, owners: owners.length }, 'review summary not sent to every owner');
  } catch (e) {
    log.warn({ err: e, tenantId: db.tenantId, reviewId: review.reviewId }, 'review completed: owners not told');
  }
}
