// Conditional writes: the one TransactWriteItems sender every repository uses, and helpers to read
// why a conditional write or transaction was refused.
//
// `TransactionConflict` (another transaction on the same item at the same moment) says nothing
// about our conditions: the identical, still conditioned request is sent again after a short
// jittered pause. A condition that really failed is returned, with the item as it was when the
// request asked for it (ReturnValuesOnConditionCheckFailure ALL_OLD), for the caller to map onto
// a typed error.
import { ConditionalCheckFailedException, TransactionCanceledException, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { writerOf, type TenantDb } from './context';
import { staleDecision, transactionBusy } from './errors';
import { databaseBusy } from '../errors/errors';
import { backoff, RETRY_LIMITS } from './retry-policy';
import { factBroken, guardTransaction, type WriteFact } from './write-guards';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** DynamoDB's ceiling on the items of one transaction. */
export const MAX_TRANSACTION_ITEMS = 100;

export interface FailedCondition {
  index: number;
  /** The item as stored when the condition failed (if the request asked for it and it existed). */
  item?: Record<string, unknown>;
}


/** Cancellation reasons that mean "not enough capacity now" (the SDK retries only whole-request throttling). */
const THROTTLED = new Set(['ThrottlingError', 'ProvisionedThroughputExceeded']);

/** Room left in every transaction for the facts of the decision it carries out (write-guards.ts). */
export const GUARD_ITEMS = 4;

/**
 * Sends one transaction, conditioned on the facts of the decision being carried out (when the db
 * came from an entry point that authorized). Resolves with undefined on success, or the caller's
 * failed conditions (nothing was written); throws `authz.stale` when a decision's fact failed.
 */
export async function transactWrite(db: Pick<TenantDb, 'client' | 'tableName' | 'guards'>, items: TransactItem[]): Promise<FailedCondition[] | undefined> {
  if (items.length === 0) return undefined;
  return sendGuarded(db, items, db.guards?.facts() ?? []);
}

/**
 * Sends a transaction of the decision's facts alone: for a write that cannot carry them, such as
 * a platform item written with platform credentials. Throws `authz.stale` if one changed.
 */
export async function confirmDecision(db: Pick<TenantDb, 'client' | 'tableName' | 'guards'>): Promise<void> {
  const facts = db.guards?.facts() ?? [];
  if (facts.length > 0) await sendGuarded(db, [], facts);
}

async function sendGuarded(db: Pick<TenantDb, 'client' | 'guards' | 'tableName'>, items: TransactItem[], facts: readonly WriteFact[]) {
  const { items: guarded, placed } = guardTransaction(db.tableName, items, facts);
  if (guarded.length > MAX_TRANSACTION_ITEMS) throw new Error(`transactWrite: ${guarded.length} items (max ${MAX_TRANSACTION_ITEMS})`);
  for (let attempt = 1; ; attempt++) {
    try {
      db.guards?.sent();
      await writerOf(db).send(new TransactWriteCommand({ TransactItems: guarded }));
      return undefined;
    } catch (e) {
      const reasons = cancellationReasons(e);
      if (!reasons) throw e;
      const failed = reasons.flatMap((r, index) => (r.code === 'ConditionalCheckFailed' ? [{ index, item: r.item }] : []));
      const stale = placed.find((p) => failed.some((f) => f.index === p.index && factBroken(p.fact, f.item)));
      if (stale) throw staleDecision(stale.fact.changed);
      if (failed.length > 0) return failed.filter((f) => f.index < items.length);
      // Met another transaction, or refused for capacity (a hot key): the same items again, later.
      const throttled = reasons.some((r) => THROTTLED.has(r.code));
      if (!throttled && !reasons.some((r) => r.code === 'TransactionConflict')) throw e;
      if (attempt >= RETRY_LIMITS.redecide) throw throttled ? databaseBusy(e) : transactionBusy();
      await backoff(attempt);
    }
  }
}

export function isConditionFailure(e: unknown): e is ConditionalCheckFailedException {
  return e instanceof ConditionalCheckFailedException || (e as { name?: string })?.name === 'ConditionalCheckFailedException';
}

/**
 * For a cancelled TransactWriteItems, the reason code of each item in request order
 * ('None' where that item was fine) with the returned item unmarshalled, or undefined when the
 * error is something else. (The DocumentClient does not unmarshall errors.)
 */
export function cancellationReasons(e: unknown): { code: string; item?: Record<string, unknown> }[] | undefined {
  if (!(e instanceof TransactionCanceledException) && (e as { name?: string })?.name !== 'TransactionCanceledException') {
    return undefined;
  }
  const reasons = (e as TransactionCanceledException).CancellationReasons ?? [];
  return reasons.map((r) => ({
    code: r.Code ?? 'None',
    item: r.Item ? unmarshall(r.Item as Record<string, AttributeValue>) : undefined,
  }));
}
