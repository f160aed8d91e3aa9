// The deepest tree against DynamoDB Local: a chain of units down to depth 35 (MAX_DEPTH), each
// with the longest name a unit may have, a member at the bottom, read back by every read that
// takes a path; one level more refused; a subtree moved to the deepest place it fits and refused
// one level lower. The stored keys are measured in bytes (test/db/deep-keys.test.ts does the sums).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { keys, MAX_DEPTH } from '../../lib/db';
import { createUnit, getBreadcrumb, getUnitOrThrow, listSubtree, moveUnit, type Unit } from '../../lib/org';
import { addMembership, listSubtreeMembers } from '../../lib/members';
import { NAME_MAX_LENGTH } from '../../lib/validation';
import { directClient, tableName } from '../support/stack';
import { person } from '../members/fixtures';
import { code, orgTenant } from './support/org-fixtures';

const raw = async (key: { PK: string; SK: string }) =>
  (await directClient().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item!;
const bytes = (s: unknown) => Buffer.byteLength(String(s), 'utf8');

/** The longest unit name (NAME_MAX_LENGTH four-byte characters), told apart by its level. */
const longName = (level: number) => `${level} ${'𠀀'.repeat(NAME_MAX_LENGTH - String(level).length - 1)}`;

describe('the deepest tree', () => {
  test('units to depth 35 with the longest names, a member at the bottom, read back; depth 36 refused', async () => {
    const t = await orgTenant('Deep');
    const chain: Unit[] = [t.root];
    for (let depth = 1; depth <= MAX_DEPTH; depth++) chain.push(await createUnit(t.db, t.actor, { parentId: chain.at(-1)!.id, name: longName(depth) }));
    const bottom = chain.at(-1)!;
    assert.equal(bottom.depth, 35);
    assert.equal([...bottom.name].length, NAME_MAX_LENGTH);

    await assert.rejects(createUnit(t.db, t.actor, { parentId: bottom.id, name: 'One too deep' }), code('unit.tooDeep'));
    assert.equal((await getUnitOrThrow(t.db, bottom.id)).childCount, 0, 'nothing was written');

    const who = person('Deep Member');
    await addMembership(t.db, t.actor, { unitId: bottom.id, role: 'manager', ...who });
    const unitItem = await raw(keys.unit(t.tenantId, bottom.id));
    const memberItem = await raw(keys.unitMember(t.tenantId, bottom.id, who.userId));
    assert.equal(bytes(unitItem.GSI1SK), 973, 'the tree index key at depth 35');
    assert.equal(bytes(memberItem.GSI1SK), 999, 'the member-tree key at depth 35');
    assert.ok(bytes(unitItem.GSI3SK) > 300, 'the name index key carries the long name');

    // Every read that takes a path takes the deepest one.
    const subtree = await listSubtree(t.db, chain[1]!.id, { limit: 100 });
    assert.equal(subtree.items.length, MAX_DEPTH);
    assert.equal(subtree.items.at(-1)!.id, bottom.id);
    const own = await listSubtree(t.db, bottom.id);
    assert.deepEqual(own.items.map((u) => u.id), [bottom.id]);
    const members = await listSubtreeMembers(t.db, bottom.path);
    assert.deepEqual(members.items.map((m) => m.userId), [who.userId]);
    assert.equal(members.units.get(bottom.id)?.name, bottom.name);
    const crumbs = await getBreadcrumb(t.db, bottom);
    assert.equal(crumbs.length, MAX_DEPTH, "every ancestor, the top unit first");
  });

  test('a subtree moves to the deepest place it fits, and not one level lower', async () => {
    const t = await orgTenant('Deep move');
    const chain: Unit[] = [t.root];
    for (let depth = 1; depth < MAX_DEPTH; depth++) chain.push(await createUnit(t.db, t.actor, { parentId: chain.at(-1)!.id, name: longName(depth) }));
    assert.equal(chain.at(-1)!.depth, 34);
    // A team of two levels with a member at its bottom, beside the chain.
    const team = await createUnit(t.db, t.actor, { parentId: t.root.id, name: longName(0) });
    const squad = await createUnit(t.db, t.actor, { parentId: team.id, name: 'Squad' });
    const who = person('Squad Member');
    await addMembership(t.db, t.actor, { unitId: squad.id, role: 'member', ...who });

    // Under depth 34 the squad would sit at 36.
    await assert.rejects(moveUnit(t.db, t.actor, { unitId: team.id, newParentId: chain[34]!.id, expectedVersion: team.version }), code('unit.tooDeep'));
    assert.equal((await getUnitOrThrow(t.db, team.id)).parentId, t.root.id, 'nothing moved');

    const moved = await moveUnit(t.db, t.actor, { unitId: team.id, newParentId: chain[33]!.id, expectedVersion: team.version });
    assert.equal(moved.kind, 'moved');
    const deepSquad = await getUnitOrThrow(t.db, squad.id);
    assert.equal(deepSquad.depth, MAX_DEPTH);
    assert.equal(deepSquad.path, `${chain[33]!.path}${team.id}/${squad.id}/`);
    const memberItem = await raw(keys.unitMember(t.tenantId, squad.id, who.userId));
    assert.equal(memberItem.unitPath, deepSquad.path, "the membership follows its unit's path");
    assert.equal(bytes(memberItem.GSI1SK), 999);
    const members = await listSubtreeMembers(t.db, chain[33]!.path);
    assert.deepEqual(members.items.map((m) => m.userId), [who.userId]);
  });
});
