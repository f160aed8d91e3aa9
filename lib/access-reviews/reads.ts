// Reading reviews: the tenant's list (GSI1, newest first), one header (GetItem), a review's items
// (its partition, filtered by reviewer or undecided) and a reviewer's own list across open
// reviews (GSI2, one Query a page). Listings page with signed cursors bound to their filters.
import 'server-only';
import { batchGet, getItem, INDEX, keys, pageSize, queryPage, type TenantDb } from '../db';
import { ULID } from '../validation';
import { itemNotFound, reviewNotFound } from './errors';
import { toReviewHeader, toReviewItem } from './review-items';
import type { Page } from './index';
import type { ReviewHeader, ReviewItem } from './types';

export const REVIEWS_PAGE = { default: 25, max: 100 } as const;
export const ITEMS_PAGE = { default: 50, max: 200 } as const;

/** An id of another shape cannot name a review: the same 404 as one that does not exist. */
export function reviewIdOf(raw: unknown): string {
  if (typeof raw !== 'string' || !ULID.test(raw)) throw reviewNotFound();
  return raw;
}

export function itemIdOf(raw: unknown): string {
  if (typeof raw !== 'string' || !ULID.test(raw)) throw itemNotFound();
  return raw;
}

const withCursor = <T>(items: T[], next: string | undefined): Page<T> => ({ items, ...(next ? { cursor: next } : {}) });

export async function listReviews(db: TenantDb, options: { cursor?: string; limit?: number } = {}): Promise<Page<ReviewHeader>> {
  const out = await queryPage(
    db,
    { IndexName: INDEX.gsi1, KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': keys.gsi1.accessReviews(db.tenantId) }, ScanIndexForward: false },
    { limit: pageSize(options.limit, REVIEWS_PAGE), scope: `REVIEWS:${db.tenantId}`, cursor: options.cursor },
  );
  return withCursor(out.items.map(toReviewHeader), out.nextCursor);
}

/** The header, strongly consistent; 404 when the review is not this tenant's. */
export async function readReview(db: TenantDb, rawReviewId: string): Promise<ReviewHeader> {
  const reviewId = reviewIdOf(rawReviewId);
  const item = await getItem(db, keys.accessReview(db.tenantId, reviewId));
  if (!item) throw reviewNotFound();
  return toReviewHeader(item);
}

export async function readItem(db: TenantDb, reviewId: string, rawItemId: string): Promise<ReviewItem> {
  const itemId = itemIdOf(rawItemId);
  const item = await getItem(db, keys.accessReviewItem(db.tenantId, reviewId, itemId));
  if (!item) throw itemNotFound();
  return toReviewItem(item);
}

export async function listReviewItems(
  db: TenantDb,
  rawReviewId: string,
  options: { cursor?: string; limit?: number; reviewerId?: string; undecided?: boolean } = {},
): Promise<Page<ReviewItem>> {
  const reviewId = reviewIdOf(rawReviewId);
  const filters: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':pk': keys.accessReviewPartition(db.tenantId, reviewId), ':sk': keys.accessReviewItemPrefix };
  if (options.reviewerId) {
    Object.assign(names, { '#reviewer': 'reviewer', '#userId': 'userId' });
    values[':reviewer'] = options.reviewerId;
    filters.push('#reviewer.#userId = :reviewer');
  }
  if (options.undecided) {
    names['#decision'] = 'decision';
    filters.push('attribute_not_exists(#decision)');
  }
  const out = await queryPage(
    db,
    {
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
      ...(filters.length ? { FilterExpression: filters.join(' AND '), ExpressionAttributeNames: names } : {}),
      ExpressionAttributeValues: values,
    },
    {
      limit: pageSize(options.limit, ITEMS_PAGE),
      scope: `REVIEWITEMS:${db.tenantId}:${reviewId}:${options.reviewerId ?? ''}:${options.undecided ? 'u' : ''}`,
      cursor: options.cursor,
    },
  );
  return withCursor(out.items.map(toReviewItem), out.nextCursor);
}

/** The reviewer's undecided items of open reviews: one GSI2 Query a page, grouped by review. */
export async function listItemsToReview(db: TenantDb, reviewerId: string, options: { cursor?: string; limit?: number } = {}): Promise<Page<ReviewItem>> {
  const out = await queryPage(
    db,
    { IndexName: INDEX.gsi2, KeyConditionExpression: 'GSI2PK = :pk', ExpressionAttributeValues: { ':pk': keys.gsi2.toReview(db.tenantId, reviewerId) } },
    { limit: pageSize(options.limit, ITEMS_PAGE), scope: `TOREVIEW:${db.tenantId}:${reviewerId}`, cursor: options.cursor },
  );
  return withCursor(out.items.map(toReviewItem), out.nextCursor);
}

/** The headers of the reviews some items belong to, in one BatchGetItem (a reviewer's list shows their names and deadlines). */
export async function reviewsOf(db: TenantDb, items: Pick<ReviewItem, 'reviewId'>[]): Promise<Map<string, ReviewHeader>> {
  const ids = [...new Set(items.map((i) => i.reviewId))];
  if (ids.length === 0) return new Map();
  const found = await batchGet(db, ids.map((id) => keys.accessReview(db.tenantId, id)));
  return new Map(found.map(toReviewHeader).map((h) => [h.reviewId, h]));
}
