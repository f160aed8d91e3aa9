// The console chart's model (components/chart/chart-model.ts): what opens folded, unfolding the
// way to a card, the type-ahead, and the people chart's shared top.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ChartUnit, PeopleChart, UnitChart } from '../../lib/chart';
import { initialCollapsed, pathTo, peopleModel, reveal, searchCards, unitModel, ORG_ID } from '../../components/chart/chart-model';

const unit = (id: string, parentId: string | null, name = id): ChartUnit => ({ id, parentId, name, depth: 0, memberCount: 0, childCount: 0, leaders: [], leaderCount: 0 });

// top ─ a ─ a1 ─ a11
//     │   └ a2
//     └ b ─ b1 ─ b11
const chart: UnitChart = {
  tenantName: 'Acme', generatedAt: '2026-01-01T00:00:00Z', rootId: 'top', breadcrumb: [],
  units: [unit('top', null, 'Acme'), unit('a', 'top', 'Engineering'), unit('b', 'top', 'Sales'), unit('a1', 'a', 'Backend team'), unit('a2', 'a', 'Data'),
    unit('b1', 'b', 'EMEA'), unit('a11', 'a1', 'API squad'), unit('b11', 'b1', 'Nordic sales')],
  viewerUnitIds: ['b11'],
};

test('opens with two levels unfolded and the way to the viewer unfolded', () => {
  const model = unitModel(chart);
  assert.equal(model.homeId, 'b11');
  assert.deepEqual(pathTo(model, 'b11'), ['top', 'b', 'b1', 'b11']);
  assert.deepEqual([...initialCollapsed(model, 'b11')], ['a1']);
  assert.deepEqual([...initialCollapsed(model, 'top')].sort(), ['a1', 'b1']);
});

test('revealing a card unfolds its ancestors only, and keeps the set when nothing changes', () => {
  const model = unitModel(chart);
  const folded = new Set(['a', 'a1', 'b1']);
  assert.deepEqual([...reveal(folded, model, 'a11')], ['b1']);
  const none = new Set(['b1']);
  assert.equal(reveal(none, model, 'a2'), none);
});

test('the type-ahead matches the start of any word, names starting with it first', () => {
  const model = unitModel(chart);
  assert.deepEqual(searchCards(model, 'sa').map((c) => c.id), ['b', 'b11']);
  assert.deepEqual(searchCards(model, 'TEAM').map((c) => c.id), ['a1']);
  assert.deepEqual(searchCards(model, '  '), []);
  assert.deepEqual(searchCards(model, 'zzz'), []);
});

test('people with several tops hang under the organization', () => {
  const person = (userId: string, managerId: string | null) => ({ userId, name: userId, initials: 'X', email: `${userId}@x.test`, managerId, reportCount: 0 });
  const people: PeopleChart = { tenantName: 'Acme', generatedAt: '', viewerUserId: 'c', people: [person('a', null), person('b', null), person('c', 'a'), person('d', 'gone')] };
  const model = peopleModel(people, 'Acme');
  assert.equal(model.rootId, ORG_ID);
  assert.equal(model.homeId, 'c');
  assert.deepEqual(model.children.get(ORG_ID), ['a', 'b', 'd']);
  const single = peopleModel({ ...people, people: [person('a', null), person('c', 'a')] }, 'Acme');
  assert.equal(single.rootId, 'a');
});
