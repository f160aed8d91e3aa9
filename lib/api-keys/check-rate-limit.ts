// Rate limits of check operations (docs/checks.md, "Check keys and rate limits"): windows of their
// own, larger than the API's, per key and per organization, still shared by every app instance
// through the DynamoDB counters of ./rate-limit.ts, but without a DynamoDB request per check. Each
// process reserves a block of points from the shared counter (one consume of the block's size) and
// spends it locally, reserving again when it is spent. The counter never admits more than the
// limit; what an instance reserved and did not spend by the window's end is lost to the others, so
// with several instances the limit can bite early, by at most one block per instance.
import 'server-only';
import type { DynamoDB } from '@aws-sdk/client-dynamodb';
import { LRUCache } from 'lru-cache';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { config } from '../config';
import { rateLimited } from '../validation/errors';
import { rateLimitStore, windowCounter, type RateLimits, type RateLimitState } from './rate-limit';

/** A request carrying checks (`checks` in its body: a batch, a what-if) counts one point per this many… */
export const CHECKS_PER_POINT = 10;
/** …and at least one per distinct subject, each of whom is one Query of its own. */
const perSubject = (checks: unknown[]) => new Set(checks.map((c) => JSON.stringify((c as { subject?: unknown }).subject))).size;
/** A page of who holds a permission: up to 1 + depth Queries a round, a few rounds. */
export const SUBJECTS_PAGE_POINTS = 5;
/** A what-if reads the organization's whole tree once, then decides each check. */
export const WHAT_IF_POINTS = 10;

/** The points a check operation's request counts, from its operation id and parsed body, by what it reads. */
export function checkPoints(operationId: string | undefined, body: unknown): number {
  const checks = (body as { checks?: unknown } | undefined)?.checks;
  const carried = Array.isArray(checks) ? Math.max(1, Math.ceil(checks.length / CHECKS_PER_POINT), perSubject(checks)) : 1;
  if (operationId === 'listSubjectsWithPermission') return SUBJECTS_PAGE_POINTS;
  if (operationId === 'checkChangeSet') return WHAT_IF_POINTS + carried;
  return carried;
}

/** Points reserved at once: 1 % of the window's limit, at least 1 (exact counting), at most 100. */
export const blockOf = (limit: number) => Math.min(100, Math.max(1, Math.floor(limit / 100)));

/** Ids (keys, organizations) whose reserves one process keeps; an evicted reserve's points are only lost. */
const MAX_RESERVES = 10_000;

export interface CheckRateLimiter {
  limits: RateLimits;
  /** Spends `points` of the key's and the organization's windows; throws request.rateLimited (429) when either is spent. */
  consume(tenantId: string, keyId: string, points: number): Promise<RateLimitState>;
}

/** One process's reserve of an id's window. */
interface Reserve {
  /** Points reserved and not yet spent. */
  left: number;
  /** Points the shared counter had left after this process's last reservation. */
  shared: number;
  windowEnds: number;
  /** Until then the shared counter is spent: refuse without asking it. */
  spentUntil: number;
  reserving?: Promise<void>;
}

function reservedCounter(store: DynamoDB, tableName: string, keyPrefix: string, limit: number, scope: 'key' | 'organization') {
  const counter = windowCounter(store, tableName, keyPrefix, limit);
  const block = blockOf(limit);
  const reserves = new LRUCache<string, Reserve>({ max: MAX_RESERVES });

  async function reserve(r: Reserve, id: string, wanted: number): Promise<void> {
    const size = Math.max(block, wanted);
    try {
      const res = await counter.consume(id, size);
      Object.assign(r, { left: r.left + size, shared: res.remainingPoints, windowEnds: Date.now() + res.msBeforeNext });
    } catch (e) {
      if (!(e instanceof RateLimiterRes)) throw e;
      // The counter took the whole block and went over: what it held before the block is ours alone.
      const before = e.consumedPoints >= size ? e.consumedPoints - size : limit;
      const granted = Math.min(size, Math.max(0, limit - before));
      const windowEnds = Date.now() + e.msBeforeNext;
      Object.assign(r, { left: r.left + granted, shared: 0, windowEnds, spentUntil: windowEnds });
    }
  }

  return async function spend(id: string, points: number): Promise<RateLimitState> {
    let r = reserves.get(id);
    if (!r) reserves.set(id, (r = { left: 0, shared: 0, windowEnds: 0, spentUntil: 0 }));
    for (;;) {
      const now = Date.now();
      // A new window: the last one's unspent points do not carry over.
      if (now >= r.windowEnds) r.left = 0;
      if (r.left >= points) {
        r.left -= points;
        return { limit, remaining: r.shared + r.left, resetSeconds: Math.max(1, Math.ceil((r.windowEnds - now) / 1000)) };
      }
      if (now < r.spentUntil) throw rateLimited(Math.max(1, Math.ceil((r.spentUntil - now) / 1000)), limit, scope);
      // One reservation at a time per id: concurrent checks wait for it instead of each asking.
      const reserving = (r.reserving ??= reserve(r, id, points - r.left).finally(() => (r.reserving = undefined)));
      await reserving;
    }
  };
}

export function createCheckRateLimiter(store: DynamoDB, tableName: string, limits: RateLimits): CheckRateLimiter {
  const byKey = reservedCounter(store, tableName, 'check-key', limits.perKey, 'key');
  const byTenant = reservedCounter(store, tableName, 'check-tenant', limits.perTenant, 'organization');
  return {
    limits,
    async consume(tenantId, keyId, points) {
      const key = await byKey(keyId, points);
      const tenant = await byTenant(tenantId, points);
      return key.remaining <= tenant.remaining ? key : tenant;
    },
  };
}

// One per process, not per bundle: Next compiles route handlers apart, and each bundle's own
// reserve would hold back its own block (lib/roles/read-catalogue.ts says more).
const INSTANCE = Symbol.for('arbor.checkRateLimiter');

/** The process's check limiter, configured from lib/config and the runtime's credentials. */
export function checkRateLimiter(): CheckRateLimiter {
  const held = globalThis as { [INSTANCE]?: CheckRateLimiter };
  if (held[INSTANCE]) return held[INSTANCE];
  const cfg = config();
  const { store, tableName } = rateLimitStore();
  return (held[INSTANCE] = createCheckRateLimiter(store, tableName, { perKey: cfg.ARBOR_CHECK_RATE_PER_KEY, perTenant: cfg.ARBOR_CHECK_RATE_PER_TENANT }));
}
