// Checks every invariant of a tenant's tree from the stored items (strongly consistent reads,
// the unrestricted client): each unit listed exactly once, with a path extending its parent's,
// the right depth and childCount, its sibling name claim, no lock; every membership present in
// both directions with its unit's path; profiles counting their memberships; unitCount right;
// no unfinished job.
import assert from 'node:assert/strict';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { INDEX, keys, type Key } from '../../../lib/db';
import { mapLimit } from '../../../lib/org/map-limit';
import { siblingNameKey } from '../../../lib/org/sibling-name';
import { depthOf, toUnit, type Unit } from '../../../lib/org/unit-item';
import { directClient, tableName } from '../../support/stack';

const get = async (key: Key) => (await directClient().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;

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
  /** `${unitId}/${userId}` of every membership found. */
  memberships: Set<string>;
}

export async function checkTree(tenantId: string, rootUnitId: string): Promise<TreeState> {
  const root = toUnit((await get(keys.unit(tenantId, rootUnitId)))!);
  const listed = await queryAll({
    IndexName: INDEX.gsi1, KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :p)',
    ExpressionAttributeValues: { ':pk': keys.gsi1.tree(tenantId), ':p': root.path },
  });
  const ids = listed.map((i) => i.unitId as string);
  assert.equal(new Set(ids).size, ids.length, 'a unit is listed twice in the tree index');

  const units = new Map<string, Unit>();
  await mapLimit(ids, 8, async (id) => {
    const item = await get(keys.unit(tenantId, id));
    assert.ok(item, `unit ${id} is listed but not stored`);
    units.set(id, toUnit(item));
  });
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
  const indexed = new Map(listed.map((i) => [i.unitId as string, i]));
  for (const u of units.values()) {
    assert.equal(u.childCount, children.get(u.id) ?? 0, `childCount of ${u.id}`);
    assert.equal(indexed.get(u.id)!.GSI1SK, u.path, `tree index key of ${u.id}`);
  }
  await mapLimit([...units.values()].filter((u) => u.parentId), 8, async (u) => {
    const claim = await get(siblingNameKey(tenantId, u.parentId!, u.name));
    assert.equal(claim?.unitId, u.id, `name claim of ${u.id}`);
  });
  const settings = await get(keys.tenantSettings(tenantId));
  assert.equal(settings?.unitCount, units.size, 'tenant unitCount');

  const memberships = new Set<string>();
  const perUser = new Map<string, number>();
  await mapLimit([...units.values()], 8, async (u) => {
    const members = await queryAll({
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :m)', ConsistentRead: true,
      ExpressionAttributeValues: { ':pk': keys.unitPartition(tenantId, u.id), ':m': 'M#' },
    });
    assert.equal(members.length, u.memberCount, `memberCount of ${u.id}`);
    for (const m of members) {
      assert.equal(m.lock, undefined, `member item ${u.id}/${m.userId} still locked`);
      assert.equal(m.unitPath, u.path, `unitPath of member ${m.userId} in ${u.id}`);
      assert.equal(m.GSI1SK, `${u.path}${m.userId}`, `member-tree key of ${m.userId} in ${u.id}`);
      const mirror = await get(keys.userMembership(tenantId, m.userId as string, u.id));
      assert.ok(mirror, `user → unit item of ${m.userId} in ${u.id} missing`);
      assert.equal(mirror.unitPath, u.path, `user → unit path of ${m.userId} in ${u.id}`);
      assert.equal(mirror.role, m.role);
      memberships.add(`${u.id}/${m.userId}`);
      perUser.set(m.userId as string, (perUser.get(m.userId as string) ?? 0) + 1);
    }
  });
  await mapLimit([...perUser.keys()], 8, async (userId) => {
    const items = await queryAll({
      KeyConditionExpression: 'PK = :pk', ConsistentRead: true,
      ExpressionAttributeValues: { ':pk': keys.userPartition(tenantId, userId) },
    });
    const profile = items.find((i) => i.SK === 'PROFILE');
    const edges = items.filter((i) => (i.SK as string).startsWith('U#'));
    assert.equal(profile?.membershipCount, edges.length, `membershipCount of ${userId}`);
    for (const e of edges) assert.ok(memberships.has(`${e.unitId}/${userId}`), `user → unit item ${userId} → ${e.unitId} without its unit → user item`);
  });
  const jobs = await queryAll({
    IndexName: INDEX.gsi1, KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.gsi1.moveJobs(tenantId) },
  });
  assert.deepEqual(jobs.map((j) => `${j.jobId}:${j.status}`), [], 'unfinished jobs');
  return { units, memberships };
}

/** The user ids holding a profile in the tenant that have no membership left (should be none). */
export async function profileOf(tenantId: string, userId: string) {
  return get(keys.tenantUser(tenantId, userId));
}
