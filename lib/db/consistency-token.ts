// Consistency tokens (Zanzibar's zookie, SpiceDB's ZedToken): every write's answer carries one,
// and a check may ask to be at least as fresh as it (docs/checks.md, "Consistency").
//
// A token is the moment the write was acknowledged, by the answering server's clock. DynamoDB's
// strongly consistent reads see every write acknowledged before the read began, so an answer
// built from reads that began after the token's moment, plus the clock skew allowed between
// servers, has seen the write; anything read earlier (a cache entry) must be read again. The
// token is opaque to callers: `v1.<milliseconds since the epoch, base 36>`.

/** The response header every successful write answers its token in. */
export const CONSISTENCY_TOKEN_HEADER = 'Arbor-Consistency-Token';

/** How far two servers' clocks may disagree (NTP-synced hosts: well under this). */
export const CLOCK_SKEW_MS = 500;

/** Tokens are short: anything longer is refused before it is parsed. */
export const MAX_TOKEN_CHARS = 32;

const PATTERN = /^v1\.([0-9a-z]{1,12})$/;

/** The token of a write acknowledged now (call it after the write returned). */
export function issueConsistencyToken(now: number = Date.now()): string {
  return `v1.${Math.floor(now).toString(36)}`;
}

/** The moment a token stands for, or undefined when it is not one of ours. */
export function consistencyTokenTime(token: string): number | undefined {
  if (token.length > MAX_TOKEN_CHARS) return undefined;
  const match = PATTERN.exec(token);
  if (!match) return undefined;
  const ms = parseInt(match[1], 36);
  return Number.isSafeInteger(ms) ? ms : undefined;
}

/** A read that began at `readAt` has seen everything acknowledged by the token's moment. */
export const sawToken = (readAt: number, tokenTime: number): boolean => readAt >= tokenTime + CLOCK_SKEW_MS;
