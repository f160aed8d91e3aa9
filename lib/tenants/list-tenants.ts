// The operator's list of every tenant: one Query of GSI4 `TENANTS` (the registry entries' ids),
// then the names in BatchGetItem. Operator credentials (GSI4 `TENANTS` is no platform or tenant
// partition).
import 'server-only';
import { batchGet, INDEX, keys, type PlatformDb } from '../db';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';

export interface TenantListing {
  tenantId: string;
  name: string;
}

export async function listTenants(db: PlatformDb): Promise<TenantListing[]> {
  const ids: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db.client.send(
      new QueryCommand({ TableName: db.tableName, IndexName: INDEX.gsi4, KeyConditionExpression: 'GSI4PK = :pk', ExpressionAttributeValues: { ':pk': keys.gsi4.tenants() }, ExclusiveStartKey: start }),
    );
    ids.push(...(out.Items ?? []).map((i) => String(i.tenantId)));
    start = out.LastEvaluatedKey;
  } while (start);
  const items = await batchGet(db, ids.map((t) => keys.tenantRegistry(t)), { consistent: false, projection: ['tenantId', 'name'] });
  return items.map((i) => ({ tenantId: String(i.tenantId), name: String(i.name) })).sort((a, b) => a.name.localeCompare(b.name));
}
