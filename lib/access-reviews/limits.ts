// Bounds of access reviews, checked before any expensive work (docs/access-reviews.md#limits).
export const REVIEW_LIMITS = {
  /** Items one review may hold: a bigger scope is refused (422) with the advice to narrow it. */
  maxItems: 5_000,
  maxNameLength: 120,
  maxReasonLength: 500,
  minDurationDays: 1,
  maxDurationDays: 90,
  /** Items one bulk decision may take. */
  maxBulk: 100,
  /** Schedules per tenant. */
  maxSchedules: 20,
  /** Open reviews per tenant at once. */
  maxOpen: 10,
} as const;
