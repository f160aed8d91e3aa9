// The errors of access reviews, each worded once.
import { arborError } from '../errors';
import { REVIEW_LIMITS } from './limits';

export const reviewNotFound = () => arborError('accessReview.notFound', 'That access review does not exist in this organization.');

export const itemNotFound = () => arborError('accessReview.itemNotFound', 'That review item does not exist in this review.');

export const badSettings = (message: string, field?: string) => arborError('accessReview.badSettings', message, field ? { field } : undefined);

export const unknownCoverage = (roles: string[], permissions: string[]) =>
  arborError(
    'accessReview.unknownRoles',
    `The review names ${[...roles.map((r) => `role '${r}'`), ...permissions.map((p) => `permission '${p}'`)].join(', ')}, which this organization does not define.`,
    { roles, permissions },
  );

export const tooManyItems = (found: number) =>
  arborError(
    'accessReview.tooManyItems',
    `This review would hold ${found} items, more than the ${REVIEW_LIMITS.maxItems} one review can. Narrow it: fewer roles, or API keys, guests and directory rules in a review of their own.`,
    { found, max: REVIEW_LIMITS.maxItems },
  );

export const tooManyOpen = () =>
  arborError('accessReview.tooManyOpen', `At most ${REVIEW_LIMITS.maxOpen} reviews can be open at once. Complete or cancel one first.`, { max: REVIEW_LIMITS.maxOpen });

export const reviewClosed = (status: string) =>
  arborError('accessReview.closed', `This review is ${status}: its decisions can no longer change.`, { status });

/** The item changed since the caller read it (decided or delegated by someone else). */
export const itemChanged = (currentVersion: number | undefined, current?: unknown) =>
  arborError('accessReview.itemChanged', 'Someone else changed this item while you were deciding. Review it again and decide.', { currentVersion, current });

export const reviewChanged = (currentVersion: number | undefined) =>
  arborError('accessReview.reviewChanged', 'This review changed while you were looking at it. Reload it and try again.', { currentVersion });

/** A removal without a reason, or any reason too long. */
export const badReason = () =>
  arborError('accessReview.reasonRequired', `Give a reason of at most ${REVIEW_LIMITS.maxReasonLength} characters; removing access always needs one.`, { max: REVIEW_LIMITS.maxReasonLength });

export const badDelegate = (message: string) => arborError('accessReview.badDelegate', message);

export const tooManyInBulk = () =>
  arborError('accessReview.tooManyInBulk', `At most ${REVIEW_LIMITS.maxBulk} items can be decided at once.`, { max: REVIEW_LIMITS.maxBulk });

export const notCompleted = () =>
  arborError('accessReview.notCompleted', 'Only a completed review has removals to give back.');

// ---- schedules ----
export const scheduleNotFound = () => arborError('accessReview.scheduleNotFound', 'This review schedule does not exist (it may have been removed).');
export const scheduleChanged = () =>
  arborError('accessReview.scheduleChanged', 'Someone else changed this schedule while you were editing. Review it and apply your change again.');
export const tooManyReviewSchedules = (max: number) =>
  arborError('accessReview.tooManySchedules', `An organization can have ${max} review schedules; remove one you no longer use first.`);
export const badReviewSchedule = (problem: string) => arborError('accessReview.badSchedule', `This schedule cannot be saved: ${problem}`, { problem });
