// The actor of a key calling a check operation, from a short per-process memory: checks read
// only, so the key's lookup (a platform GetItem and a tenant BatchGetItem, ./authenticate.ts) need
// not be paid by each of them, and a check can stay within its own two reads. A key revoked,
// expired or changed may therefore still ask checks for up to CHECK_KEY_MEMORY_MS on an instance
// that used it just before; every other operation reads the key again, strongly consistent, so a
// revoked key stops writing at once. Refusals are never kept: a key that was refused (unknown,
// expired, its unit gone) is looked up again on its next request, and a flood of made-up keys
// cannot push the real ones out.
import 'server-only';
import { LRUCache } from 'lru-cache';
import type { RequestActor } from '../members';
import { apiKeyHashOrThrow, loadApiKeyActor, type ApiKeyDeps } from './authenticate';

export const CHECK_KEY_MEMORY_MS = 10_000;
const MAX_KEYS = 10_000;

/** The actor of a key for a check operation: remembered, or loaded (concurrent first uses share one lookup). */
export type CheckKeyActor = (deps: ApiKeyDeps, bearer: string) => Promise<RequestActor>;

export function createCheckKeyMemory(options: { ttlMs: number; max?: number; now?: () => number }): CheckKeyActor {
  const memory = new LRUCache<string, RequestActor, { deps: ApiKeyDeps; bearer: string }>({
    max: options.max ?? MAX_KEYS,
    ttl: options.ttlMs,
    ...(options.now ? { perf: { now: options.now } } : {}),
    fetchMethod: (_hash, _stale, { context }) => loadApiKeyActor(context.deps, context.bearer),
  });
  return async (deps, bearer) => {
    const actor = await memory.fetch(apiKeyHashOrThrow(bearer), { context: { deps, bearer } });
    if (!actor) throw new Error('check key memory: a lookup answered nothing');
    // Each request gets its own copy: an entry point sets fields on its actor (its role catalogue).
    return { ...actor };
  };
}

// One per process, not per bundle (lib/roles/read-catalogue.ts says why).
const INSTANCE = Symbol.for('arbor.checkKeyMemory');

/** The process's memory of check keys. */
export function checkKeyActor(deps: ApiKeyDeps, bearer: string): Promise<RequestActor> {
  const held = globalThis as { [INSTANCE]?: CheckKeyActor };
  return (held[INSTANCE] ??= createCheckKeyMemory({ ttlMs: CHECK_KEY_MEMORY_MS }))(deps, bearer);
}
