// What deleting memberships does to their people's profiles: the profiles and the roles being
// removed, read together, and each profile's count and summary taken down (the profile deleted
// at zero). Used by removals in lib/members and by subtree deletes in lib/org.
import 'server-only';
import { z } from 'zod';
import { batchGet, itemParser, keys, type TenantDb, type TransactItem } from '../db';
import { ROLES, type Role } from '../authz/roles';
import { toTenantUser, type TenantUser } from './profile-item';
import { summaryRemove, updateExpression } from './profile-summary';

/** The user → unit membership item, as far as a removal needs it. */
const parseHeld = itemParser('membership', z.object({ userId: z.string(), unitId: z.string(), role: z.enum(ROLES) }));

/**
 * What removing these memberships takes off each person's profile (recursive deletes): the
 * profiles and the memberships' roles (from the user-side items), in one BatchGetItem.
 * Memberships already gone are left out.
 */
export async function readRemovals(
  db: TenantDb,
  members: { unitId: string; userId: string }[],
): Promise<{ profile: TenantUser; removed: { unitId: string; role: Role }[] }[]> {
  const users = [...new Set(members.map((m) => m.userId))];
  const items = await batchGet(db, [
    ...users.map((u) => keys.tenantUser(db.tenantId, u)),
    ...members.map((m) => keys.userMembership(db.tenantId, m.userId, m.unitId)),
  ]);
  const removed = new Map<string, { unitId: string; role: Role }[]>();
  for (const m of items.filter((i) => i.type === 'membership').map(parseHeld)) {
    removed.set(m.userId, [...(removed.get(m.userId) ?? []), { unitId: m.unitId, role: m.role }]);
  }
  return items
    .filter((i) => i.type === 'tenantUser')
    .map(toTenantUser)
    .map((profile) => ({ profile, removed: removed.get(profile.userId) ?? [] }));
}

/**
 * Takes `removed` memberships off the profile read: its count and summary, or the whole profile
 * at zero. Conditioned on the count read, so a membership added or removed meanwhile retries.
 */
export function profileCountChange(db: TenantDb, profile: TenantUser, removed: { unitId: string; role: Role }[]): TransactItem {
  const Key = keys.tenantUser(db.tenantId, profile.userId);
  if (profile.membershipCount <= removed.length) {
    return {
      Delete: {
        TableName: db.tableName, Key,
        ConditionExpression: 'membershipCount = :count',
        ExpressionAttributeValues: { ':count': removed.length },
      },
    };
  }
  const summary = summaryRemove(removed);
  return {
    Update: {
      TableName: db.tableName, Key,
      UpdateExpression: updateExpression(['membershipCount = membershipCount - :removed', ...summary.set], summary.remove),
      ConditionExpression: 'membershipCount = :count',
      ExpressionAttributeNames: summary.names,
      ExpressionAttributeValues: { ...summary.values, ':removed': removed.length, ':count': profile.membershipCount },
    },
  };
}
