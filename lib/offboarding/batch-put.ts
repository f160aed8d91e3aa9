// Puts items as they are, 25 per BatchWriteItem, sending UnprocessedItems again with backoff
// (`tenant copy`: a tenant's items back from a restored table). Server-only.
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { DocumentClient } from '../db';
import { databaseBusy } from '../errors/errors';
import { backoff, RETRY_LIMITS } from '../db/retry-policy';
import { BATCH_WRITE_ITEMS } from './batch-delete';
import type { StoredItem } from './offboarding-scope';

export async function batchPut(db: { client: DocumentClient; tableName: string }, items: StoredItem[]): Promise<number> {
  for (let start = 0; start < items.length; start += BATCH_WRITE_ITEMS) {
    let pending = items.slice(start, start + BATCH_WRITE_ITEMS).map((Item) => ({ PutRequest: { Item } }));
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt > RETRY_LIMITS.leftovers) throw databaseBusy();
      if (attempt > 0) await backoff(attempt);
      const out = await db.client.send(new BatchWriteCommand({ RequestItems: { [db.tableName]: pending } }));
      pending = (out.UnprocessedItems?.[db.tableName] as typeof pending | undefined) ?? [];
    }
  }
  return items.length;
}
