// Sends one TransactWriteItems for the org tree and reports which conditions failed, with the
// item as it was (ReturnValuesOnConditionCheckFailure ALL_OLD), so callers can say what changed.
// Server-only.
//
// `TransactionConflict` (another transaction on the same item at the same moment) says nothing
// about our conditions: the identical, still conditioned request is sent again after a short
// jittered pause.
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { TenantDb } from '../db';
import { conflict } from '../errors';
import { sleep } from './map-limit';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** DynamoDB's ceiling on the items of one transaction. */
export const MAX_TRANSACTION_ITEMS = 100;

export interface FailedCondition {
  index: number;
  /** The item as stored when the condition failed; absent when it did not exist. */
  item?: Record<string, unknown>;
}

const MAX_ATTEMPTS = 8;

/** Resolves with undefined on success, or the failed conditions (nothing was written). */
export async function transactWrite(db: Pick<TenantDb, 'client'>, items: TransactItem[]): Promise<FailedCondition[] | undefined> {
  if (items.length === 0) return undefined;
  if (items.length > MAX_TRANSACTION_ITEMS) throw new Error(`transactWrite: ${items.length} items (max ${MAX_TRANSACTION_ITEMS})`);
  for (let attempt = 1; ; attempt++) {
    try {
      await db.client.send(new TransactWriteCommand({ TransactItems: items }));
      return undefined;
    } catch (e) {
      const name = (e as { name?: string })?.name;
      if (name !== 'TransactionCanceledException') throw e;
      const reasons = (e as { CancellationReasons?: { Code?: string; Item?: Record<string, AttributeValue> }[] }).CancellationReasons ?? [];
      const failed = reasons.flatMap((r, index) =>
        r.Code === 'ConditionalCheckFailed' ? [{ index, item: r.Item ? unmarshall(r.Item) : undefined }] : [],
      );
      if (failed.length > 0) return failed;
      if (!reasons.some((r) => r.Code === 'TransactionConflict')) throw e;
      if (attempt >= MAX_ATTEMPTS) {
        throw conflict('transaction.busy', 'Many changes are being made to the same data right now. Try again in a moment.');
      }
      await sleep(Math.random() * 15 * 2 ** Math.min(attempt, 5));
    }
  }
}

/** The failure at `index`, if that item's condition failed. */
export const failureAt = (failed: FailedCondition[], index: number) => failed.find((f) => f.index === index);
