// This process's copies of what checks read (docs/checks.md, "Consistency"): a subject's
// memberships, a unit's path, the role catalogue, an email's or external id's user id. Bounded
// (least recently used go first), keyed by tenant so one organization's copy never answers
// another's, and safe to lose: each copy keeps the moment its read began, and a check uses it
// only when its consistency accepts that moment. Nothing older than the longest staleness a
// check may allow is kept.
import { LRUCache } from 'lru-cache';
import type { RoleCatalogue } from '../authz';
import { CHECK_LIMITS } from './limits';
import type { SubjectAccess } from './subject-access';
import type { Accepts } from './freshness';

/** A copy and the moment its read began. */
export interface Held<T> {
  value: T;
  readAt: number;
}

/** A unit as checks need it; null: no such unit when read. */
export type CheckedUnit = { id: string; path: string; name: string } | null;

const TTL = CHECK_LIMITS.staleness.maxSeconds * 1000;

class ReadCache<T extends {} | null> {
  private readonly held: LRUCache<string, Held<T>>;
  constructor(max: number) {
    this.held = new LRUCache({ max, ttl: TTL });
  }
  /** The copy for the tenant's `id`, when `accepts` takes its read time. */
  get(tenantId: string, id: string, accepts: Accepts): Held<T> | undefined {
    const held = this.held.get(`${tenantId}\n${id}`);
    return held && accepts(held.readAt) ? held : undefined;
  }
  /** Keep a copy unless a newer read is kept already. */
  set(tenantId: string, id: string, value: T, readAt: number): void {
    const key = `${tenantId}\n${id}`;
    const kept = this.held.get(key);
    if (!kept || kept.readAt <= readAt) this.held.set(key, { value, readAt });
  }
  forget(tenantId: string, id: string): void {
    this.held.delete(`${tenantId}\n${id}`);
  }
  clear(): void {
    this.held.clear();
  }
}

interface CheckCaches {
  subjects: ReadCache<SubjectAccess>;
  units: ReadCache<CheckedUnit>;
  catalogues: ReadCache<RoleCatalogue>;
  /** `email:<address>` / `externalId:<id>` → user id (someone found only). */
  resolved: ReadCache<string>;
}

// One set per process, not per bundle (Next compiles route handlers apart): see lib/roles' catalogue copy.
const KEY = Symbol.for('arbor.checkCaches');
export const checkCaches: CheckCaches = ((globalThis as { [KEY]?: CheckCaches })[KEY] ??= {
  subjects: new ReadCache(10_000),
  units: new ReadCache(20_000),
  catalogues: new ReadCache(1_000),
  resolved: new ReadCache(10_000),
});
