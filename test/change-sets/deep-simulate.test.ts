// A change set's simulation at the depth limit: a unit created at depth 35 goes through, one at
// 36 is refused; a subtree moved so that its bottom lands at 35 goes through, one level lower is
// refused. In memory, the same rules as lib/org's writes (test/org/deepest-tree.test.ts).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_DEPTH } from '../../lib/db';
import { buildTree, simulate, type SimUnit } from '../../lib/change-sets/simulate';
import type { Operation } from '../../lib/change-sets';

/** The top unit (with an owner), a chain L1…L34 below it, and a team T with a child S beside it. */
function deepTree() {
  const owner = { o: { role: 'owner' as const, name: 'Olga Owner', email: 'olga@example.com' } };
  const units: SimUnit[] = [{ id: 'L0', name: 'Top', parentId: null, memberCount: 1, administrators: owner }];
  for (let d = 1; d < MAX_DEPTH; d++) units.push({ id: `L${d}`, name: `Level ${d}`, parentId: `L${d - 1}`, memberCount: 0, administrators: {} });
  units.push({ id: 'T', name: 'Team', parentId: 'L0', memberCount: 0, administrators: {} });
  units.push({ id: 'S', name: 'Squad', parentId: 'T', memberCount: 0, administrators: {} });
  return buildTree(units, 'L0');
}

const run = (op: Operation) => simulate(deepTree(), new Map(), new Map(), [{ seq: 1, op }]);

describe('simulating at the depth limit', () => {
  test('creating at depth 35 goes through, at 36 is refused', () => {
    const ok = run({ kind: 'createUnit', unitId: 'N', parentId: `L${MAX_DEPTH - 1}`, name: 'Bottom' });
    assert.equal(ok.problems.size, 0);
    assert.equal(ok.after.units.get('N')?.parentId, `L${MAX_DEPTH - 1}`);
    const deeper = simulate(ok.after, new Map(), new Map(), [{ seq: 2, op: { kind: 'createUnit', unitId: 'X', parentId: 'N', name: 'Too deep' } }]);
    assert.deepEqual(deeper.problems.get(2), [`The tree would be deeper than ${MAX_DEPTH} levels.`]);
    assert.equal(deeper.after.units.has('X'), false);
  });

  test('a two-level subtree moves under depth 33, not under depth 34', () => {
    const ok = run({ kind: 'moveUnit', unitId: 'T', parentId: `L${MAX_DEPTH - 2}` });
    assert.equal(ok.problems.size, 0);
    const refused = run({ kind: 'moveUnit', unitId: 'T', parentId: `L${MAX_DEPTH - 1}` });
    assert.deepEqual(refused.problems.get(1), [`The tree would be deeper than ${MAX_DEPTH} levels.`]);
    assert.equal(refused.after.units.get('T')?.parentId, 'L0', 'nothing moved');
  });
});
