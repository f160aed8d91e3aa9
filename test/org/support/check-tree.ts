// Checks every invariant of a tenant's tree from the stored items (strongly consistent reads
// with the unrestricted client; the indexes only say which keys to read): each unit listed
// exactly once, with a path extending its parent's, the right depth and childCount, its sibling
// name claim, no lock; every membership present in both directions with its unit's path and
// counted by its unit; profiles counting their memberships; unitCount right; no unfinished job.
import assert from 'node:assert/strict';
import { BatchGetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { INDEX, keys, type Key } from '../../../lib/db';
import { mapLimit } from '../../../lib/org/map-limit';
import { siblingNameKey } from '../../../lib/org/sibling-name';
import { depthOf, toUnit, type Unit } from '../../../lib/org/unit-item';
import { directClient, tableName } from '../../support/stack';

const keyOf = (k: Key) => `${k.PK}\n${k.SK}`;

async function getMany(itemKeys: Key[]): Promise<Map<string, Record<string, unknown>>> {
  const found = new Map<string, Record<string, unknown>>();
  for (let i = 0; i < itemKeys.length; i += 100) {
    let pending = itemKeys.slice(i, i + 100);
    while (pending.length > 0) {
      const out = await directClient().send(
        new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: pending, ConsistentRead: true } } }),
      );
      for (const item of out.Responses?.[tableName()] ?? []) found.set(keyOf(item as Key), item);
      pending = (out.UnprocessedKeys?.[tableName()]?.Keys as Key[] | undefined) ?? [];
    }
  }
  return found;
}

async function queryAll(input: Record<string, unknown>) {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await directClient().send(new QueryCommand({ TableName: tableName(), ...input, ExclusiveStartKey: start } as never));
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

export interface TreeState {
  units: Map<string, Unit>;
  /** `${unitId}/${userId}` of every membership. */
  memberships: Set<string>;
}

export async function checkTree(tenantId: string, rootUnitId: string): Promise<TreeState> {
  const rootPath = `/${rootUnitId}/`;
  const indexed = async (pk: string) =>
    queryAll({
      IndexName: INDEX.gsi1, KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :p)',
      ExpressionAttributeValues: { ':pk': pk, ':p': rootPath },
    });

  // Units: listed once each, stored as listed, a closed tree of correct paths.
  const listed = await indexed(keys.gsi1.tree(tenantId));
  const ids = listed.map((i) => i.unitId as string);
  assert.equal(new Set(ids).size, ids.length, 'a unit is listed twice in the tree index');
  const stored = await getMany(ids.map((id) => keys.unit(tenantId, id)));
  const units = new Map<string, Unit>();
  for (const item of listed) {
    const unitItem = stored.get(keyOf(keys.unit(tenantId, item.unitId as string)));
    assert.ok(unitItem, `unit ${item.unitId} is listed but not stored`);
    const u = toUnit(unitItem);
    assert.equal(item.GSI1SK, u.path, `tree index key of ${u.id}`);
    units.set(u.id, u);
  }
  const children = new Map<string, number>();
  for (const u of units.values()) {
    assert.equal(u.lockedBy, undefined, `unit ${u.id} is still locked`);
    assert.equal(u.depth, depthOf(u.path), `depth of ${u.id}`);
    if (u.id === rootUnitId) continue;
    const parent = units.get(u.parentId!);
    assert.ok(parent, `parent of ${u.id} missing`);
    assert.equal(u.path, `${parent.path}${u.id}/`, `path of ${u.id}`);
    children.set(parent.id, (children.get(parent.id) ?? 0) + 1);
  }
  for (const u of units.values()) assert.equal(u.childCount, children.get(u.id) ?? 0, `childCount of ${u.id}`);
  const nonRoot = [...units.values()].filter((u) => u.parentId);
  const claims = await getMany(nonRoot.map((u) => siblingNameKey(tenantId, u.parentId!, u.name)));
  for (const u of nonRoot) assert.equal(claims.get(keyOf(siblingNameKey(tenantId, u.parentId!, u.name)))?.unitId, u.id, `name claim of ${u.id}`);
  const settings = await getMany([keys.tenantSettings(tenantId)]);
  assert.equal(settings.get(keyOf(keys.tenantSettings(tenantId)))?.unitCount, units.size, 'tenant unitCount');

  // Memberships: the unit → user items (found through the member-tree index, read from the
  // table), their user → unit mirrors, and each person's partition the other way round.
  const listedMembers = await indexed(keys.gsi1.memberTree(tenantId));
  const memberKeys = listedMembers.map((m) => keys.unitMember(tenantId, m.unitId as string, m.userId as string));
  const mirrorKeys = listedMembers.map((m) => keys.userMembership(tenantId, m.userId as string, m.unitId as string));
  const [members, mirrors] = await Promise.all([getMany(memberKeys), getMany(mirrorKeys)]);
  const memberships = new Set<string>();
  const perUnit = new Map<string, number>();
  listedMembers.forEach((entry, i) => {
    const m = members.get(keyOf(memberKeys[i]));
    const label = `${entry.unitId}/${entry.userId}`;
    assert.ok(m, `member item ${label} listed but not stored`);
    const unit = units.get(m.unitId as string);
    assert.ok(unit, `member item ${label} in a unit outside the tree`);
    assert.equal(m.lock, undefined, `member item ${label} still locked`);
    assert.equal(m.unitPath, unit.path, `unitPath of ${label}`);
    assert.equal(m.GSI1SK, `${unit.path}${m.userId}`, `member-tree key of ${label}`);
    const mirror = mirrors.get(keyOf(mirrorKeys[i]));
    assert.ok(mirror, `user → unit item of ${label} missing`);
    assert.equal(mirror.unitPath, unit.path, `user → unit path of ${label}`);
    assert.equal(mirror.role, m.role, `role of ${label}`);
    assert.ok(!memberships.has(label), `${label} listed twice`);
    memberships.add(label);
    perUnit.set(unit.id, (perUnit.get(unit.id) ?? 0) + 1);
  });
  for (const u of units.values()) assert.equal(u.memberCount, perUnit.get(u.id) ?? 0, `memberCount of ${u.id}`);
  const userIds = [...new Set(listedMembers.map((m) => m.userId as string))];
  await mapLimit(userIds, 8, async (userId) => {
    const items = await queryAll({
      KeyConditionExpression: 'PK = :pk', ConsistentRead: true,
      ExpressionAttributeValues: { ':pk': keys.userPartition(tenantId, userId) },
    });
    const edges = items.filter((i) => (i.SK as string).startsWith('U#'));
    assert.equal(items.find((i) => i.SK === 'PROFILE')?.membershipCount, edges.length, `membershipCount of ${userId}`);
    for (const e of edges) assert.ok(memberships.has(`${e.unitId}/${userId}`), `user → unit item ${userId} → ${e.unitId} without its unit → user item`);
  });

  const jobs = await queryAll({
    IndexName: INDEX.gsi1, KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.gsi1.treeJobs(tenantId) },
  });
  assert.deepEqual(jobs.map((j) => `${j.jobId}:${j.status}`), [], 'unfinished jobs');
  return { units, memberships };
}
