// Access reviews (app/api/v1/access-reviews/**, docs/access-reviews.md): owners start, read,
// complete, cancel and revert reviews (`accessReview.manage`); each item's reviewer reads their
// own items and decides or hands them on (`accessReview.decide`).
import { z } from 'zod';
import { REVIEW_LIMITS } from '../../access-reviews/limits';
import type { ReviewHeader, ReviewItem } from '../../access-reviews/types';
import { field } from '../../validation';
import { operation } from '../operation';
import { describes, nextCursor } from './schemas';

const tag = 'Access reviews';
const reviewParams = z.object({ reviewId: field.id('review') });
const itemParams = z.object({ reviewId: field.id('review'), itemId: field.id('review item') });
const person = z.object({ userId: z.string(), email: z.string(), name: z.string().optional() }).meta({ id: 'ReviewPerson' });
const version = z.int().meta({ description: 'Send back as `expectedVersion` with a change.' });
const reason = z.string().max(REVIEW_LIMITS.maxReasonLength * 4).meta({ description: `At most ${REVIEW_LIMITS.maxReasonLength} characters; required to remove.` });

const coverage = z
  .object({
    roles: z.array(z.enum(['owner', 'admin', 'manager'])).max(3).meta({ description: 'Built-in roles whose holders are reviewed.' }),
    customRoles: z.array(z.string().max(64)).max(100).meta({ description: 'Custom role keys whose holders are reviewed.' }),
    permissions: z.array(z.string().max(128)).max(100).meta({ description: 'Holders of any custom role giving one of these permissions are reviewed too.' }),
    apiKeys: z.boolean(),
    guests: z.boolean().meta({ description: 'People whose email domain the organization has not proven.' }),
    directoryRules: z.boolean().meta({ description: 'Directory-sync rules that grant an elevated or custom role.' }),
  })
  .meta({ id: 'ReviewCoverage' });

const settingsFields = {
  name: z.string().max(REVIEW_LIMITS.maxNameLength * 4),
  coverage,
  durationDays: z.int().min(REVIEW_LIMITS.minDurationDays).max(REVIEW_LIMITS.maxDurationDays),
  reminderDaysBefore: z.int().min(0).max(REVIEW_LIMITS.maxDurationDays).meta({ description: '0: no reminder.' }),
  defaultDecision: z.enum(['keep', 'remove']).meta({ description: 'What happens at the deadline to items nobody decided.' }),
};

const counts = z.object({ items: z.int(), decided: z.int(), keep: z.int(), remove: z.int(), removed: z.int(), notRemoved: z.int() });

const review = describes<ReviewHeader>()(
  z
    .object({
      ...settingsFields,
      name: z.string(),
      reviewId: z.string(),
      status: z.enum(['open', 'completing', 'completed', 'cancelled']),
      startedAt: z.string(),
      startedBy: person,
      dueAt: z.string(),
      remindAt: z.string().optional(),
      remindedAt: z.string().optional(),
      scheduleId: z.string().optional(),
      completedAt: z.string().optional(),
      completedBy: person.optional().meta({ description: 'Who completed or cancelled it; absent when the deadline did.' }),
      counts,
      revertChangeSetId: z.string().optional(),
      version,
    })
    .meta({ id: 'AccessReview' }),
);

