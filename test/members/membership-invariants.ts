// Checks that a tenant's membership data agrees with itself: both directions of every
// membership, profile counts, unit memberCounts and the owner counter.
import assert from 'node:assert/strict';
import { GetCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { INDEX, keys } from '../../lib/db';
import { getUserMemberships, SUMMARY_UNITS } from '../../lib/members';
import { directClient, tableName } from '../support/stack';
import { tenantDbFor } from '../support/tenant-db';

/** Every page of a Query with the direct client. */
export async function queryAll(input: Omit<QueryCommandInput, 'TableName'>) {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await directClient().send(new QueryCommand({ ...input, TableName: tableName(), ExclusiveStartKey: start }));
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

export async function assertMembershipInvariants(tenantId: string, rootUnitId: string) {
  const rootPath = `/${rootUnitId}/`;
  const unitMembers = await queryAll({
    IndexName: INDEX.gsi1,
    KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :p)',
    ExpressionAttributeValues: { ':pk': keys.gsi1.memberTree(tenantId), ':p': rootPath },
  });
  const units = await queryAll({
    IndexName: INDEX.gsi1,
    KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :p)',
    ExpressionAttributeValues: { ':pk': keys.gsi1.tree(tenantId), ':p': rootPath },
  });
  const profiles = (await queryAll({
    IndexName: INDEX.gsi2,
    KeyConditionExpression: 'GSI2PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.gsi2.emails(tenantId) },
  })).filter((i) => i.type === 'tenantUser');

  const byUser = new Map<string, Record<string, unknown>[]>();
  for (const m of unitMembers) byUser.set(m.userId as string, [...(byUser.get(m.userId as string) ?? []), m]);
  const db = tenantDbFor(tenantId);
  for (const [userId, rows] of byUser) {
    const { user, memberships } = await getUserMemberships(db, userId);
    assert.ok(user, `profile of ${userId} exists`);
    assert.equal(user.membershipCount, rows.length, `membershipCount of ${userId}`);
    const forward = rows.map((r) => `${r.unitId}|${r.role}|${r.version}|${r.unitPath}`).sort();
    const backward = memberships.map((m) => `${m.unitId}|${m.role}|${m.version}|${m.unitPath}`).sort();
    assert.deepEqual(backward, forward, `both directions of ${userId}`);
    // The profile's summary (the people list) agrees with the memberships.
    const counts = { owner: 0, admin: 0, manager: 0, member: 0 };
    for (const r of rows) counts[r.role as keyof typeof counts]++;
    assert.deepEqual(user.roleCounts, counts, `roleCounts of ${userId}`);
    const held = Object.fromEntries(rows.map((r) => [r.unitId as string, r.role]));
    if (rows.length <= SUMMARY_UNITS) assert.deepEqual(user.units, held, `units listed on ${userId}`);
    else for (const [unitId, role] of Object.entries(user.units)) assert.equal(role, held[unitId], `unit listed on ${userId}`);
  }
  assert.deepEqual(profiles.map((p) => p.userId).sort(), [...byUser.keys()].sort(), 'a profile exactly for each member');
  for (const unit of units) {
    const count = unitMembers.filter((m) => m.unitId === unit.unitId).length;
    assert.equal(unit.memberCount, count, `memberCount of ${unit.name}`);
  }
  const settings = await directClient().send(new GetCommand({ TableName: tableName(), Key: keys.tenantSettings(tenantId) }));
  assert.equal(settings.Item?.ownerCount, unitMembers.filter((m) => m.role === 'owner').length, 'ownerCount');
}

/**
 * Everything membership writes can touch in a tenant (member tree, units, profiles and
 * invitations, audit, settings), for "a refusal changed nothing" checks.
 */
export async function snapshotTenant(tenantId: string, rootUnitId: string) {
  const rootPath = `/${rootUnitId}/`;
  const [memberTree, tree, emails, audit, settings] = await Promise.all([
    queryAll({ IndexName: INDEX.gsi1, KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': keys.gsi1.memberTree(tenantId) } }),
    queryAll({ IndexName: INDEX.gsi1, KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :p)', ExpressionAttributeValues: { ':pk': keys.gsi1.tree(tenantId), ':p': rootPath } }),
    queryAll({ IndexName: INDEX.gsi2, KeyConditionExpression: 'GSI2PK = :pk', ExpressionAttributeValues: { ':pk': keys.gsi2.emails(tenantId) } }),
    queryAll({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': keys.auditPartition(tenantId) } }),
    directClient().send(new GetCommand({ TableName: tableName(), Key: keys.tenantSettings(tenantId) })),
  ]);
  const users = [...new Set(memberTree.map((m) => m.userId as string))];
  const userSides = await Promise.all(
    users.map((u) => queryAll({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': keys.userPartition(tenantId, u) } })),
  );
  const sort = (items: Record<string, unknown>[]) => items.map((i) => JSON.stringify(i, Object.keys(i).sort())).sort();
  return {
    memberTree: sort(memberTree), tree: sort(tree), emails: sort(emails), audit: sort(audit),
    userSides: sort(userSides.flat()), settings: settings.Item,
  };
}
