// BatchWriteItem of many items (25 per request), a few requests in flight, UnprocessedItems
// re-sent with a growing pause. Used to seed tenants fast and as the raw write floor of moves.
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { DocumentClient } from '../../lib/db';
import { chunk, mapLimit, sleep } from '../../lib/org/map-limit';

export interface BulkWriteOptions {
  /** Requests in flight (default 8). */
  concurrency?: number;
}

export async function bulkPut(client: DocumentClient, tableName: string, items: Record<string, unknown>[], options: BulkWriteOptions = {}) {
  await mapLimit(chunk(items, 25), options.concurrency ?? 8, async (batch) => {
    let pending = batch.map((Item) => ({ PutRequest: { Item } }));
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt > 0) await sleep(Math.min(1000, 10 * 2 ** attempt));
      if (attempt > 12) throw new Error('bulkPut: items left unprocessed after 12 retries');
      const out = await client.send(new BatchWriteCommand({ RequestItems: { [tableName]: pending } }));
      pending = (out.UnprocessedItems?.[tableName] as typeof pending | undefined) ?? [];
    }
  });
}
