import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../../lib/db';
import { createUnit, getUnitOrThrow, listChildren, listSubtree, MAX_DEPTH, moveUnit } from '../../lib/org';
import { siblingNameKey } from '../../lib/org/sibling-name';
import { directClient, tableName } from '../support/stack';
import { checkTree } from './support/check-tree';
import { buildTree } from './support/tree-fixture';
import { code, orgTenant } from './support/org-fixtures';

const get = async (key: { PK: string; SK: string }) =>
  (await directClient().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;

describe('moveUnit in one transaction', () => {
  test('moves a subtree with members: every path, depth, count, name claim and both membership directions', async () => {
    const t = await orgTenant();
    const from = await createUnit(t.db, t.actor, { parentId: t.root.id, name: 'From' });
    const to = await createUnit(t.db, t.actor, { parentId: t.root.id, name: 'To' });
    const deepTo = await createUnit(t.db, t.actor, { parentId: to.id, name: 'Deeper' });
    const team = await createUnit(t.db, t.actor, { parentId: from.id, name: 'Team' });
    const built = await buildTree(t.tenantId, team, { count: 12, fanout: 3, membersPerUnit: 2, users: 9 });
    const before = await checkTree(t.tenantId, t.root.id);

    const result = await moveUnit(t.db, t.actor, { unitId: team.id, newParentId: deepTo.id, expectedVersion: 1 });
    assert.equal(result.kind, 'moved');
    assert.ok(result.kind === 'moved');
    assert.equal(result.unit.path, `${deepTo.path}${team.id}/`);
    assert.equal(result.unit.depth, 3);
    assert.equal(result.unit.version, 2);

    const after = await checkTree(t.tenantId, t.root.id);
    assert.deepEqual(new Set(after.units.keys()), new Set(before.units.keys()));
    assert.deepEqual(after.memberships, before.memberships);
    for (const u of built.units) {
      const moved = after.units.get(u.id)!;
      assert.ok(moved.path.startsWith(result.unit.path), `${u.name} moved along`);
      assert.equal(moved.depth, u.depth + 1);
    }
    assert.equal((await getUnitOrThrow(t.db, from.id)).childCount, 0);
    assert.equal((await getUnitOrThrow(t.db, deepTo.id)).childCount, 1);
    assert.equal(await get(siblingNameKey(t.tenantId, from.id, 'Team')), undefined);
    assert.equal((await get(siblingNameKey(t.tenantId, deepTo.id, 'Team')))?.unitId, team.id);
    assert.deepEqual((await listChildren(t.db, deepTo.id)).items.map((u) => u.id), [team.id]);
    assert.equal((await listSubtree(t.db, to.id, { limit: 1000 })).items.length, 2 + 1 + 12);
  });

  test('refusals: root, into itself or a descendant, past the depth limit, stale version, name clash; same parent is a no-op', async () => {
    const t = await orgTenant();
    const a = await createUnit(t.db, t.actor, { parentId: t.root.id, name: 'A' });
    const a1 = await createUnit(t.db, t.actor, { parentId: a.id, name: 'Shared name' });
    const a11 = await createUnit(t.db, t.actor, { parentId: a1.id, name: 'A11' });
    const b = await createUnit(t.db, t.actor, { parentId: t.root.id, name: 'B' });
    await createUnit(t.db, t.actor, { parentId: b.id, name: 'shared NAME' });

    await assert.rejects(moveUnit(t.db, t.actor, { unitId: t.root.id, newParentId: a.id, expectedVersion: 1 }), code('unit.rootMove'));
    await assert.rejects(moveUnit(t.db, t.actor, { unitId: a.id, newParentId: a.id, expectedVersion: 1 }), code('unit.cycle'));
    await assert.rejects(moveUnit(t.db, t.actor, { unitId: a.id, newParentId: a11.id, expectedVersion: 1 }), code('unit.cycle'));
    await assert.rejects(moveUnit(t.db, t.actor, { unitId: a1.id, newParentId: b.id, expectedVersion: 1 }), code('unit.nameTaken'));
    await assert.rejects(moveUnit(t.db, t.actor, { unitId: a1.id, newParentId: t.root.id, expectedVersion: 7 }), code('unit.versionConflict'));
    const same = await moveUnit(t.db, t.actor, { unitId: a1.id, newParentId: a.id, expectedVersion: 1 });
    assert.equal(same.kind === 'moved' && same.unit.version, 1);

    // A chain reaching depth MAX_DEPTH - 1 under B: A (with two levels below it) can't go under its end.
    let end = b;
    for (let d = 2; d < MAX_DEPTH; d++) end = await createUnit(t.db, t.actor, { parentId: end.id, name: `L${d}` });
    assert.equal(end.depth, MAX_DEPTH - 1);
    await assert.rejects(moveUnit(t.db, t.actor, { unitId: a.id, newParentId: end.id, expectedVersion: 1 }), code('unit.tooDeep'));
    // A leaf fits exactly at MAX_DEPTH.
    const leaf = await moveUnit(t.db, t.actor, { unitId: a11.id, newParentId: end.id, expectedVersion: 1 });
    assert.equal(leaf.kind === 'moved' && leaf.unit.depth, MAX_DEPTH);
    await checkTree(t.tenantId, t.root.id);
  });

  test('a locked unit or destination is refused with unit.locked and nothing changes', async () => {
    const t = await orgTenant();
    const a = await createUnit(t.db, t.actor, { parentId: t.root.id, name: 'A' });
    const b = await createUnit(t.db, t.actor, { parentId: t.root.id, name: 'B' });
    const child = await createUnit(t.db, t.actor, { parentId: a.id, name: 'Child' });
    const c = await createUnit(t.db, t.actor, { parentId: t.root.id, name: 'C' });
    await directClient().send(
      new UpdateCommand({
        TableName: tableName(), Key: keys.unit(t.tenantId, b.id), UpdateExpression: 'SET #lock = :job',
        ExpressionAttributeNames: { '#lock': 'lock' }, ExpressionAttributeValues: { ':job': '01ARZ3NDEKTSV4RRFFQ69G5FAV' },
      }),
    );
    await assert.rejects(moveUnit(t.db, t.actor, { unitId: a.id, newParentId: b.id, expectedVersion: 1 }), code('unit.locked'));
    await assert.rejects(moveUnit(t.db, t.actor, { unitId: b.id, newParentId: a.id, expectedVersion: 1 }), code('unit.locked'));
    // A lock anywhere inside the moving subtree refuses the move as well.
    await directClient().send(
      new UpdateCommand({
        TableName: tableName(), Key: keys.unit(t.tenantId, child.id), UpdateExpression: 'SET #lock = :job',
        ExpressionAttributeNames: { '#lock': 'lock' }, ExpressionAttributeValues: { ':job': '01ARZ3NDEKTSV4RRFFQ69G5FAV' },
      }),
    );
    await assert.rejects(moveUnit(t.db, t.actor, { unitId: a.id, newParentId: c.id, expectedVersion: 1 }), code('unit.locked'));
    assert.equal((await getUnitOrThrow(t.db, a.id)).parentId, t.root.id);
  });
});
