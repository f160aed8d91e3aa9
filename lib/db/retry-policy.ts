// One retry policy for everything Arbor sends to AWS, in three layers:
// 1. Transport: the AWS SDK's adaptive retry on every client (DynamoDB, Streams, STS, the rate
//    limiter's store) retries throttling, 5xx answers and dropped connections with backoff, and
//    slows the client's own sending while the service throttles.
// 2. Leftovers: keys and items a BatchGetItem/BatchWriteItem left unprocessed (DynamoDB's partial
//    answer under throttling) are sent again, with backoff.
// 3. Re-decisions: a write whose read went stale (a transaction cancelled by a conflict, a version
//    or path that moved) reads again and decides again, with backoff.
// When a layer runs out, the person sees a 503 "try again" (lib/errors/http.ts), never a 500.

/** For every AWS SDK client's constructor. */
export const SDK_RETRY = { retryMode: 'adaptive', maxAttempts: 5 } as const;

export const RETRY_LIMITS = {
  /** Sends of a batch's unprocessed leftovers. */
  leftovers: 10,
  /** Read-and-decide rounds of one change before it gives up as busy. */
  redecide: 8,
  /** Waits for a running tree job to let go of what a read needs (export, import). */
  jobWait: 5,
} as const;

const BASE_MS = 20;
const CAP_MS = 1_000;

/** Full-jitter exponential backoff before retry number `attempt` (1 = the first retry). */
export function backoff(attempt: number): Promise<void> {
  const ceiling = Math.min(CAP_MS, BASE_MS * 2 ** Math.min(attempt, 10));
  return new Promise((resolve) => setTimeout(resolve, Math.random() * ceiling));
}

/** A steady wait between polls of something slow (a tree job finishing): linear, not random. */
export function jobWait(attempt: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 300 * attempt));
}
