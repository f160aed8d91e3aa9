// Access reviews' shapes (docs/access-reviews.md): what a review covers, its items as a reviewer
// judges them, decisions, outcomes and schedules. Browser-safe: the console and the server share them.

/** What a review covers; at least one part must be chosen. */
export interface ReviewCoverage {
  /** Built-in elevated roles whose holders are reviewed. */
  roles: ('owner' | 'admin' | 'manager')[];
  /** Custom role keys whose holders are reviewed. */
  customRoles: string[];
  /** Holders of any custom role giving one of these permissions are reviewed too. */
  permissions: string[];
  apiKeys: boolean;
  /** People whose email domain the tenant has not proven. */
  guests: boolean;
  /** Directory-sync rules that grant a role. */
  directoryRules: boolean;
}

/** What happens at the deadline to an item nobody decided. */
export type ReviewDefault = 'keep' | 'remove';
export type ReviewStatus = 'open' | 'completing' | 'completed' | 'cancelled';
export type ReviewDecisionValue = 'keep' | 'remove';
export type ReviewItemKind = 'role' | 'apiKey' | 'guest' | 'directoryRule';

/** A person as the review recorded them: kept as written, so evidence outlives their leaving. */
export interface ReviewPerson {
  userId: string;
  email: string;
  name?: string;
}

export interface ReviewSettings {
  name: string;
  coverage: ReviewCoverage;
  /** Days from the start to the deadline (1–90). */
  durationDays: number;
  /** Days before the deadline the reminder goes out (0 = none). */
  reminderDaysBefore: number;
  defaultDecision: ReviewDefault;
}

export interface ReviewCounts {
  items: number;
  decided: number;
  keep: number;
  remove: number;
  /** Removals applied, and ones that could not be (changed since, or failed). */
  removed: number;
  notRemoved: number;
}

export interface ReviewHeader extends ReviewSettings {
  reviewId: string;
  status: ReviewStatus;
  startedAt: string;
  startedBy: ReviewPerson;
  dueAt: string;
  remindAt?: string;
  remindedAt?: string;
  /** The schedule that started it, if any. */
  scheduleId?: string;
  completedAt?: string;
  /** Who completed it early, or absent when the deadline did. */
  completedBy?: ReviewPerson;
  counts: ReviewCounts;
  /** The change set drafted to put removals back, once asked for. */
  revertChangeSetId?: string;
  version: number;
}

export interface ReviewDecision {
  value: ReviewDecisionValue;
  reason: string;
  by: ReviewPerson;
  at: string;
  /** The deadline's default decided it, not a person. */
  automatic?: boolean;
}

export interface ReviewOutcome {
  state: 'kept' | 'removed' | 'unchanged' | 'failed';
  at: string;
  /** Why it was not removed ("changed since the review started"), in the console's words. */
  detail?: string;
  /** For a guest removed: the memberships they held, so a revert can give them back. */
  removedMemberships?: { unitId: string; role: string; roles?: string[] }[];
}

/** One thing to judge, as recorded when the review started. */
export interface ReviewItem {
  reviewId: string;
  itemId: string;
  kind: ReviewItemKind;
  subject: { type: 'person' | 'apiKey' | 'directoryRule'; id: string; label: string; email?: string };
  /** The unit the access is held on (absent for tenant-wide things such as a rule). */
  unit?: { id: string; name: string; path: string };
  access: { role?: string; roles?: string[]; description: string };
  /** The explain path: why this access exists, one line per step, in the console's words. */
  why: string[];
  lastActivity: { kind: 'signIn' | 'keyUse' | 'sync' | 'none'; at?: string };
  /** null when nobody but the subject could judge it (recorded, never self-reviewed). */
  reviewer: ReviewPerson | null;
  delegatedBy?: ReviewPerson;
  decision?: ReviewDecision;
  outcome?: ReviewOutcome;
  /** What the removal is conditioned on: the stored version of the access when the review started. */
  basis: { version?: number };
  version: number;
}

export interface ReviewSchedule extends ReviewSettings {
  scheduleId: string;
  /** Months between starts: 1, 3 (quarterly), 6 or 12. */
  everyMonths: 1 | 3 | 6 | 12;
  nextStartAt: string;
  enabled: boolean;
  createdBy: ReviewPerson;
  createdAt: string;
  /** Why the clock switched it off (its creator is no longer an owner, or a start was refused). */
  pausedReason?: string;
  /** The review it started last. */
  lastReviewId?: string;
  version: number;
}
