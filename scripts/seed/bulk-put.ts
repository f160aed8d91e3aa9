// Writes many items fast, unconditionally: BatchWriteItem of 25 with a few requests in flight
// (UnprocessedItems re-sent with a growing pause), or TransactWriteItems of 100, one at a time.
// Seeds large tenants (the bench, `npm run dev -- --demo-units`) and is the raw write floor the
// bench measures moves against. Sent through lib/db's batch and transaction writers, unguarded:
// seeding decides nothing.
import { putAll, transactWrite, type DocumentClient, type ReadClient } from '../../lib/db';
import { chunk, mapLimit } from '../../lib/org/map-limit';

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

export async function bulkPut(client: DocumentClient | ReadClient, tableName: string, items: Record<string, unknown>[], options: BulkPutOptions = {}) {
  const db = { client, tableName };
  let written = 0;
  const stored = (count: number) => {
    written += count;
    options.onProgress?.(written);
  };
  if (options.via === 'transactions') {
    await mapLimit(chunk(items, 100), options.concurrency ?? 1, async (part) => {
      await transactWrite(db, part.map((Item) => ({ Put: { TableName: tableName, Item } })));
      stored(part.length);
    });
    return;
  }
  await mapLimit(chunk(items, 25), options.concurrency ?? 8, async (batch) => {
    await putAll(db, batch);
    stored(batch.length);
  });
}
