// Request helpers every repository reads with: a strongly consistent point read, BatchGetItem with
// UnprocessedKeys handled, and Query loops for the internal reads that need every page (a subtree's
// plan, a person's memberships), not user-facing listings (those return one page and a cursor).
import { BatchGetCommand, GetCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { TenantDb } from './context';
import type { Key } from './keys';
import { databaseBusy } from '../errors/errors';
import { backoff, RETRY_LIMITS } from './retry-policy';


export async function getItem(db: Pick<TenantDb, 'client' | 'tableName'>, key: Key): Promise<Record<string, unknown> | undefined> {
  const out = await db.client.send(new GetCommand({ TableName: db.tableName, Key: key, ConsistentRead: true }));
  return out.Item;
}

/**
 * Reads many items (any number; 100 per request), retrying whatever DynamoDB leaves in
 * UnprocessedKeys with a growing pause. Items come back in no particular order.
 */
export async function batchGet(
  db: Pick<TenantDb, 'client' | 'tableName'>,
  itemKeys: Key[],
  options: { consistent?: boolean; projection?: string[] } = {},
): Promise<Record<string, unknown>[]> {
  const found: Record<string, unknown>[] = [];
  const names = options.projection
    ? Object.fromEntries(['PK', 'SK', ...options.projection].map((a, i) => [`#a${i}`, a]))
    : undefined;
  const unique = dedupeKeys(itemKeys);
  for (let start = 0; start < unique.length; start += 100) {
    let pending: Key[] = unique.slice(start, start + 100);
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt > 0) await backoff(attempt);
      if (attempt > RETRY_LIMITS.leftovers) throw databaseBusy();
      const out = await db.client.send(
        new BatchGetCommand({
          RequestItems: {
            [db.tableName]: {
              Keys: pending,
              ConsistentRead: options.consistent ?? true,
              ...(names ? { ProjectionExpression: Object.keys(names).join(', '), ExpressionAttributeNames: names } : {}),
            },
          },
        }),
      );
      found.push(...(out.Responses?.[db.tableName] ?? []));
      pending = (out.UnprocessedKeys?.[db.tableName]?.Keys as Key[] | undefined) ?? [];
    }
  }
  return found;
}

function dedupeKeys(itemKeys: Key[]): Key[] {
  const seen = new Set<string>();
  return itemKeys.filter((k) => {
    const id = `${k.PK}\n${k.SK}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/** Every page of a Query (internal reads that must be complete, never a user-facing listing). */
export async function queryAll(db: Pick<TenantDb, 'client' | 'tableName'>, input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>) {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db.client.send(new QueryCommand({ ...input, TableName: db.tableName, ExclusiveStartKey: start }));
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

/** Counts a Query's matches without reading them out (Select COUNT, every page). */
export async function queryCount(db: TenantDb, input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey' | 'Select'>) {
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db.client.send(
      new QueryCommand({ ...input, TableName: db.tableName, Select: 'COUNT', ExclusiveStartKey: start }),
    );
    count += out.Count ?? 0;
    start = out.LastEvaluatedKey;
  } while (start);
  return count;
}