const item = describes<ReviewItem>()(
  z
    .object({
      reviewId: z.string(),
      itemId: z.string(),
      kind: z.enum(['role', 'apiKey', 'guest', 'directoryRule']),
      subject: z.object({ type: z.enum(['person', 'apiKey', 'directoryRule']), id: z.string(), label: z.string(), email: z.string().optional() }),
      unit: z.object({ id: z.string(), name: z.string(), path: z.string() }).optional(),
      access: z.object({ role: z.string().optional(), roles: z.array(z.string()).optional(), description: z.string() }),
      why: z.array(z.string()).meta({ description: 'Why the access exists, one step a line.' }),
      lastActivity: z.object({ kind: z.enum(['signIn', 'keyUse', 'sync', 'none']), at: z.string().optional() }),
      reviewer: person.nullable().meta({ description: 'null: nobody but the subject could judge it.' }),
      delegatedBy: person.optional(),
      decision: z.object({ value: z.enum(['keep', 'remove']), reason: z.string(), by: person, at: z.string(), automatic: z.boolean().optional() }).optional(),
      outcome: z
        .object({
          state: z.enum(['kept', 'removed', 'unchanged', 'failed']),
          at: z.string(),
          detail: z.string().optional(),
          removedMemberships: z.array(z.object({ unitId: z.string(), role: z.string(), roles: z.array(z.string()).optional() })).optional(),
        })
        .optional(),
      basis: z.object({ version: z.int().optional() }),
      version,
    })
    .meta({ id: 'AccessReviewItem' }),
);

const page = { cursor: field.cursor.optional(), limit: z.coerce.number().int().min(1).max(200).optional() };

