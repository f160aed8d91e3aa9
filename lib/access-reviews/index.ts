// Access reviews (docs/access-reviews.md): owners start a review of who holds elevated access, now
// or on a schedule; each item goes to someone who can judge it (never its subject); decisions are
// applied through the normal write path at the deadline, and the finished review is evidence.
// This entry is the server's; the console imports ./types and ./limits alone.
import 'server-only';
import type { AuditActor, PlatformDb, TenantDb } from '../db';
import type { ActorAccess } from '../authz';
import type { ReviewSchedule, ReviewSettings } from './types';

export * from './types';
export { REVIEW_LIMITS } from './limits';

const notBuilt = (): never => {
  throw new Error('access reviews: not built yet');
};

/** One page of a listing, with the signed cursor of the next (queryPage's shape). */
export interface Page<T> {
  items: T[];
  cursor?: string;
}

/** Who acts: the audit identity and their access in this tenant (read once per request). */
export interface ReviewActor {
  actor: AuditActor;
  access: ActorAccess;
}

// ---- the review and its items (part A) ----
export { startReview, type StartOptions } from './start-review';
export { listReviews, readReview, listReviewItems, listItemsToReview, reviewsOf, REVIEWS_PAGE, ITEMS_PAGE } from './reads';
export { decideItem, decideItems, delegateItem, decidePlace, readHeaderAndItem, type DecideOptions, type DelegateOptions } from './decide';
export { eligibleReviewers, ELIGIBLE_REVIEWERS_SHOWN } from './judges';
export { completeReview, type CompleteOptions } from './complete';
export { cancelReview, draftRevert, type RevertDraft } from './cancel-revert';

// ---- schedules, the deadline's clock, mail and evidence (part B) ----
export { listSchedules, createSchedule, updateSchedule, deleteSchedule, readSchedule, type ScheduleInput, type ScheduleChange } from './schedules';
/** Called by POST /api/internal/run-due: starts scheduled reviews, sends reminders, completes reviews at their deadline. */
export { runDueReviews, type DueReviewsOutcome } from './run-due';
export { reviewEvidenceCsv, reviewEvidencePdf, evidenceFileName } from './evidence';
