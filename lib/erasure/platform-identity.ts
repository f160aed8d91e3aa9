// The person's platform identity (P3: `USER#<user>` and `EMAIL#<email>`) and their tenants (P2,
// GSI4 `USER#<user>`), with platform credentials. The identity is removed once no tenant holds a
// profile of theirs any more: it is what a sign-in or a new membership would find them by, and
// without a tenant it serves nothing. GSI4 follows profile deletes eventually, so the tenants
// this erasure just left are taken out of its answer rather than waited for.
import 'server-only';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { deleteItem, INDEX, keys, type PlatformDb } from '../db';
import { getUser, getUserByEmail, type User } from '../users';

/** Every tenant holding a profile of the user (P2, all pages: the switcher reads only the first 100). */
export async function tenantsOfUser(platform: PlatformDb, userId: string): Promise<string[]> {
  const tenantIds: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await platform.client.send(
      new QueryCommand({
        TableName: platform.tableName, IndexName: INDEX.gsi4,
        KeyConditionExpression: 'GSI4PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.gsi4.userTenants(userId) },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of out.Items ?? []) if (typeof item.tenantId === 'string') tenantIds.push(item.tenantId);
    start = out.LastEvaluatedKey;
  } while (start);
  return [...new Set(tenantIds)];
}

export async function findPlatformUser(platform: PlatformDb, by: { userId?: string; email?: string }): Promise<User | undefined> {
  if (by.userId) return getUser(platform, by.userId);
  return by.email ? getUserByEmail(platform, by.email) : undefined;
}

export type PlatformOutcome = 'removed' | 'wouldRemove' | 'kept' | 'none';

/**
 * Removes the identity unless the person still belongs to a tenant other than `erasedTenants`.
 * Each item is deleted only while it is still this person's (an address reused by a new identity
 * since is left alone).
 */
export async function erasePlatformIdentity(
  platform: PlatformDb,
  user: User | undefined,
  erasedTenants: string[],
  options: { dryRun?: boolean } = {},
): Promise<{ outcome: PlatformOutcome; otherTenants: string[] }> {
  if (!user) return { outcome: 'none', otherTenants: [] };
  const otherTenants = (await tenantsOfUser(platform, user.id)).filter((t) => !erasedTenants.includes(t));
  if (otherTenants.length > 0) return { outcome: 'kept', otherTenants };
  if (options.dryRun) return { outcome: 'wouldRemove', otherTenants };
  const owned = { ConditionExpression: 'attribute_not_exists(PK) OR userId = :id', ExpressionAttributeValues: { ':id': user.id } };
  // An item that names someone else now (the address reused) is theirs: left alone.
  for (const Key of [keys.userEmail(user.email), keys.user(user.id)]) await deleteItem(platform, { Key, ...owned });
  return { outcome: 'removed', otherTenants };
}
