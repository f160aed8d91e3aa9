// One page of a user-facing listing. A FilterExpression drops entries after DynamoDB has read them
// and its Limit counts entries read, so a single filtered request can return an empty page with
// more behind it. queryPage keeps reading until the page holds `limit` rows, the partition ends
// or it has read READ_BUDGET × limit entries; a page that read further than it shows ends its
// cursor at the last row shown (the key of that row, which is what LastEvaluatedKey would be).
import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { TenantDb } from './context';
import { decodeCursor, encodeCursor, type Page } from './cursor';

/** At most this many times `limit` entries are read for one page of a filtered listing. */
export const READ_BUDGET = 10;

export type PageQuery = Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey' | 'Limit'>;

export interface PageOptions {
  limit: number;
  /** What the cursor is bound to (see cursor.ts): the listing, tenant and filters. */
  scope: string;
  cursor?: string | null;
  /**
   * Instead of `cursor`: the cursor already decoded (decodeCursor with the same scope), for a
   * listing whose query depends on where it resumes (a subtree's path is read off its key).
   */
  start?: Record<string, unknown>;
}

export async function queryPage(db: TenantDb, input: PageQuery, options: PageOptions): Promise<Page<Record<string, unknown>>> {
  const { limit, scope } = options;
  const items: Record<string, unknown>[] = [];
  let start = options.start ?? decodeCursor(scope, options.cursor);
  let read = 0;
  do {
    const out = await db.client.send(new QueryCommand({ ...input, TableName: db.tableName, ExclusiveStartKey: start, Limit: limit }));
    items.push(...(out.Items ?? []));
    read += out.ScannedCount ?? 0;
    start = out.LastEvaluatedKey;
    // Only a filter can leave a page short while the partition goes on.
    if (!input.FilterExpression) break;
  } while (start && items.length < limit && read < READ_BUDGET * limit);
  if (items.length > limit) {
    items.length = limit;
    start = keyOf(items[limit - 1]!, input.IndexName);
  }
  return { items, nextCursor: encodeCursor(scope, start) };
}

/** An item's position in the table or an index: its table key plus the index's key. */
function keyOf(item: Record<string, unknown>, indexName: string | undefined): Record<string, unknown> {
  const attributes = ['PK', 'SK', ...(indexName ? [`${indexName}PK`, `${indexName}SK`] : [])];
  return Object.fromEntries(attributes.map((a) => [a, item[a]]));
}
