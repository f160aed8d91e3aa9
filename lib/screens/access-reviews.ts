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

/** The filters the items' Query answers itself (a filtered page of the review's partition). */
export interface ReviewFilters {
  reviewer?: string;
  undecided?: boolean;
}

export interface ReviewScreenView {
  review: ReviewHeader;
  /** One page of the items (filtered); the review's totals are its header's counters. */
  items: ReviewItem[];
  nextCursor?: string;
  /** The reviewers among the items shown (and the one filtered on), for the filter. */
  reviewers: { userId: string; label: string }[];
  filters: ReviewFilters;
  /** The page began at a cursor: the screen offers the first page again. */
  paged: boolean;
  now: string;
}

/** One review and one page of its items, in parallel: a GetItem and one Query page. */
export async function loadReviewScreen(ctx: ScreenContext, reviewId: string, filters: ReviewFilters, cursor?: string): Promise<ReviewScreenView> {
  ctx.authorize('accessReview.manage', {});
  const [review, page] = await Promise.all([
    readReview(ctx.db, reviewId),
    listReviewItems(ctx.db, reviewId, { ...(cursor ? { cursor } : {}), ...(filters.reviewer ? { reviewerId: filters.reviewer } : {}), undecided: filters.undecided === true }),
  ]);
  const reviewers = new Map<string, string>();
  for (const i of page.items) if (i.reviewer) reviewers.set(i.reviewer.userId, i.reviewer.name || i.reviewer.email);
  if (filters.reviewer && !reviewers.has(filters.reviewer)) reviewers.set(filters.reviewer, 'The reviewer filtered on');
  return {
    review, items: page.items, filters, paged: Boolean(cursor), now: new Date().toISOString(),
    ...(page.cursor ? { nextCursor: page.cursor } : {}),
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
