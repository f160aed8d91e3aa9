// Builds large subtrees fast for the org tests: unit items (with their sibling name claims and
// name words),
// memberships in both directions and tenant profiles, written straight to DynamoDB Local in
// conditioned transactions of 100 puts, with the parent's childCount and the tenant's
// unitCount updated to match, exactly as createUnit and addMembership would leave them.
import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { keys } from '../../../lib/db';
import { tenantUserItem, unitMemberItem, userMembershipItem, type Membership } from '../../../lib/members/membership-items';
import { siblingNameKey } from '../../../lib/org/sibling-name';
import { nameWordItems } from '../../../lib/items/name-words';
import { childPath, depthOf, unitItem, type Unit } from '../../../lib/org/unit-item';
import { directClient, tableName } from '../../support/stack';

export interface BuiltTree {
  units: Unit[];
  memberships: { unitId: string; userId: string }[];
  userIds: string[];
}

export interface TreeShape {
  /** Units to create below `parent`. */
  count: number;
  /** Children per unit (breadth-first). */
  fanout: number;
  /** Members per unit, drawn from a pool of `users` people (each in several units). */
  membersPerUnit?: number;
  users?: number;
  namePrefix?: string;
}

export async function buildTree(tenantId: string, parent: Unit, shape: TreeShape): Promise<BuiltTree> {
  const now = new Date().toISOString();
  const units: Unit[] = [];
  const childCount = new Map<string, number>();
  for (let k = 0; k < shape.count; k++) {
    const p = k < shape.fanout ? parent : units[Math.floor((k - shape.fanout) / shape.fanout)];
    const id = ulid();
    const path = childPath(p.path, id);
    units.push({
      tenantId, id, name: `${shape.namePrefix ?? 'Unit'} ${k}`, parentId: p.id, path, depth: depthOf(path),
      childCount: 0, memberCount: 0, version: 1, createdAt: now, updatedAt: now,
    });
    childCount.set(p.id, (childCount.get(p.id) ?? 0) + 1);
  }
  for (const u of units) u.childCount = childCount.get(u.id) ?? 0;

  const userIds = Array.from({ length: shape.users ?? 0 }, () => ulid());
  const memberships: Membership[] = [];
  units.forEach((u, k) => {
    for (let j = 0; j < (shape.membersPerUnit ?? 0); j++) {
      const userId = userIds[(k + j * 7) % userIds.length];
      memberships.push({
        tenantId, unitId: u.id, userId, role: j === 0 ? 'manager' : 'member', email: `${userId.toLowerCase()}@example.test`,
        name: `Person ${userId.slice(-5)}`, unitPath: u.path, version: 1, createdAt: now, updatedAt: now,
      });
      u.memberCount++;
    }
  });
  const perUser = new Map<string, number>();
  for (const m of memberships) perUser.set(m.userId, (perUser.get(m.userId) ?? 0) + 1);

  const items: Record<string, unknown>[] = [
    ...units.map((u) => unitItem(u)),
    ...units.map((u) => ({ ...siblingNameKey(tenantId, u.parentId!, u.name), type: 'siblingName', tenantId, parentId: u.parentId, unitId: u.id, createdAt: now })),
    ...units.flatMap((u) => nameWordItems(tenantId, { kind: 'unit', id: u.id }, u.name)),
    ...[...perUser.keys()].flatMap((userId) => nameWordItems(tenantId, { kind: 'tenantUser', id: userId }, `Person ${userId.slice(-5)}`)),
    ...memberships.flatMap((m) => [unitMemberItem(m), userMembershipItem(m)]),
    ...[...perUser].map(([userId]) =>
      tenantUserItem({ tenantId, userId, email: `${userId.toLowerCase()}@example.test`, name: `Person ${userId.slice(-5)}`, memberships: memberships.filter((m) => m.userId === userId), joinedAt: now }),
    ),
  ];
  for (let i = 0; i < items.length; i += 100) {
    await directClient().send(
      new TransactWriteCommand({
        TransactItems: items.slice(i, i + 100).map((Item) => ({ Put: { TableName: tableName(), Item, ConditionExpression: 'attribute_not_exists(PK)' } })),
      }),
    );
  }
  await directClient().send(
    new UpdateCommand({
      TableName: tableName(), Key: keys.unit(tenantId, parent.id),
      UpdateExpression: 'SET childCount = childCount + :n', ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':n': childCount.get(parent.id) ?? 0 },
    }),
  );
  await directClient().send(
    new UpdateCommand({
      TableName: tableName(), Key: keys.tenantSettings(tenantId),
      UpdateExpression: 'SET unitCount = unitCount + :n', ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':n': units.length },
    }),
  );
  return { units, memberships: memberships.map((m) => ({ unitId: m.unitId, userId: m.userId })), userIds };
}
