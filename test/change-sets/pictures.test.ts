// The before and after pictures of a change set: the affected area (the ways down from the
// smallest common subtree to every changed unit and its old and new parents, plus one level of
// context), marked, bounded, and the same on both sides. In memory: no table.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { buildTree, simulate, type SimUnit, type Tree } from '../../lib/change-sets/simulate';
import { changeMarks } from '../../lib/change-sets/tree-changes';
import { pictures, type PictureSide } from '../../lib/change-sets/pictures';
import { pictureForViewer } from '../../lib/change-sets/viewer-pictures';
import type { Operation } from '../../lib/change-sets';

/** A tree from `name: parentName` lines; ids are the names. */
function treeOf(spec: Record<string, string | null>): Tree {
  const owner = { o: { role: 'owner' as const, name: 'Olga Owner', email: 'olga@example.com' } };
  const units: SimUnit[] = Object.entries(spec).map(([name, parent]) => ({ id: name, name, parentId: parent, memberCount: 0, administrators: parent ? {} : owner }));
  return buildTree(units, Object.entries(spec).find(([, p]) => p === null)![0]);
}

function picturesFor(before: Tree, ops: Operation[], limit?: number) {
  const sim = simulate(before, new Map(), new Map(), ops.map((op, i) => ({ seq: i + 1, op })));
  assert.equal(sim.problems.size, 0, `the operations go through: ${JSON.stringify([...sim.problems])}`);
  return pictures(before, sim.after, changeMarks(before, sim.after, ops.map((op, i) => ({ seq: i + 1, op })) as never, sim.deleted), limit);
}

const ids = (side: PictureSide) => side.units.map((u) => u.id);
const unit = (side: PictureSide, id: string) => side.units.find((u) => u.id === id);

const ORG = {
  Acme: null,
  Engineering: 'Acme', Sales: 'Acme', Operations: 'Acme',
  Platform: 'Engineering', Web: 'Engineering',
  'Platform API': 'Platform', 'Platform Data': 'Platform', Storage: 'Platform Data',
  EMEA: 'Sales', APAC: 'Sales', Berlin: 'EMEA',
  Legal: 'Operations',
};

