// The check API's bounds (docs/checks.md, "Limits"): checked before any read.
export const CHECK_LIMITS = {
  /** Checks in one batch (and in one what-if call). */
  batch: 100,
  /** Rows of a units or subjects page: default and most. */
  page: { default: 50, max: 200 },
  /** `minimizeLatency`: the staleness allowed by default, and the most a caller may allow. */
  staleness: { defaultSeconds: 5, maxSeconds: 60 },
  /** An email, and a directory external id, as a subject. */
  emailLength: 254,
  externalIdLength: 256,
} as const;
