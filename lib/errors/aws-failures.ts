// Which AWS failures mean "not now" rather than "never". Kept with the error family, not in
// lib/db, because the one HTTP mapper (./http.ts) and SCIM's answers classify with it, and the
// error family sits below the data layer.
const TRANSIENT_NAMES = new Set([
  'ProvisionedThroughputExceededException', 'ThrottlingException', 'Throttling', 'RequestLimitExceeded',
  'InternalServerError', 'InternalFailure', 'ServiceUnavailable', 'TransactionConflictException',
  'TimeoutError', 'RequestTimeout', 'RequestTimeoutException',
]);
const TRANSIENT_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EAI_AGAIN']);
const TRANSIENT_REASONS = new Set(['TransactionConflict', 'ThrottlingError', 'ProvisionedThroughputExceeded']);

/**
 * An AWS failure that says "not now" rather than "never": what the SDK retries, still failing once
 * its attempts ran out. Answered as 503 `database.busy`; anything else stays a 500.
 */
export function isTransientAwsError(e: unknown): boolean {
  if (!e || typeof e !== 'object') return false;
  const err = e as { name?: string; code?: string; $fault?: string; $metadata?: { httpStatusCode?: number }; CancellationReasons?: { Code?: string }[] };
  if (err.name && TRANSIENT_NAMES.has(err.name)) return true;
  if (err.code && TRANSIENT_CODES.has(err.code)) return true;
  if (err.$fault === 'server' || (err.$metadata?.httpStatusCode ?? 0) >= 500) return true;
  if (err.name === 'TransactionCanceledException') return (err.CancellationReasons ?? []).some((r) => TRANSIENT_REASONS.has(r.Code ?? ''));
  return false;
}
