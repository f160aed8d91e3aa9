// Bounds of audit streaming (docs/audit-streaming.md#limits).
export const STREAM_LIMITS = {
  /** Destinations per tenant. */
  maxDestinations: 5,
  maxNameLength: 80,
  maxUrlLength: 2_048,
  maxSecretLength: 4_096,
  /** Entries sent in one batch (one POST, one object). */
  batchEntries: 500,
  /** Bytes one batch may occupy before it is cut (HEC and Datadog both take 5 MB). */
  batchBytes: 4_000_000,
  /** How long after an entry's id time it is first sent: writers in other processes may still commit earlier ids. */
  settleMs: 5_000,
  /** Backfill at most this far back (the audit retention bounds it too). */
  maxBackfillDays: 365,
} as const;
