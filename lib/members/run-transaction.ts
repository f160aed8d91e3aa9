// Sends one TransactWriteItems and tells the caller which conditions failed. Server-only.
//
// DynamoDB cancels a transaction with `TransactionConflict` when another transaction touches the
// same item at the same moment. That cancellation says nothing about our conditions, so the
// identical (still conditioned) request is sent again after a short jittered pause; a condition
// that really failed is returned to the caller to map onto a typed error.
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { cancellationReasons, type TenantDb } from '../db';
import { conflict } from '../errors';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

const MAX_ATTEMPTS = 8;
const pause = (attempt: number) => new Promise((r) => setTimeout(r, Math.random() * 15 * 2 ** Math.min(attempt, 5)));

/**
 * Runs the transaction. Resolves with `undefined` on success, or with the indexes of the items
 * whose condition failed (the transaction then wrote nothing).
 */
export async function runTransaction(db: Pick<TenantDb, 'client'>, items: TransactItem[]): Promise<number[] | undefined> {
  for (let attempt = 1; ; attempt++) {
    try {
      await db.client.send(new TransactWriteCommand({ TransactItems: items }));
      return undefined;
    } catch (e) {
      const reasons = cancellationReasons(e);
      if (!reasons) throw e;
      const failed = reasons.flatMap((r, i) => (r.code === 'ConditionalCheckFailed' ? [i] : []));
      if (failed.length > 0) return failed;
      if (!reasons.some((r) => r.code === 'TransactionConflict')) throw e;
      if (attempt >= MAX_ATTEMPTS) {
        throw conflict('transaction.busy', 'Many changes are being made to the same data right now. Try again in a moment.');
      }
      await pause(attempt);
    }
  }
}
