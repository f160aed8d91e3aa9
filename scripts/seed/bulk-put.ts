// Writes many items fast, unconditionally: BatchWriteItem of 25 with a few requests in flight
// (UnprocessedItems re-sent with a growing pause), or TransactWriteItems of 100, one at a time.
// Seeds large tenants (the bench, `npm run dev -- --demo-units`) and is the raw write floor the
// bench measures moves against.
import { BatchWriteCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { DocumentClient } from '../../lib/db';
import { chunk, mapLimit, sleep } from '../../lib/org/map-limit';

export interface BulkPutOptions {
  /**
   * 'batch' (default) is the fastest into DynamoDB Local in memory (the bench). Into DynamoDB
   * Local on disk (dev's .data/) a batch commits each of its items on its own, about 80 KB
   * written per item, while a transaction commits once, about 11 KB per item: 'transactions'
   * is three times faster there.
   */
  via?: 'batch' | 'transactions';
  /** Requests in flight (default 8 batches, or 1 transaction: Local runs transactions one by one anyway). */
  concurrency?: number;
  /** Called after each request is stored, with the number of items stored so far. */
  onProgress?: (written: number) => void;
}

export async function bulkPut(client: DocumentClient, tableName: string, items: Record<string, unknown>[], options: BulkPutOptions = {}) {
  let written = 0;
  const stored = (count: number) => {
    written += count;
    options.onProgress?.(written);
  };
  if (options.via === 'transactions') {
    await mapLimit(chunk(items, 100), options.concurrency ?? 1, async (part) => {
      await client.send(new TransactWriteCommand({ TransactItems: part.map((Item) => ({ Put: { TableName: tableName, Item } })) }));
      stored(part.length);
    });
    return;
  }
  await mapLimit(chunk(items, 25), options.concurrency ?? 8, async (batch) => {
    let pending = batch.map((Item) => ({ PutRequest: { Item } }));
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt > 0) await sleep(Math.min(1000, 10 * 2 ** attempt));
      if (attempt > 12) throw new Error('bulkPut: items left unprocessed after 12 retries');
      const out = await client.send(new BatchWriteCommand({ RequestItems: { [tableName]: pending } }));
      pending = (out.UnprocessedItems?.[tableName] as typeof pending | undefined) ?? [];
    }
    stored(batch.length);
  });
}
