// BatchWriteItem: many unconditioned puts or deletes, 25 per request, sending again whatever
// DynamoDB leaves in UnprocessedItems (with backoff). A batch carries no conditions, so it cannot
// carry a decision's facts: it is for work no decision is bound to (seeding, copying or deleting a
// whole organization, a person's sessions), and refuses a db that holds facts.
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { writerOf } from './context';
import { databaseBusy } from '../errors/errors';
import type { Key } from './keys';
import { backoff, RETRY_LIMITS } from './retry-policy';
import type { WriteDb } from './writes';

/** DynamoDB's ceiling on the requests of one BatchWriteItem. */
export const BATCH_WRITE_ITEMS = 25;

type WriteRequest = { PutRequest: { Item: Record<string, unknown> } } | { DeleteRequest: { Key: Key } };

/** Sends up to 25 requests until none is left unprocessed. */
async function sendBatch(db: WriteDb, requests: WriteRequest[]): Promise<void> {
  if ((db.guards?.facts() ?? []).length > 0) throw new Error("a batch write cannot carry a decision's facts: use withoutGuards(db)");
  let pending = requests;
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt > RETRY_LIMITS.leftovers) throw databaseBusy();
    if (attempt > 0) await backoff(attempt);
    const out = await writerOf(db).send(new BatchWriteCommand({ RequestItems: { [db.tableName]: pending } }));
    pending = (out.UnprocessedItems?.[db.tableName] as WriteRequest[] | undefined) ?? [];
  }
}

export interface BatchOptions {
  /** Called after each batch is fully written, with its size (progress, a lease, a test's stop). */
  afterBatch?: (count: number) => Promise<void> | void;
}

/** Puts every item as it is; returns how many were written. */
export async function putAll(db: WriteDb, items: Record<string, unknown>[], options: BatchOptions = {}): Promise<number> {
  for (let start = 0; start < items.length; start += BATCH_WRITE_ITEMS) {
    const batch = items.slice(start, start + BATCH_WRITE_ITEMS);
    await sendBatch(db, batch.map((Item) => ({ PutRequest: { Item } })));
    await options.afterBatch?.(batch.length);
  }
  return items.length;
}

/** Deletes every key (an item already gone is not an error); returns how many deletes were sent. */
export async function deleteAll(db: WriteDb, itemKeys: Key[], options: BatchOptions = {}): Promise<number> {
  for (let start = 0; start < itemKeys.length; start += BATCH_WRITE_ITEMS) {
    const batch = itemKeys.slice(start, start + BATCH_WRITE_ITEMS);
    await sendBatch(db, batch.map((Key) => ({ DeleteRequest: { Key } })));
    await options.afterBatch?.(batch.length);
  }
  return itemKeys.length;
}
