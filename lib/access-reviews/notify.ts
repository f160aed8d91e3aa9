// Mail about a review (part B builds these; part A calls them where the events happen).
import 'server-only';
import type { TenantDb } from '../db';
import type { ReviewHeader } from './types';

/** Tells each reviewer what they have to review and by when. Never throws: mail is best effort. */
export async function notifyReviewStarted(_db: TenantDb, _review: ReviewHeader): Promise<void> {}

/** Tells the new reviewer of a delegated item. Never throws. */
export async function notifyItemDelegated(_db: TenantDb, _review: ReviewHeader, _toUserId: string): Promise<void> {}

/** Sends the owners the summary of a completed review. Never throws. */
export async function notifyReviewCompleted(_db: TenantDb, _review: ReviewHeader): Promise<void> {}
