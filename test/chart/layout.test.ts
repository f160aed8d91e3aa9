// The chart's layout (lib/chart/layout.ts): parents above children, no card over another, folded
// subtrees left out, childless siblings stacked in columns, and its time at 10,000 units.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { layoutChart, type ChartLayout, type LayoutInput } from '../../lib/chart';

const card = (id: string, parentId: string | null): LayoutInput => ({ id, parentId, width: 220, height: 96 });

/** A tree of `count` nodes, `fan` children a parent, breadth first (parents before children). */
function tree(count: number, fan: number): LayoutInput[] {
  const out = [card('n0', null)];
  for (let i = 1; i < count; i++) out.push(card(`n${i}`, `n${Math.floor((i - 1) / fan)}`));
  return out;
}

function assertNoOverlap(layout: ChartLayout) {
  // Sweep by x: only cards whose x ranges meet are compared.
  const sorted = [...layout.nodes].sort((a, b) => a.x - b.x);
  for (let i = 0; i < sorted.length; i++) {
    const a = sorted[i];
    for (let j = i + 1; j < sorted.length && sorted[j].x < a.x + a.width; j++) {
      const b = sorted[j];
      const apart = b.y >= a.y + a.height || a.y >= b.y + b.height;
      assert.ok(apart, `${a.id} and ${b.id} overlap`);
    }
  }
}

function assertParentsAbove(inputs: LayoutInput[], layout: ChartLayout) {
  const at = new Map(layout.nodes.map((n) => [n.id, n]));
  for (const input of inputs) {
    const child = at.get(input.id);
    const parent = input.parentId ? at.get(input.parentId) : undefined;
    if (child && parent) assert.ok(parent.y + parent.height <= child.y, `${parent.id} is above ${child.id}`);
  }
}

test('parents are drawn above their children and no two cards overlap', () => {
  for (const [count, fan] of [[1, 1], [7, 2], [40, 3], [500, 6], [2000, 12]]) {
    const inputs = tree(count, fan);
    const layout = layoutChart(inputs);
    assert.equal(layout.nodes.length, count);
    assert.equal(layout.links.length, count - 1);
    assertParentsAbove(inputs, layout);
    assertNoOverlap(layout);
  }
});

test('cards of any size keep apart', () => {
  const inputs = tree(300, 5).map((n, i) => ({ ...n, width: 120 + (i % 7) * 40, height: 60 + (i % 5) * 20 }));
  const layout = layoutChart(inputs);
  assertParentsAbove(inputs, layout);
  assertNoOverlap(layout);
});

test('a folded card keeps its place and its subtree is left out', () => {
  const inputs = tree(40, 3);
  const layout = layoutChart(inputs, { collapsed: new Set(['n1']) });
  const ids = new Set(layout.nodes.map((n) => n.id));
  assert.ok(ids.has('n1'));
  for (const gone of ['n4', 'n5', 'n6', 'n13']) assert.ok(!ids.has(gone), `${gone} is folded away`);
  assert.ok(layout.links.every((l) => ids.has(l.from) && ids.has(l.to)));
  assert.ok(layout.nodes.length < 40);
});

test('childless siblings are stacked in columns under their parent, not in one wide row', () => {
  const inputs = [card('top', null), ...Array.from({ length: 30 }, (_, i) => card(`leaf${i}`, 'top'))];
  const stacked = layoutChart(inputs, { stackRows: 10 });
  const row = layoutChart(inputs, { stackFrom: Infinity });
  assert.ok(stacked.bounds.width < row.bounds.width / 5, `${stacked.bounds.width} vs ${row.bounds.width}`);
  const columns = new Set(stacked.nodes.filter((n) => n.id !== 'top').map((n) => n.x));
  assert.equal(columns.size, 3);
  assertParentsAbove(inputs, stacked);
  assertNoOverlap(stacked);
  // Each stacked card is reached by a connector ending at its left side.
  const at = new Map(stacked.nodes.map((n) => [n.id, n]));
  for (const link of stacked.links) {
    const [x, y] = link.points.at(-1)!;
    const to = at.get(link.to)!;
    assert.equal(x, to.x);
    assert.equal(y, to.y + to.height / 2);
  }
});

test('a parent with both kinds of children keeps its branches in the row and stacks the rest', () => {
  const inputs = [card('top', null), card('a', 'top'), card('b', 'top'), card('a1', 'a'), card('b1', 'b'),
    ...Array.from({ length: 6 }, (_, i) => card(`leaf${i}`, 'top'))];
  const layout = layoutChart(inputs);
  assert.equal(layout.nodes.length, inputs.length);
  assertParentsAbove(inputs, layout);
  assertNoOverlap(layout);
  const leaves = layout.nodes.filter((n) => n.id.startsWith('leaf'));
  assert.equal(new Set(leaves.map((n) => n.x)).size, 1);
});

test('a subtree lays out from its top, whose parent is outside it', () => {
  const inputs = tree(40, 3).slice(1).filter((n) => n.id === 'n1' || n.parentId !== 'n0');
  const layout = layoutChart(inputs.filter((n) => n.id === 'n1' || !['n2', 'n3'].includes(n.parentId!)));
  assert.equal(layout.nodes[0].id, 'n1');
});

test('10,000 units lay out in a few tens of milliseconds (time printed)', () => {
  for (const fan of [4, 10, 30]) {
    const inputs = tree(10_000, fan);
    layoutChart(inputs); // warm the JIT
    const runs = 5;
    const started = performance.now();
    let layout: ChartLayout | undefined;
    for (let i = 0; i < runs; i++) layout = layoutChart(inputs);
    const ms = (performance.now() - started) / runs;
    console.log(`layoutChart: 10,000 nodes, ${fan} a parent: ${ms.toFixed(1)} ms, ${Math.round(layout!.bounds.width)}×${Math.round(layout!.bounds.height)} px`);
    assert.equal(layout!.nodes.length, 10_000);
    assertNoOverlap(layout!);
  }
});
