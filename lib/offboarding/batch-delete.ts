// Deletes items by key, 25 per BatchWriteItem, sending again whatever DynamoDB leaves in
// UnprocessedItems (with backoff). Deleting an item that is already gone is not an error, which is
// what lets a stopped deletion simply run again. Server-only.
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { DocumentClient, Key } from '../db';
import { databaseBusy } from '../errors/errors';
import { backoff, RETRY_LIMITS } from '../db/retry-policy';

export const BATCH_WRITE_ITEMS = 25;

export interface BatchDeleteOptions {
  /** Called after each batch is fully written (progress, the lease, a test's stop). */
  afterBatch?: (deleted: number) => Promise<void> | void;
}

/** Deletes every key; returns how many deletes were sent (items already gone count too). */
export async function batchDelete(db: { client: DocumentClient; tableName: string }, itemKeys: Key[], options: BatchDeleteOptions = {}): Promise<number> {
  let sent = 0;
  for (let start = 0; start < itemKeys.length; start += BATCH_WRITE_ITEMS) {
    const batch = itemKeys.slice(start, start + BATCH_WRITE_ITEMS);
    let pending = batch.map((Key) => ({ DeleteRequest: { Key } }));
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt > RETRY_LIMITS.leftovers) throw databaseBusy();
      if (attempt > 0) await backoff(attempt);
      const out = await db.client.send(new BatchWriteCommand({ RequestItems: { [db.tableName]: pending } }));
      pending = (out.UnprocessedItems?.[db.tableName] as typeof pending | undefined) ?? [];
    }
    sent += batch.length;
    await options.afterBatch?.(batch.length);
  }
  return sent;
}
