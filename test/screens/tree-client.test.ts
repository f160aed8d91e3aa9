// The tree browser's pure parts: the drag-and-drop move hint agrees with lib/authz's 'unit.move'
// for every actor and pair of units, the landing and top units follow visibility, and the tree
// flattens into rows with the right ARIA positions (and fast enough for 10,000 units).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { can, type ActorAccess, type Grant } from '../../lib/authz';
import type { Role } from '../../lib/members';
import { canMoveHere, landingUnitId, topUnitIds } from '../../lib/screens/tree';
import { moveScopes, type UnitRow } from '../../lib/screens/unit-view';
import type { Unit } from '../../lib/org';
import { canMoveWithin, moveRefusal } from '../../components/tree/move-rules';
import { flattenTree, type ChildList } from '../../components/tree/flatten-tree';

// R ─┬─ A ─┬─ A1 ── A1a
//    │     └─ A2
//    ├─ B ─── B1
//    └─ C
const PATHS = ['/R/', '/R/A/', '/R/A/A1/', '/R/A/A1/A1a/', '/R/A/A2/', '/R/B/', '/R/B/B1/', '/R/C/'];
const units: Unit[] = PATHS.map((path) => {
  const ids = path.split('/').filter(Boolean);
  return {
    tenantId: 'T', id: ids.at(-1)!, name: ids.at(-1)!, parentId: ids.at(-2) ?? null, path, depth: ids.length - 1,
    childCount: PATHS.filter((p) => p.startsWith(path) && p.split('/').length === path.split('/').length + 1).length,
    memberCount: 0, version: 1, createdAt: '', updatedAt: '',
  };
});
const byId = new Map(units.map((u) => [u.id, u]));
const grant = (id: string, role: Role): Grant => ({ unitId: id, unitPath: byId.get(id)!.path, role });
const ACTORS: Record<string, Grant[]> = {
  owner: [grant('R', 'owner')],
  admin: [grant('R', 'admin')],
  managerA: [grant('A', 'manager')],
  managerA1andB: [grant('A1', 'manager'), grant('B', 'manager')],
  managerOfRoot: [grant('R', 'manager')],
  memberA: [grant('A', 'member')],
  memberAndManager: [grant('A', 'member'), grant('A1', 'manager')],
};
const access = (name: string): ActorAccess => ({ tenantId: 'T', userId: name, memberships: ACTORS[name] });

describe('move hint (components/tree/move-rules)', () => {
  test('agrees with can(unit.move) plus the structural refusals, for every actor and pair', () => {
    for (const name of Object.keys(ACTORS)) {
      const a = access(name);
      for (const unit of units) {
        for (const destination of units) {
          const expected =
            unit.parentId !== null && !destination.path.startsWith(unit.path) && destination.id !== unit.parentId && can(a, 'unit.move', { unit, destination });
          assert.equal(canMoveWithin(moveScopes(a), unit, destination), expected, `${name}: ${unit.id} → ${destination.id}`);
          assert.equal(canMoveHere(a, unit, destination), unit.parentId === null ? false : expected, `picker ${name}: ${unit.id} → ${destination.id}`);
        }
      }
    }
  });

  test('refusals say why', () => {
    const [A, A1, A1a, B] = ['A', 'A1', 'A1a', 'B'].map((id) => byId.get(id)!);
    assert.match(moveRefusal('all', A, A1a)!, /into itself or into one of its own sub-units/);
    assert.match(moveRefusal('all', A1, A)!, /already in A/);
    assert.match(moveRefusal(moveScopes(access('managerA')), A1, B)!, /only within the units you manage/);
    assert.match(moveRefusal(moveScopes(access('managerA')), A, B)!, /manage a unit above A/);
  });
});

describe('where the tree starts', () => {
  test('owners and admins start at the top unit; others at their topmost units', () => {
    assert.deepEqual(topUnitIds(access('owner')), ['R']);
    assert.deepEqual(topUnitIds(access('managerA1andB')), ['B', 'A1']);
    assert.deepEqual(topUnitIds(access('memberAndManager')), ['A']);
    assert.equal(landingUnitId(access('memberA')), 'A');
    assert.equal(landingUnitId(access('managerOfRoot')), 'R');
  });
});

describe('flattenTree', () => {
  const row = (u: Unit): UnitRow => ({ ...u, locked: false, canEdit: true, canCreate: true });
  const list = (ids: string[], extra: Partial<ChildList> = {}): ChildList => ({ ids, pinned: [], ...extra });

  test('depth first through expanded units, with level, position and set size', () => {
    const rows = flattenTree({
      tops: ['R'],
      units: new Map(units.map((u) => [u.id, row(u)])),
      children: new Map([['R', list(['A', 'B', 'C'])], ['A', list(['A1', 'A2'])], ['B', list(['B1'])]]),
      expanded: new Set(['R', 'A']),
      loading: new Set(),
    });
    assert.deepEqual(
      rows.map((r) => (r.kind === 'unit' ? [r.id, r.level, r.posinset, r.setsize, r.expanded, r.expandable] : r.kind)),
      [['R', 1, 1, 1, true, true], ['A', 2, 1, 3, true, true], ['A1', 3, 1, 2, false, true], ['A2', 3, 2, 2, false, false], ['B', 2, 2, 3, false, true], ['C', 2, 3, 3, false, false]],
    );
  });

  test('a partly loaded list gets a "Load more" row before pinned units', () => {
    const big = { ...row(byId.get('R')!), childCount: 250 };
    const rows = flattenTree({
      tops: ['R'],
      units: new Map([['R', big], ...units.slice(1).map((u) => [u.id, row(u)] as const)]),
      children: new Map([['R', list(['A', 'B'], { nextCursor: 'x', pinned: ['C'] })]]),
      expanded: new Set(['R']),
      loading: new Set(),
    });
    assert.deepEqual(rows.map((r) => `${r.kind === 'unit' ? r.id : 'more'}@${r.posinset}/${r.setsize}`), ['R@1/1', 'A@1/250', 'B@2/250', 'more@3/250', 'C@250/250']);
  });

  test('10,000 expanded units flatten quickly', () => {
    const many = new Map<string, UnitRow>([['R', { ...row(byId.get('R')!), childCount: 100 }]]);
    const children = new Map<string, ChildList>([['R', list([])]]);
    for (let d = 0; d < 100; d++) {
      const dept = `D${d}`;
      many.set(dept, { ...row(byId.get('A')!), id: dept, name: dept, parentId: 'R', path: `/R/${dept}/`, childCount: 99 });
      children.get('R')!.ids.push(dept);
      children.set(dept, list([]));
      for (let s = 0; s < 99; s++) {
        const team = `${dept}T${s}`;
        many.set(team, { ...row(byId.get('A1')!), id: team, name: team, parentId: dept, path: `/R/${dept}/${team}/`, childCount: 0 });
        children.get(dept)!.ids.push(team);
      }
    }
    const state = { tops: ['R'], units: many, children, expanded: new Set(many.keys()), loading: new Set<string>() };
    let best = Infinity;
    for (let run = 0; run < 3; run++) {
      const started = performance.now();
      assert.equal(flattenTree(state).length, 10_001);
      best = Math.min(best, performance.now() - started);
    }
    // Typically ~5 ms; the bound leaves room for a busy shared machine.
    assert.ok(best < 100, `flattening took ${best.toFixed(1)} ms`);
  });
});
