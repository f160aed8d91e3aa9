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
export { completeReview, type CompleteOptions } from './complete';
export { cancelReview, draftRevert, type RevertDraft } from './cancel-revert';

// ---- schedules, the deadline's clock, mail and evidence (part B) ----
export async function listSchedules(_db: TenantDb): Promise<ReviewSchedule[]> {
  return notBuilt();
}
export async function createSchedule(_db: TenantDb, _by: ReviewActor, _input: ReviewSettings & { everyMonths: ReviewSchedule['everyMonths']; firstStartAt: string }): Promise<ReviewSchedule> {
  return notBuilt();
}
export async function updateSchedule(_db: TenantDb, _by: ReviewActor, _scheduleId: string, _expectedVersion: number, _input: Partial<ReviewSettings> & { everyMonths?: ReviewSchedule['everyMonths']; nextStartAt?: string; enabled?: boolean }): Promise<ReviewSchedule> {
  return notBuilt();
}
export async function deleteSchedule(_db: TenantDb, _by: ReviewActor, _scheduleId: string, _expectedVersion: number): Promise<void> {
  return notBuilt();
}
/** Called by POST /api/internal/run-due: starts scheduled reviews, sends reminders, completes reviews at their deadline. */
export async function runDueReviews(_platform: PlatformDb, _tenantDb: (tenantId: string) => Promise<TenantDb>, _now?: Date): Promise<{ started: number; reminded: number; completed: number }> {
  return notBuilt();
}
export async function reviewEvidenceCsv(_db: TenantDb, _reviewId: string): Promise<string> {
  return notBuilt();
}
export async function reviewEvidencePdf(_db: TenantDb, _reviewId: string): Promise<Uint8Array> {
  return notBuilt();
}
