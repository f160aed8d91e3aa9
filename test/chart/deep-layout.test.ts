// The chart's layout of the deepest tree: a chain of 36 levels (the top unit and MAX_DEPTH below
// it), and the same chain with a sibling at every level, placed whole, level under level.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ulid } from 'ulid';
import { layoutChart, type LayoutInput } from '../../lib/chart';
import { MAX_DEPTH } from '../../lib/db';

const CARD = { width: 220, height: 96 };

function chain(withSiblings: boolean): LayoutInput[] {
  const out: LayoutInput[] = [{ id: ulid(), parentId: null, ...CARD }];
  for (let d = 1; d <= MAX_DEPTH; d++) {
    const parentId = out.filter((n) => !n.id.startsWith('leaf'))[d - 1]!.id;
    out.push({ id: ulid(), parentId, ...CARD });
    if (withSiblings) out.push({ id: `leaf-${ulid()}`, parentId, ...CARD });
  }
  return out;
}

for (const withSiblings of [false, true]) {
  test(`a chain of ${MAX_DEPTH + 1} levels${withSiblings ? ' with a sibling at every level' : ''} is laid out whole`, () => {
    const inputs = chain(withSiblings);
    const layout = layoutChart(inputs);
    assert.equal(layout.nodes.length, inputs.length);
    assert.equal(layout.links.length, inputs.length - 1);
    const at = new Map(layout.nodes.map((n) => [n.id, n]));
    for (const input of inputs) {
      const node = at.get(input.id)!;
      assert.ok(Number.isFinite(node.x) && Number.isFinite(node.y), `${input.id} is placed`);
      if (input.parentId) {
        const parent = at.get(input.parentId)!;
        assert.equal(node.depth, parent.depth + 1);
        assert.ok(node.y >= parent.y + parent.height, 'a child sits below its parent');
      }
    }
    assert.equal(Math.max(...layout.nodes.map((n) => n.depth)), MAX_DEPTH);
    const levels = MAX_DEPTH + 1;
    assert.equal(new Set(layout.nodes.map((n) => n.y)).size, levels, 'one row a level');
    assert.ok(layout.bounds.height >= levels * CARD.height);
  });
}
