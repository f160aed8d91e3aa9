// T10: find units and members by name prefix, and members by email prefix. Server-only.
//
// At most two Queries, sent in parallel: GSI3 `T#<t>#NAMES` (units and member profiles by
// lower-cased name) and GSI2 `T#<t>#EMAILS` (profiles by email; pending invitations share that
// index and are filtered out). Name matches come first in name order, then members matched only
// by email, in email order; a member matched both ways appears once.
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { INDEX, keys, pageSize, type TenantDb } from '../db';
import { toTenantUser, type TenantUser } from '../members/membership-items';
import { toUnit, type Unit } from '../org/unit-item';
import { validateSearchPrefix } from '../validation';

export const SEARCH_PAGE = { default: 20, max: 50 } as const;

export type SearchResult = { kind: 'unit'; unit: Unit } | { kind: 'member'; user: TenantUser };

// Emails hold no whitespace: a prefix with a space can only be a name.
const COULD_BE_EMAIL = /^[^\s]+$/;

export async function search(db: TenantDb, rawPrefix: string, options: { limit?: number } = {}): Promise<SearchResult[]> {
  const prefix = validateSearchPrefix(rawPrefix);
  const limit = pageSize(options.limit, SEARCH_PAGE);
  const query = (IndexName: string, pk: string, filterMembers: boolean) =>
    db.client.send(
      new QueryCommand({
        TableName: db.tableName,
        IndexName,
        KeyConditionExpression: `${IndexName}PK = :pk AND begins_with(${IndexName}SK, :prefix)`,
        ...(filterMembers
          ? { FilterExpression: '#type = :member', ExpressionAttributeNames: { '#type': 'type' } }
          : {}),
        ExpressionAttributeValues: { ':pk': pk, ':prefix': prefix, ...(filterMembers ? { ':member': 'tenantUser' } : {}) },
        Limit: limit,
      }),
    );

  const [byName, byEmail] = await Promise.all([
    query(INDEX.gsi3, keys.gsi3.names(db.tenantId), false),
    COULD_BE_EMAIL.test(prefix) ? query(INDEX.gsi2, keys.gsi2.emails(db.tenantId), true) : undefined,
  ]);

  const results: SearchResult[] = [];
  const seenUsers = new Set<string>();
  for (const item of byName.Items ?? []) {
    if (item.type === 'unit') results.push({ kind: 'unit', unit: toUnit(item) });
    else if (item.type === 'tenantUser') {
      seenUsers.add(item.userId as string);
      results.push({ kind: 'member', user: toTenantUser(item) });
    }
  }
  for (const item of byEmail?.Items ?? []) {
    if (seenUsers.has(item.userId as string)) continue;
    results.push({ kind: 'member', user: toTenantUser(item) });
  }
  return results.slice(0, limit);
}
