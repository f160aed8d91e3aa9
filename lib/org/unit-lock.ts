// Whether a unit's lock refuses a write, for every unit and membership write. A unit carries at
// most one lock (`lock`: a tree job's id, or a holder's such as a change set being applied). A
// write through a db that holds that very id (TenantDb.lockHolder) passes; any other lock refuses.
// The read check (lockAgainst) and the write's condition (lockFree) agree on this.
import 'server-only';
import type { TenantDb } from '../db';
import type { Unit } from './unit-item';
import { unitLocked } from './errors';

/** Who writes: a db, or a tree job acting for the holder it was started by. */
type Holder = Pick<TenantDb, 'lockHolder'>;

/** The lock that refuses this db's writes to the unit (a Unit, or a stored item), if any. */
export function lockAgainst(db: Holder, target: Pick<Unit, 'lockedBy'> | Record<string, unknown> | undefined): string | undefined {
  // A Unit says lockedBy, a stored item lock; never both.
  const { lockedBy, lock: stored } = (target ?? {}) as { lockedBy?: unknown; lock?: unknown };
  const lock = lockedBy ?? stored;
  return typeof lock === 'string' && lock !== db.lockHolder ? lock : undefined;
}

/**
 * What a refused unit write means, given the unit as stored: `unit.locked` when a lock refuses
 * this db, otherwise `otherwise` (it changed underneath, or is gone).
 */
export function lockedOr<T extends Error | 'retry'>(db: Holder, stored: Record<string, unknown> | undefined, otherwise: T, kind?: 'move' | 'delete') {
  const lock = lockAgainst(db, stored);
  return lock ? unitLocked(lock, kind) : otherwise;
}

export interface LockCondition {
  /** A ConditionExpression fragment, parenthesized when it has an OR. */
  expression: string;
  names: { '#lock': 'lock' };
  /** Empty without a holder: merge it, never send it alone (DynamoDB refuses empty values). */
  values: Record<string, unknown>;
}

/** "Not locked against this db": no lock, or (through a holding db) the holder's own. */
export function lockFree(db: Holder): LockCondition {
  const names = { '#lock': 'lock' } as const;
  if (!db.lockHolder) return { expression: 'attribute_not_exists(#lock)', names, values: {} };
  return { expression: '(attribute_not_exists(#lock) OR #lock = :lockHolder)', names, values: { ':lockHolder': db.lockHolder } };
}

/** ExpressionAttributeValues, left out when there are none. */
export const valuesOrNone = (values: Record<string, unknown>) =>
  Object.keys(values).length > 0 ? { ExpressionAttributeValues: values } : {};