describe('change set pictures', () => {
  test('a move: the ways to the unit and both parents, one level of context, the unit marked moved on both sides', () => {
    const { before, after } = picturesFor(treeOf(ORG), [{ kind: 'moveUnit', unitId: 'Platform', parentId: 'Sales' }]);
    // Top: the common ancestor of Platform, Engineering and Sales. Context: the other children of
    // every unit on the ways (Operations beside them, Web, EMEA, APAC), and what moves with Platform.
    assert.deepEqual(ids(before), ['Acme', 'Engineering', 'Platform', 'Platform API', 'Platform Data', 'Web', 'Operations', 'Sales', 'APAC', 'EMEA']);
    assert.deepEqual(ids(after), ['Acme', 'Engineering', 'Web', 'Operations', 'Sales', 'APAC', 'EMEA', 'Platform', 'Platform API', 'Platform Data']);
    assert.equal(unit(before, 'Acme')!.parentId, null);
    assert.equal(unit(after, 'Platform')!.parentId, 'Sales');
    assert.deepEqual(unit(before, 'Platform')!.marks, ['moved']);
    assert.deepEqual(unit(after, 'Platform')!.marks, ['moved']);
    assert.equal(unit(before, 'Platform')!.note, 'Sales', 'today it says where it goes');
    assert.equal(unit(after, 'Platform')!.note, 'Engineering', 'after it says where it was');
    assert.equal(unit(after, 'Platform Data')!.below, 1, 'Storage is counted, not drawn');
    assert.equal(unit(after, 'EMEA')!.below, 1);
    assert.equal(unit(after, 'Operations')!.below, 1);
    assert.deepEqual(unit(after, 'Web')!.marks, []);
    assert.equal(before.more + after.more, 0);
  });

  test('a rename deep in one branch draws only that branch, from its parent down', () => {
    const { before, after } = picturesFor(treeOf(ORG), [{ kind: 'renameUnit', unitId: 'Web', name: 'Web apps' }]);
    assert.deepEqual(ids(before), ['Engineering', 'Platform', 'Web']);
    assert.deepEqual(ids(after), ['Engineering', 'Platform', 'Web']);
    assert.equal(unit(before, 'Web')!.name, 'Web');
    assert.equal(unit(after, 'Web')!.name, 'Web apps');
    assert.deepEqual(unit(after, 'Web')!.marks, ['renamed']);
    assert.equal(unit(before, 'Platform')!.below, 3);
  });

  test('created and deleted units: on the side they exist, marked', () => {
    const { before, after } = picturesFor(treeOf(ORG), [
      { kind: 'createUnit', unitId: 'Research', parentId: 'Engineering', name: 'Research' },
      { kind: 'deleteUnit', unitId: 'Platform Data' },
    ]);
    assert.deepEqual(unit(before, 'Platform Data')!.marks, ['deleted']);
    assert.ok(unit(before, 'Storage'), 'what goes with a deleted unit is drawn beneath it');
    assert.equal(unit(after, 'Platform Data'), undefined);
    assert.equal(unit(after, 'Storage'), undefined);
    assert.equal(unit(before, 'Research'), undefined);
    assert.deepEqual(unit(after, 'Research')!.marks, ['created']);
    assert.equal(unit(after, 'Engineering')!.parentId, null, 'both changes sit under Engineering');
  });

  test('nothing changed: empty pictures', () => {
    const { before, after } = picturesFor(treeOf(ORG), []);
    assert.deepEqual(before, { units: [], more: 0 });
    assert.deepEqual(after, { units: [], more: 0 });
  });

  test('bounded: the ways to the changes first, context only while room is left, the rest counted', () => {
    const spec: Record<string, string | null> = { Top: null, A: 'Top', B: 'Top' };
    for (let i = 0; i < 500; i++) spec[`a${String(i).padStart(3, '0')}`] = 'A';
    const { before, after } = picturesFor(treeOf(spec), [{ kind: 'moveUnit', unitId: 'a250', parentId: 'B' }], 20);
    for (const side of [before, after]) {
      assert.equal(side.units.length, 20);
      for (const id of ['Top', 'A', 'B', 'a250']) assert.ok(ids(side).includes(id), `${id} is drawn`);
      const drawn = new Set(ids(side));
      for (const u of side.units) assert.ok(u.parentId === null || drawn.has(u.parentId), 'every card hangs from a drawn card');
    }
    // Before: 499 other children of A are context, 16 of them fit.
    assert.equal(before.more, 499 - 16);
    assert.equal(unit(before, 'A')!.below, 499 - 16);
  });

  test('parents come before children, as the layout takes them', () => {
    const { after } = picturesFor(treeOf(ORG), [{ kind: 'moveUnit', unitId: 'Berlin', parentId: 'Platform API' }]);
    const seen = new Set<string>();
    for (const u of after.units) {
      assert.ok(u.parentId === null || seen.has(u.parentId));
      seen.add(u.id);
    }
  });

  test("a viewer's pictures: counts only on units they see; their units' ancestors named but not counted", () => {
    const { before } = picturesFor(treeOf(ORG), [{ kind: 'moveUnit', unitId: 'Platform', parentId: 'Sales' }]);
    // A manager of Platform: sees Platform and below, may name Engineering and Acme above it.
    const seen = new Set(['Platform', 'Platform API', 'Platform Data', 'Storage']);
    const sight = { sees: (id: string) => seen.has(id), names: (id: string) => seen.has(id) || id === 'Acme' || id === 'Engineering', outside: 'a unit outside your view' };
    const side = pictureForViewer(before, sight);
    const card = (id: string) => side.units.find((u) => u.id === id);
    assert.deepEqual(ids(side), ['Acme', 'Engineering', 'Platform', 'Platform API', 'Platform Data', 'Sales'], 'context outside the view left out');
    for (const id of ['Acme', 'Engineering']) {
      assert.equal(card(id)!.name, id);
      assert.equal(card(id)!.memberCount, undefined, id);
      assert.equal(card(id)!.childCount, undefined, id);
      assert.equal(card(id)!.below, 0, `${id}: units below counted nothing from outside the view`);
    }
    assert.equal(card('Sales')!.name, 'a unit outside your view');
    assert.equal(card('Sales')!.memberCount, undefined);
    assert.equal(card('Sales')!.below, 0);
    assert.equal(card('Platform')!.memberCount, unit(before, 'Platform')!.memberCount);
    assert.equal(card('Platform')!.childCount, 2);
    assert.equal(card('Platform Data')!.below, unit(before, 'Platform Data')!.below, 'Storage, seen, still counted');
  });
});
