// The words the console and the evidence use for a review's values. Browser-safe.
import type { ReviewItem, ReviewStatus } from './types';

export const KIND_WORDS: Record<ReviewItem['kind'], string> = { role: 'Role', apiKey: 'API key', guest: 'Guest', directoryRule: 'Directory rule' };
export const OUTCOME_WORDS: Record<NonNullable<ReviewItem['outcome']>['state'], string> = { kept: 'Kept', removed: 'Removed', unchanged: 'Not removed', failed: 'Removal failed' };
export const STATUS_WORDS: Record<ReviewStatus, string> = { open: 'In progress', completing: 'Completing', completed: 'Completed', cancelled: 'Cancelled' };

export const lastActivityWords = (a: ReviewItem['lastActivity']) =>
  a.kind === 'none' || !a.at ? 'None recorded' : `${{ signIn: 'Signed in', keyUse: 'Key used', sync: 'Synced' }[a.kind]} ${a.at}`;
