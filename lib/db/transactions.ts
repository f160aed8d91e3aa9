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
import { transactionBusy } from './errors';
import type { TenantDb } from './context';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** DynamoDB's ceiling on the items of one transaction. */
export const MAX_TRANSACTION_ITEMS = 100;

export interface FailedCondition {
  index: number;
  /** The item as stored when the condition failed (if the request asked for it and it existed). */
  item?: Record<string, unknown>;
}

const MAX_ATTEMPTS = 8;
const pause = (attempt: number) => new Promise<void>((r) => setTimeout(r, Math.random() * 15 * 2 ** Math.min(attempt, 5)));

/** Sends one transaction. Resolves with undefined on success, or the failed conditions (nothing was written). */
export async function transactWrite(db: Pick<TenantDb, 'client'>, items: TransactItem[]): Promise<FailedCondition[] | undefined> {
  if (items.length === 0) return undefined;
  if (items.length > MAX_TRANSACTION_ITEMS) throw new Error(`transactWrite: ${items.length} items (max ${MAX_TRANSACTION_ITEMS})`);
  for (let attempt = 1; ; attempt++) {
    try {
      await db.client.send(new TransactWriteCommand({ TransactItems: items }));
      return undefined;
    } catch (e) {
      const reasons = cancellationReasons(e);
      if (!reasons) throw e;
      const failed = reasons.flatMap((r, index) => (r.code === 'ConditionalCheckFailed' ? [{ index, item: r.item }] : []));
      if (failed.length > 0) return failed;
      if (!reasons.some((r) => r.code === 'TransactionConflict')) throw e;
      if (attempt >= MAX_ATTEMPTS) {
        throw transactionBusy();
      }
      await pause(attempt);
    }
  }
}

/** The failure at `index`, if that item's condition failed. */
export const failureAt = (failed: FailedCondition[], index: number) => failed.find((f) => f.index === index);

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
