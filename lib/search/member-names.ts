// Members by name prefix, paginated: GSI3 `T#<t>#NAMES` holds units and member profiles by
// lower-cased name, so one Query page filtered to profiles. The tenant member list uses it beside
// the email-prefix listing (lib/members listTenantMembers) to search people by name or email with
// a cursor. Server-only.
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { decodeCursor, encodeCursor, INDEX, keys, pageSize, type Page, type TenantDb } from '../db';
import { toTenantUser, type TenantUser } from '../members/membership-items';
import { validateSearchPrefix } from '../validation';

export const MEMBER_NAMES_PAGE = { default: 50, max: 100 } as const;

/**
 * Profiles whose name (their email when nameless) starts with the prefix, in name order. Units
 * share the index partition and are filtered out after the read, so a page may hold fewer than
 * `limit` rows while a next cursor remains.
 */
export async function searchMembersByName(
  db: TenantDb,
  rawPrefix: string,
  options: { limit?: number; cursor?: string } = {},
): Promise<Page<TenantUser>> {
  const prefix = validateSearchPrefix(rawPrefix, 'member.badPrefix');
  const limit = pageSize(options.limit, MEMBER_NAMES_PAGE);
  const scope = `T10n:${db.tenantId}:${prefix}`;
  const out = await db.client.send(
    new QueryCommand({
      TableName: db.tableName,
      IndexName: INDEX.gsi3,
      KeyConditionExpression: 'GSI3PK = :pk AND begins_with(GSI3SK, :prefix)',
      FilterExpression: '#type = :member',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: { ':pk': keys.gsi3.names(db.tenantId), ':prefix': prefix, ':member': 'tenantUser' },
      Limit: limit,
      ExclusiveStartKey: decodeCursor(scope, options.cursor),
    }),
  );
  return { items: (out.Items ?? []).map(toTenantUser), nextCursor: encodeCursor(scope, out.LastEvaluatedKey) };
}