export const accessReviews = {
  list: operation({
    method: 'get', path: '/api/v1/access-reviews', operationId: 'listAccessReviews', tag, personOnly: true,
    summary: 'List access reviews', description: 'Needs `accessReview.manage` (owners). Newest first.',
    query: z.object(page),
    response: z.object({ items: z.array(review), nextCursor }),
  }),
  start: operation({
    method: 'post', path: '/api/v1/access-reviews', operationId: 'startAccessReview', tag, personOnly: true,
    summary: 'Start an access review',
    description:
      'Needs `accessReview.manage`. Collects what the review covers and gives each item to its reviewer. ' +
      `More than ${REVIEW_LIMITS.maxItems} items answers 422 \`accessReview.tooManyItems\` (narrow it); more than ${REVIEW_LIMITS.maxOpen} open reviews 422 \`accessReview.tooManyOpen\`.`,
    body: z.strictObject(settingsFields),
    status: 201,
    response: review,
    errors: ['limit'],
  }),
  get: operation({
    method: 'get', path: '/api/v1/access-reviews/{reviewId}', operationId: 'getAccessReview', tag, personOnly: true,
    summary: 'Get an access review', description: 'Owners, and the reviewers of its items.',
    params: reviewParams, response: review, errors: ['notFound'],
  }),
  items: operation({
    method: 'get', path: '/api/v1/access-reviews/{reviewId}/items', operationId: 'listAccessReviewItems', tag, personOnly: true,
    summary: "List a review's items",
    description: 'Owners see every item (`reviewerId` narrows to one reviewer); anyone else only the items they review.',
    params: reviewParams,
    query: z.object({ ...page, reviewerId: field.id('user').optional(), undecided: z.enum(['true', 'false']).optional() }),
    response: z.object({ items: z.array(item), nextCursor }),
    errors: ['notFound'],
  }),
  assigned: operation({
    method: 'get', path: '/api/v1/access-reviews/assigned', operationId: 'listAssignedReviewItems', tag, personOnly: true,
    summary: 'List the items I am to review',
    description: "The caller's undecided items across open reviews, grouped by review, with each review's name and deadline.",
    query: z.object(page),
    response: z.object({
      items: z.array(item),
      reviews: z.array(z.object({ reviewId: z.string(), name: z.string(), dueAt: z.string(), status: z.enum(['open', 'completing', 'completed', 'cancelled']) })),
      nextCursor,
    }),
  }),
  decide: operation({
    method: 'post', path: '/api/v1/access-reviews/{reviewId}/items/{itemId}/decision', operationId: 'decideAccessReviewItem', tag, personOnly: true,
    summary: 'Keep or remove one item',
    description: "Needs `accessReview.decide`: the item's reviewer, never its subject. A decision can change until the review closes. A stale `expectedVersion` answers 409 `accessReview.itemChanged`; a closed review 409 `accessReview.closed`.",
    params: itemParams,
    body: z.strictObject({ value: z.enum(['keep', 'remove']), reason: reason.optional(), expectedVersion: field.version }),
    response: item, errors: ['notFound', 'conflict'],
  }),
  decideMany: operation({
    method: 'post', path: '/api/v1/access-reviews/{reviewId}/decisions', operationId: 'decideAccessReviewItems', tag, personOnly: true,
    summary: 'Keep or remove several items',
    description: `At most ${REVIEW_LIMITS.maxBulk} items, each decided alone: every one answers with its item or its error.`,
    params: reviewParams,
    body: z.strictObject({
      items: z.array(z.strictObject({ itemId: field.id('review item'), expectedVersion: field.version })).min(1).max(REVIEW_LIMITS.maxBulk),
      value: z.enum(['keep', 'remove']),
      reason: reason.optional(),
    }),
    response: z.object({ results: z.array(z.object({ ok: z.boolean(), itemId: z.string(), item: item.optional(), error: z.object({ code: z.string(), message: z.string() }).optional() })) }),
    errors: ['notFound'],
  }),
  delegate: operation({
    method: 'post', path: '/api/v1/access-reviews/{reviewId}/items/{itemId}/delegate', operationId: 'delegateAccessReviewItem', tag, personOnly: true,
    summary: 'Hand an item to another reviewer',
    description: "The item's reviewer or an owner, to someone who administers the item's unit (an owner or admin for tenant-wide items), never its subject, with a reason.",
    params: itemParams,
    body: z.strictObject({ toUserId: field.id('user'), reason, expectedVersion: field.version }),
    response: item, errors: ['notFound', 'conflict'],
  }),
  eligibleReviewers: operation({
    method: 'get', path: '/api/v1/access-reviews/{reviewId}/items/{itemId}/reviewers', operationId: 'listEligibleReviewers', tag, personOnly: true,
    summary: 'Who an item may be handed to',
    description:
      "For the item's reviewer or an owner: the people who can judge it (those who administer its unit, owners and admins for tenant-wide items), " +
      'never its subject, its reviewer or the caller; strongest first, at most 50 (`more` says there are others: `email` finds one by exact address).',
    params: itemParams,
    query: z.object({ email: field.text(320).optional().meta({ description: 'An exact email address: only that person, if eligible.' }) }),
    response: z.object({ people: z.array(person), more: z.boolean() }).meta({ id: 'EligibleReviewers' }),
    errors: ['notFound'],
  }),
  complete: operation({
    method: 'post', path: '/api/v1/access-reviews/{reviewId}/complete', operationId: 'completeAccessReview', tag, personOnly: true,
    summary: 'Complete a review now',
    description: "Needs `accessReview.manage`. Undecided items take the review's default; removals are applied, each only if the access is still as reviewed. Calling it again resumes an unfinished completion.",
    params: reviewParams, body: z.strictObject({ expectedVersion: field.version.optional() }),
    response: review, errors: ['notFound', 'conflict'],
  }),
  cancel: operation({
    method: 'post', path: '/api/v1/access-reviews/{reviewId}/cancel', operationId: 'cancelAccessReview', tag, personOnly: true,
    summary: 'Cancel an open review', description: 'Needs `accessReview.manage`. Nothing it decided is applied.',
    params: reviewParams, body: z.strictObject({ expectedVersion: field.version }),
    response: review, errors: ['notFound', 'conflict'],
  }),
  revert: operation({
    method: 'post', path: '/api/v1/access-reviews/{reviewId}/revert', operationId: 'revertAccessReview', tag, personOnly: true,
    summary: 'Draft the revert of a completed review',
    description: 'Needs `accessReview.manage`. Drafts a change set giving back the roles and memberships the review removed, for the normal preview and approvals. Revoked keys and deleted directory rules cannot come back: `notRevertible` lists them.',
    params: reviewParams,
    response: z.object({ changeSetId: z.string(), operations: z.int(), notRevertible: z.array(z.string()) }).meta({ id: 'AccessReviewRevert' }),
    errors: ['notFound', 'conflict'],
  }),
};
