// Access review schedules (app/api/v1/access-review-schedules/**) and a review's evidence
// (app/api/v1/access-reviews/{reviewId}/evidence). All need `accessReview.manage`: owners, so people
// only (an API key is never an owner).
import { z } from 'zod';
import { REVIEW_LIMITS } from '../../access-reviews/limits';
import { coverageSchema } from '../../access-reviews/settings-schema';
import type { ReviewSchedule } from '../../access-reviews/types';
import { field } from '../../validation';
import { operation } from '../operation';
import { describes } from './schemas';

const tag = 'Access reviews';
const params = z.object({ scheduleId: field.id('review schedule') });
const everyMonths = z.union([z.literal(1), z.literal(3), z.literal(6), z.literal(12)]).meta({ description: 'Months between starts: 1, 3 (quarterly), 6 or 12.' });
const person = z.object({ userId: z.string(), email: z.string(), name: z.string().optional() });

const settings = {
  name: z.string().min(1).max(REVIEW_LIMITS.maxNameLength),
  coverage: coverageSchema.meta({ id: 'ReviewCoverage', description: 'What each review covers; at least one part must be chosen.' }),
  durationDays: z.int().min(REVIEW_LIMITS.minDurationDays).max(REVIEW_LIMITS.maxDurationDays).meta({ description: 'Days from the start to the deadline.' }),
  reminderDaysBefore: z.int().min(0).max(REVIEW_LIMITS.maxDurationDays).meta({ description: 'Days before the deadline the reminder goes out (0: none); less than `durationDays`.' }),
  defaultDecision: z.enum(['keep', 'remove']).meta({ description: 'What happens at the deadline to an item nobody decided.' }),
};

/** lib/access-reviews/types.ts ReviewSchedule. */
const schedule = describes<ReviewSchedule>()(
  z.object({
    scheduleId: z.string(), ...settings, everyMonths, nextStartAt: z.string(), enabled: z.boolean(),
    createdBy: person, createdAt: z.string(),
    pausedReason: z.string().optional().meta({ description: 'Why it was switched off by the clock (its creator is no longer an owner).' }),
    lastReviewId: z.string().optional().meta({ description: 'The review it started last.' }),
    version: z.int().meta({ description: 'Send back as `expectedVersion` with a change.' }),
  }).meta({ id: 'ReviewSchedule' }),
);

const startAt = z.string().max(40).meta({ description: 'ISO 8601 date and time, in the future, within a year.' });

export const accessReviewSchedules = {
  list: operation({
    method: 'get', path: '/api/v1/access-review-schedules', operationId: 'listReviewSchedules', tag, personOnly: true,
    summary: 'List access review schedules', description: 'Needs `accessReview.manage` (owners). Enabled first, soonest start first.',
    response: z.object({ schedules: z.array(schedule) }),
  }),
  create: operation({
    method: 'post', path: '/api/v1/access-review-schedules', operationId: 'createReviewSchedule', tag, personOnly: true,
    summary: 'Schedule access reviews',
    description:
      `Needs \`accessReview.manage\`. A review with these settings starts at \`firstStartAt\`, then every \`everyMonths\`, as the owner who made the schedule; ` +
      `if they are no longer an owner then, the schedule pauses and the owners are told. At most ${REVIEW_LIMITS.maxSchedules} schedules (422 \`accessReview.tooManySchedules\`).`,
    body: z.strictObject({ ...settings, everyMonths, firstStartAt: startAt }),
    status: 201, response: schedule, errors: ['limit'],
  }),
  update: operation({
    method: 'patch', path: '/api/v1/access-review-schedules/{scheduleId}', operationId: 'updateReviewSchedule', tag, personOnly: true,
    summary: 'Change, pause or resume a schedule',
    description:
      'Needs `accessReview.manage`. Conditioned on `expectedVersion` (409 `accessReview.scheduleChanged`). `enabled: true` resumes it: ' +
      'a next start already past moves on to the first one ahead.',
    params,
    body: z.strictObject({
      name: settings.name.optional(), coverage: settings.coverage.optional(), durationDays: settings.durationDays.optional(),
      reminderDaysBefore: settings.reminderDaysBefore.optional(), defaultDecision: settings.defaultDecision.optional(),
      everyMonths: everyMonths.optional(), nextStartAt: startAt.optional(), enabled: z.boolean().optional(), expectedVersion: field.version,
    }),
    response: schedule, errors: ['notFound', 'conflict'],
  }),
  delete: operation({
    method: 'delete', path: '/api/v1/access-review-schedules/{scheduleId}', operationId: 'deleteReviewSchedule', tag, personOnly: true,
    summary: 'Remove a schedule', description: 'Needs `accessReview.manage`. Reviews it already started stay. Conditioned on `expectedVersion`.',
    params, query: z.strictObject({ expectedVersion: field.versionParam }),
    status: 204, errors: ['notFound', 'conflict'],
  }),
  evidence: operation({
    method: 'get', path: '/api/v1/access-reviews/{reviewId}/evidence', operationId: 'exportReviewEvidence', tag, personOnly: true,
    summary: "Export a review's evidence",
    description:
      'Needs `accessReview.manage`. Every item with its reviewer, decision, reason, when and outcome, as CSV (UTF-8 with a byte-order mark; ' +
      'cells a spreadsheet would run as a formula start with an apostrophe) or PDF (A4 landscape). Written from what the review recorded, ' +
      'so it reads the same after people leave. An attachment named `<review-name>-<yyyy-mm-dd>.<csv|pdf>`.',
    params: z.object({ reviewId: field.id('access review') }),
    query: z.strictObject({ format: z.enum(['csv', 'pdf']).default('csv') }),
    response: { mediaType: 'application/octet-stream', description: 'text/csv or application/pdf, by `format`.' },
    errors: ['notFound'],
  }),
};
