// Opaque, tamper-evident pagination cursors. A cursor is DynamoDB's LastEvaluatedKey, JSON
// encoded, bound to the query it came from (`scope`, e.g. "T4:<tenant>:<unit>") and signed with
// an HMAC, so a client can neither forge a key into another tenant's partition nor reuse a
// cursor on a different query. A bad cursor is a clear 400, never a crash.
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { config } from '../config';
import { badCursor, badPageSize } from './errors';

const MAC_BYTES = 16;
let cursorKey: Buffer | undefined;

function key(): Buffer {
  cursorKey ??= Buffer.from(hkdfSync('sha256', config().ARBOR_SESSION_SECRET, 'arbor', 'pagination-cursor', 32));
  return cursorKey;
}

const mac = (scope: string, payload: string) =>
  createHmac('sha256', key()).update(scope).update('\n').update(payload).digest().subarray(0, MAC_BYTES);

export function encodeCursor(scope: string, lastEvaluatedKey: Record<string, unknown> | undefined): string | undefined {
  if (!lastEvaluatedKey) return undefined;
  const payload = Buffer.from(JSON.stringify(lastEvaluatedKey)).toString('base64url');
  return `${payload}.${mac(scope, payload).toString('base64url')}`;
}

export function decodeCursor(scope: string, cursor: string | undefined | null): Record<string, unknown> | undefined {
  if (cursor === undefined || cursor === null || cursor === '') return undefined;
  const refuse = badCursor;
  if (typeof cursor !== 'string' || cursor.length > 4096) throw refuse();
  const [payload, signature, extra] = cursor.split('.');
  if (!payload || !signature || extra !== undefined) throw refuse();
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(scope, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw refuse();
  try {
    const value = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw refuse();
    return value as Record<string, unknown>;
  } catch {
    throw refuse();
  }
}

/** A page of results with the cursor for the next one (absent on the last page). */
export interface Page<T> {
  items: T[];
  nextCursor?: string;
}

/** Validates a requested page size against a pattern's bounds. */
export function pageSize(requested: number | undefined, defaults: { default: number; max: number }): number {
  if (requested === undefined) return defaults.default;
  if (!Number.isInteger(requested) || requested < 1 || requested > defaults.max) {
    throw badPageSize(defaults.max);
  }
  return requested;
}
