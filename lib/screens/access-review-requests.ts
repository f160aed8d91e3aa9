// Access reviews as the API and the console ask for them: who may read what (owners every review
// and item; a reviewer the reviews they have items in, and only their own items), and each change
// decided by lib/authz on the item as stored, so its write is bound to that decision.
import 'server-only';
import {
  cancelReview, completeReview, decideItem, decideItems, decidePlace, delegateItem, draftRevert, eligibleReviewers, readHeaderAndItem, listItemsToReview, listReviewItems,
  listReviews, readReview, reviewsOf, ITEMS_PAGE, startReview, type ReviewActor, type ReviewDecisionValue, type ReviewHeader, type ReviewItem, type ReviewSettings,
} from '../access-reviews';
import { reviewNotFound } from '../access-reviews/errors';
import { can } from '../authz';
import { actorIdentity } from '../db';
import type { ScreenContext } from './screen-context';

export const reviewActor = (ctx: ScreenContext): ReviewActor => ({ actor: actorIdentity(ctx.actor), access: ctx.actor });

const isOwner = (ctx: ScreenContext) => can(ctx.actor, 'accessReview.manage', {});

/**
 * Owners, or the reviewers of some of its items; anyone else is told it does not exist. A
 * reviewer's items are looked for in one filtered page (up to 10 × 200 items read).
 */
async function authorizeReading(ctx: ScreenContext, reviewId: string): Promise<ReviewHeader> {
  if (isOwner(ctx)) {
    ctx.authorize('accessReview.manage', {});
    return readReview(ctx.db, reviewId);
  }
  const [header, mine] = await Promise.all([readReview(ctx.db, reviewId), listReviewItems(ctx.db, reviewId, { reviewerId: ctx.actor.userId, limit: ITEMS_PAGE.max })]);
  if (mine.items.length === 0) throw reviewNotFound();
  ctx.authorize('tenant.read', {});
  return header;
}

export async function loadReviews(ctx: ScreenContext, page: { cursor?: string; limit?: number }) {
  ctx.authorize('accessReview.manage', {});
  const out = await listReviews(ctx.db, page);
  return { items: out.items, ...(out.cursor ? { nextCursor: out.cursor } : {}) };
}

export async function beginReview(ctx: ScreenContext, settings: ReviewSettings): Promise<ReviewHeader> {
  ctx.authorize('accessReview.manage', {});
  return startReview(ctx.db, reviewActor(ctx), settings);
}

export const loadReview = (ctx: ScreenContext, reviewId: string) => authorizeReading(ctx, reviewId);

export async function loadReviewItems(ctx: ScreenContext, reviewId: string, query: { cursor?: string; limit?: number; reviewerId?: string; undecided?: 'true' | 'false' }) {
  const owner = isOwner(ctx);
  if (owner) ctx.authorize('accessReview.manage', {});
  else await authorizeReading(ctx, reviewId);
  // Anyone but an owner sees their own items only, whatever they asked for.
  const reviewerId = owner ? query.reviewerId : ctx.actor.userId;
  if (owner) await readReview(ctx.db, reviewId);
  const out = await listReviewItems(ctx.db, reviewId, {
    ...(query.cursor ? { cursor: query.cursor } : {}), ...(query.limit ? { limit: query.limit } : {}),
    ...(reviewerId ? { reviewerId } : {}), undecided: query.undecided === 'true',
  });
  return { items: out.items, ...(out.cursor ? { nextCursor: out.cursor } : {}) };
}

/** The caller's own list: one Query for the items, one BatchGetItem for their reviews' names and deadlines. */
export async function loadAssigned(ctx: ScreenContext, page: { cursor?: string; limit?: number }) {
  ctx.authorize('tenant.read', {});
  const out = await listItemsToReview(ctx.db, ctx.actor.userId, page);
  const reviews = await reviewsOf(ctx.db, out.items);
  // An item of a review being started or cancelled a moment ago is not shown.
  const items = out.items.filter((i) => reviews.get(i.reviewId)?.status === 'open');
  return {
    items,
    reviews: [...reviews.values()].map((r) => ({ reviewId: r.reviewId, name: r.name, dueAt: r.dueAt, status: r.status })),
    ...(out.cursor ? { nextCursor: out.cursor } : {}),
  };
}

const allowDecide = (ctx: ScreenContext) => (item: ReviewItem) => {
  ctx.authorize('accessReview.decide', decidePlace(item));
};

export function decide(ctx: ScreenContext, reviewId: string, itemId: string, body: { value: ReviewDecisionValue; reason?: string | undefined; expectedVersion: number }) {
  return decideItem(ctx.db, reviewActor(ctx), reviewId, itemId, body.expectedVersion, { value: body.value, reason: body.reason ?? '' }, { allow: allowDecide(ctx) });
}

export async function decideMany(ctx: ScreenContext, reviewId: string, body: { items: { itemId: string; expectedVersion: number }[]; value: ReviewDecisionValue; reason?: string | undefined }) {
  // Each item is decided on its own (its reviewer); a review or item that is not this tenant's answers 404 in its row.
  ctx.authorize('tenant.read', {});
  const results = await decideItems(ctx.db, reviewActor(ctx), reviewId, body.items, { value: body.value, reason: body.reason ?? '' }, { allow: allowDecide(ctx) });
  return { results: results.map((r) => ({ ok: !r.error, ...r })) };
}

export function delegate(ctx: ScreenContext, reviewId: string, itemId: string, body: { toUserId: string; reason: string; expectedVersion: number }) {
  return delegateItem(ctx.db, reviewActor(ctx), reviewId, itemId, body.expectedVersion, body.toUserId, body.reason, {
    allow: (item) => authorizeHandOver(ctx, item),
  });
}

/** The item's reviewer where they may decide it, else an owner. */
function authorizeHandOver(ctx: ScreenContext, item: ReviewItem) {
  if (item.reviewer?.userId === ctx.actor.userId) ctx.authorize('accessReview.decide', decidePlace(item));
  else ctx.authorize('accessReview.manage', {});
}

/** Who the caller may hand an item to: asked of the same people and rule as `delegate`, on the item as stored. */
export async function loadEligibleReviewers(ctx: ScreenContext, reviewId: string, itemId: string, email?: string) {
  const { item } = await readHeaderAndItem(ctx.db, reviewId, itemId);
  authorizeHandOver(ctx, item);
  return eligibleReviewers(ctx.db, item, ctx.actor.userId, email);
}

export function complete(ctx: ScreenContext, reviewId: string, expectedVersion: number | undefined) {
  ctx.authorize('accessReview.manage', {});
  return completeReview(ctx.db, reviewActor(ctx), reviewId, expectedVersion);
}

export function cancel(ctx: ScreenContext, reviewId: string, expectedVersion: number) {
  ctx.authorize('accessReview.manage', {});
  return cancelReview(ctx.db, reviewActor(ctx), reviewId, expectedVersion);
}

export function revert(ctx: ScreenContext, reviewId: string) {
  ctx.authorize('accessReview.manage', {});
  return draftRevert(ctx.db, reviewActor(ctx), reviewId, { authorize: ctx.authorize });
}
