// The console's access review screens (docs/access-reviews.md#the-console): the owners' Reviews page
// (reviews and schedules), one review with its items, and a reviewer's own list.
import 'server-only';
import { listItemsToReview, listReviewItems, listReviews, listSchedules, readReview, reviewsOf, REVIEW_LIMITS, type ReviewHeader, type ReviewItem, type ReviewSchedule } from '../access-reviews';
import { ARBOR_PERMISSIONS } from '../authz';
import { readRoleCatalogue } from '../roles';
import type { ScreenContext } from './screen-context';

export interface ReviewsScreenView {
  reviews: ReviewHeader[];
  nextCursor?: string;
  schedules: ReviewSchedule[];
  maxSchedules: number;
  /** What a review can cover beyond the built-in roles: the catalogue's roles and every permission. */
  customRoles: { key: string; name: string }[];
  permissions: { key: string; label: string }[];
  now: string;
}

/** The reviews, newest first, the schedules and the role catalogue: three reads, in parallel. */
export async function loadReviewsScreen(ctx: ScreenContext, cursor?: string): Promise<ReviewsScreenView> {
  ctx.authorize('accessReview.manage', {});
  const [page, schedules, catalogue] = await Promise.all([listReviews(ctx.db, { cursor }), listSchedules(ctx.db), readRoleCatalogue(ctx.db)]);
  return {
    reviews: page.items, nextCursor: page.cursor, schedules, maxSchedules: REVIEW_LIMITS.maxSchedules, now: new Date().toISOString(),
    customRoles: Object.values(catalogue.roles).map((r) => ({ key: r.key, name: r.name })).sort((a, b) => a.name.localeCompare(b.name)),
    permissions: [
      ...Object.entries(ARBOR_PERMISSIONS).map(([key, p]) => ({ key, label: `${p.label} (${key})` })),
      ...Object.values(catalogue.permissions).map((p) => ({ key: p.key, label: p.description ? `${p.description} (${p.key})` : p.key })),
    ],
  };
}

export interface ReviewFilters {
  reviewer?: string;
  decision?: 'undecided' | 'keep' | 'remove';
  kind?: ReviewItem['kind'];
}

export interface ReviewScreenView {
  review: ReviewHeader;
  items: ReviewItem[];
  /** Every reviewer among the items, for the filter. */
  reviewers: { userId: string; label: string }[];
  filters: ReviewFilters;
  now: string;
}

/** One review and its items (filtered here: a review holds at most 5,000, read in pages of 200). */
export async function loadReviewScreen(ctx: ScreenContext, reviewId: string, filters: ReviewFilters): Promise<ReviewScreenView> {
  ctx.authorize('accessReview.manage', {});
  const review = await readReview(ctx.db, reviewId);
  const items: ReviewItem[] = [];
  let cursor: string | undefined;
  do {
    const page = await listReviewItems(ctx.db, review.reviewId, { cursor, limit: 200 });
    items.push(...page.items);
    cursor = page.cursor;
  } while (cursor && items.length < REVIEW_LIMITS.maxItems);
  const reviewers = new Map<string, string>();
  for (const i of items) if (i.reviewer) reviewers.set(i.reviewer.userId, i.reviewer.name || i.reviewer.email);
  const shown = items.filter((i) =>
    (!filters.reviewer || i.reviewer?.userId === filters.reviewer) &&
    (!filters.kind || i.kind === filters.kind) &&
    (!filters.decision || (filters.decision === 'undecided' ? !i.decision : i.decision?.value === filters.decision)));
  return {
    review, items: shown, filters, now: new Date().toISOString(),
    reviewers: [...reviewers].map(([userId, label]) => ({ userId, label })).sort((a, b) => a.label.localeCompare(b.label)),
  };
}

export interface ToReviewScreenView {
  items: (ReviewItem & { review: Pick<ReviewHeader, 'name' | 'dueAt' | 'defaultDecision' | 'status'> })[];
  nextCursor?: string;
  undecided: number;
  now: string;
}

/** The actor's own items across open reviews, undecided first, each with its review's name and deadline. */
export async function loadToReviewScreen(ctx: ScreenContext, cursor?: string): Promise<ToReviewScreenView> {
  // Anyone's own list (each decision is then decided on its item).
  ctx.authorize('tenant.read', {});
  const page = await listItemsToReview(ctx.db, ctx.actor.userId, { cursor });
  const reviews = await reviewsOf(ctx.db, page.items);
  const items = page.items
    .filter((i) => reviews.get(i.reviewId)?.status === 'open')
    .map((i) => {
      const r = reviews.get(i.reviewId)!;
      return { ...i, review: { name: r.name, dueAt: r.dueAt, defaultDecision: r.defaultDecision, status: r.status } };
    })
    .sort((a, b) => Number(Boolean(a.decision)) - Number(Boolean(b.decision)) || a.review.dueAt.localeCompare(b.review.dueAt));
  return { items, nextCursor: page.cursor, undecided: items.filter((i) => !i.decision).length, now: new Date().toISOString() };
}
