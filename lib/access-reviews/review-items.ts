// The items of a review: its header `T#<t>#REVIEW#<id>` / `REVIEW` (GSI1: the tenant's reviews,
// newest first; GSI4 `REVIEWSDUE` while open: its next reminder, else its deadline) and its items
// `ITEM#<id>` beside it (GSI2: the reviewer's list while undecided and the review open).
import 'server-only';
import { z } from 'zod';
import { itemParser, keys, sortKeys, storedActor } from '../db';
import type { ReviewHeader, ReviewItem } from './types';

/** When the review next needs the clock: its reminder while not sent, else its deadline. */
export const nextDue = (h: Pick<ReviewHeader, 'remindAt' | 'remindedAt' | 'dueAt'>) => (h.remindAt && !h.remindedAt ? h.remindAt : h.dueAt);

export function headerItem(tenantId: string, h: ReviewHeader): Record<string, unknown> {
  return {
    ...keys.accessReview(tenantId, h.reviewId),
    type: 'accessReview',
    tenantId,
    ...h,
    GSI1PK: keys.gsi1.accessReviews(tenantId),
    GSI1SK: h.reviewId,
    ...(h.status === 'open' ? { GSI4PK: keys.gsi4.reviewsDue(), GSI4SK: sortKeys.reviewDue(nextDue(h), tenantId, h.reviewId) } : {}),
  };
}

/** An item is on its reviewer's list while nobody decided it and the review is open. */
export function reviewItemItem(tenantId: string, item: ReviewItem): Record<string, unknown> {
  const listed = item.reviewer && !item.decision;
  return {
    ...keys.accessReviewItem(tenantId, item.reviewId, item.itemId),
    type: 'accessReviewItem',
    tenantId,
    ...item,
    ...(listed ? { GSI2PK: keys.gsi2.toReview(tenantId, item.reviewer!.userId), GSI2SK: sortKeys.reviewItem(item.reviewId, item.itemId) } : {}),
  };
}

const person = storedActor.transform((p) => ({ userId: p.userId, email: p.email, ...(p.name ? { name: p.name } : {}) }));
const counts = z.object({ items: z.number(), decided: z.number(), keep: z.number(), remove: z.number(), removed: z.number(), notRemoved: z.number() });
const coverage = z.object({
  roles: z.array(z.enum(['owner', 'admin', 'manager'])),
  customRoles: z.array(z.string()),
  permissions: z.array(z.string()),
  apiKeys: z.boolean(),
  guests: z.boolean(),
  directoryRules: z.boolean(),
});

export const toReviewHeader: (item: Record<string, unknown>) => ReviewHeader = itemParser(
  'accessReview',
  z.object({
    reviewId: z.string(),
    name: z.string(),
    coverage,
    durationDays: z.number(),
    reminderDaysBefore: z.number(),
    defaultDecision: z.enum(['keep', 'remove']),
    status: z.enum(['open', 'completing', 'completed', 'cancelled']),
    startedAt: z.string(),
    startedBy: person,
    dueAt: z.string(),
    remindAt: z.string().optional(),
    remindedAt: z.string().optional(),
    scheduleId: z.string().optional(),
    completedAt: z.string().optional(),
    completedBy: person.optional(),
    counts,
    revertChangeSetId: z.string().optional(),
    version: z.number(),
  }).transform(dropUndefined),
);

const decision = z.object({
  value: z.enum(['keep', 'remove']),
  reason: z.string(),
  by: person,
  at: z.string(),
  automatic: z.boolean().optional(),
});

export const toReviewItem: (item: Record<string, unknown>) => ReviewItem = itemParser(
  'accessReviewItem',
  z.object({
    reviewId: z.string(),
    itemId: z.string(),
    kind: z.enum(['role', 'apiKey', 'guest', 'directoryRule']),
    subject: z.object({ type: z.enum(['person', 'apiKey', 'directoryRule']), id: z.string(), label: z.string(), email: z.string().optional() }),
    unit: z.object({ id: z.string(), name: z.string(), path: z.string() }).optional(),
    access: z.object({ role: z.string().optional(), roles: z.array(z.string()).optional(), description: z.string() }),
    why: z.array(z.string()),
    lastActivity: z.object({ kind: z.enum(['signIn', 'keyUse', 'sync', 'none']), at: z.string().optional() }),
    reviewer: person.nullable(),
    delegatedBy: person.optional(),
    decision: decision.optional(),
    outcome: z
      .object({
        state: z.enum(['kept', 'removed', 'unchanged', 'failed']),
        at: z.string(),
        detail: z.string().optional(),
        removedMemberships: z.array(z.object({ unitId: z.string(), role: z.string(), roles: z.array(z.string()).optional() })).optional(),
      })
      .transform(dropUndefined)
      .optional(),
    basis: z.object({ version: z.number().optional() }),
    version: z.number(),
  }).transform(dropUndefined),
);

function dropUndefined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}
