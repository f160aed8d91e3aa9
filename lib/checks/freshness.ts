// Which cached copies may answer a check (docs/checks.md, "Consistency"): none by default; under
// `atLeastAsFresh`, those read after the token's moment plus the clock skew, and within the
// default staleness; under
// `minimizeLatency`, those read within the staleness allowed.
import { consistencyTokenTime, sawToken } from '../db';
import { badConsistencyToken } from './errors';
import { CHECK_LIMITS } from './limits';
import type { Consistency } from './types';

/** Whether a copy whose read began at `readAt` may answer. */
export type Accepts = (readAt: number) => boolean;

/** Throws check.badToken for a token Arbor did not issue, before anything is read. */
export function freshnessOf(consistency: Consistency | undefined, now: number = Date.now()): Accepts {
  switch (consistency?.mode ?? 'fullyConsistent') {
    case 'atLeastAsFresh': {
      const tokenTime = consistencyTokenTime((consistency as { token: string }).token);
      if (tokenTime === undefined) throw badConsistencyToken();
      // As SpiceDB quantizes its snapshots: a copy after the token, yet never older than the
      // default staleness, so a token kept long does not pin answers to an old copy.
      const oldest = now - CHECK_LIMITS.staleness.defaultSeconds * 1000;
      return (readAt) => sawToken(readAt, tokenTime) && readAt >= oldest;
    }
    case 'minimizeLatency': {
      const { staleness } = CHECK_LIMITS;
      const seconds = Math.min((consistency as { maxStalenessSeconds?: number }).maxStalenessSeconds ?? staleness.defaultSeconds, staleness.maxSeconds);
      return (readAt) => now - readAt <= seconds * 1000;
    }
    default:
      return () => false;
  }
}
