// The operator's proof that nothing of a tenant is left: a Scan of the whole table for items under
// `T#<t>` / `T#<t>#…` or `TENANT#<t>`, or carrying `tenantId = <t>` (domain claims, tokens).
// It reads every item of the table (every tenant's), so it costs what the table holds:
// about 1 RCU per 4 KB read, strongly consistent. Only the operator's credentials may Scan
// (every other identity is denied it); the app never calls this.
import 'server-only';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { keys, tenantChildPrefix, tenantPrefix, type PlatformDb } from '../db';
import type { StoredItem } from './offboarding-scope';

export interface ScanResult {
  items: StoredItem[];
  /** Items the Scan read (the whole table), and the capacity it consumed. */
  scanned: number;
  consumedCapacity: number;
}

export async function scanTenantItems(db: PlatformDb, tenantId: string): Promise<ScanResult> {
  const items: StoredItem[] = [];
  let scanned = 0;
  let consumedCapacity = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db.client.send(new ScanCommand({
      TableName: db.tableName,
      ConsistentRead: true,
      FilterExpression: 'PK = :t OR begins_with(PK, :tp) OR PK = :dir OR #tenantId = :id',
      ExpressionAttributeNames: { '#tenantId': 'tenantId' },
      ExpressionAttributeValues: { ':t': tenantPrefix(tenantId), ':tp': tenantChildPrefix(tenantId), ':dir': keys.tenantPartition(tenantId), ':id': tenantId },
      ReturnConsumedCapacity: 'TOTAL',
      ExclusiveStartKey: start,
    }));
    items.push(...(out.Items ?? []));
    scanned += out.ScannedCount ?? 0;
    consumedCapacity += out.ConsumedCapacity?.CapacityUnits ?? 0;
    start = out.LastEvaluatedKey;
  } while (start);
  return { items, scanned, consumedCapacity };
}
