// The rule table of docs/authorization.md, checked cell by cell against the pure decision core:
// every role × every action × every place (inside the actor's unit, the unit itself, outside,
// above it, the tenant). The expectations are written out literally here, not derived from the
// code under test, so a rule change must change this table and the docs together.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ACTIONS, explainAccess, type Action, type ActorAccess, type CustomRole, type Grant, type PlaceOf, type UnitRef } from '../../lib/authz';
import type { Role } from '../../lib/members/membership-items';

import { A, A1, A1a, A2, B, B1, R, unit } from './support/example-tree';

const grant = (u: UnitRef, role: Role): Grant => ({ unitId: u.id, unitPath: u.path, role });
const ACTORS = {
  owner: [grant(R, 'owner')],
  admin: [grant(R, 'admin')],
  manager: [grant(A, 'manager')], // manager of Engineering
  member: [grant(A, 'member')], // member of Engineering
  rootManager: [grant(R, 'manager')], // manager of the top unit: the whole tree, no tenant settings
  none: [], // removed from the tenant while signed in
} satisfies Record<string, Grant[]>;
type ActorName = keyof typeof ACTORS;
const access = (name: ActorName, userId = `user-${name}`): ActorAccess => ({ tenantId: 'T', userId, memberships: ACTORS[name] });

// Places relative to the manager's / member's unit A.
const PLACES = { inside: A1, self: A, outside: B, above: R } as const;
type Where = keyof typeof PLACES | 'tenant';
const UNIT_PLACES = Object.keys(PLACES) as (keyof typeof PLACES)[];
const ALL: Where[] = [...UNIT_PLACES];

/** One row of the table: an action variant, how to build its place, and who may do it where. */
interface Row {
  label: string;
  action: Action;
  place(where: Where): PlaceOf<Action>;
  wheres: Where[];
  allowed: Record<ActorName, Where[]>;
}

const someoneElse = 'user-target';
const customRole = (permissions: string[], reach: CustomRole['reach']): CustomRole => ({
  key: 'custom', name: 'Custom', description: '', permissions, reach, version: 1, createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z',
});
const onUnit = (build: (u: UnitRef) => PlaceOf<Action>) => (where: Where) => build(PLACES[where as keyof typeof PLACES]);
const row = (label: string, action: Action, place: Row['place'], allowed: Partial<Record<ActorName, Where[]>>, wheres = ALL): Row => ({
  label, action, place, wheres,
  allowed: { owner: [], admin: [], manager: [], member: [], rootManager: [], none: [], ...allowed },
});

const readable = { owner: ALL, admin: ALL, manager: ['inside', 'self'], member: ['inside', 'self'], rootManager: ALL } satisfies Partial<Record<ActorName, Where[]>>;
const managesAt = { owner: ALL, admin: ALL, manager: ['inside', 'self'], rootManager: ALL } satisfies Partial<Record<ActorName, Where[]>>;
const managesInside = { owner: ALL, admin: ALL, manager: ['inside'], rootManager: ['inside', 'self', 'outside'] } satisfies Partial<Record<ActorName, Where[]>>;
const tenantOnly = { owner: ALL, admin: ALL } satisfies Partial<Record<ActorName, Where[]>>;
const ownerOnly = { owner: ALL } satisfies Partial<Record<ActorName, Where[]>>;
const BY_ROLE: Record<Role, Partial<Record<ActorName, Where[]>>> = { member: managesAt, manager: managesInside, admin: tenantOnly, owner: ownerOnly };

const membershipRows: Row[] = (['member', 'manager', 'admin', 'owner'] as Role[]).flatMap((role) => [
  row(`membership.add ${role}`, 'membership.add', onUnit((u) => ({ unit: u, role, userId: someoneElse })), BY_ROLE[role]),
  row(`membership.remove ${role}`, 'membership.remove', onUnit((u) => ({ unit: u, role, userId: someoneElse })), BY_ROLE[role]),
  row(`invitation.create ${role}`, 'invitation.create', onUnit((u) => ({ unit: u, role })), BY_ROLE[role]),
  row(`invitation.revoke ${role}`, 'invitation.revoke', onUnit((u) => ({ unit: u, role })), BY_ROLE[role]),
]);
const change = (from: Role, to: Role, allowed: Partial<Record<ActorName, Where[]>>) =>
  row(`membership.changeRole ${from}→${to}`, 'membership.changeRole', onUnit((u) => ({ unit: u, userId: someoneElse, from, to })), allowed);

/** Someone else's change set touching the unit at the place (the actor did not write it). */
const onSet = onUnit((u) => ({ set: { id: 'S', authorId: 'user-author', areas: [u] } }));
const managesArea = { owner: ALL, admin: ALL, manager: ['inside', 'self'], rootManager: ALL } satisfies Partial<Record<ActorName, Where[]>>;
const changeSetRows: Row[] = [
  row('changeSet.draft', 'changeSet.draft', () => ({}), { owner: ['tenant'], admin: ['tenant'], manager: ['tenant'], rootManager: ['tenant'] }, ['tenant']),
  row("changeSet.read (someone else's)", 'changeSet.read', onSet, managesArea),
  row("changeSet.change (someone else's)", 'changeSet.change', onSet, managesArea),
  row("changeSet.review (someone else's)", 'changeSet.review', onSet, managesArea),
  row("changeSet.revert (someone else's)", 'changeSet.revert', onSet, managesArea),
  row("changeSet.update (someone else's)", 'changeSet.update', onSet, tenantOnly),
  row("changeSet.delete (someone else's)", 'changeSet.delete', onSet, tenantOnly),
  row("changeSet.apply (someone else's)", 'changeSet.apply', onSet, tenantOnly),
];

const TABLE: Row[] = [
  row('tree.read', 'tree.read', onUnit((u) => ({ unit: u })), readable),
  row('members.read', 'members.read', onUnit((u) => ({ unit: u })), readable),
  row('unit.create (under)', 'unit.create', onUnit((u) => ({ parent: u })), managesAt),
  row('unit.rename', 'unit.rename', onUnit((u) => ({ unit: u })), managesInside),
  row('unit.delete', 'unit.delete', onUnit((u) => ({ unit: u })), managesInside),
  ...membershipRows,
  change('member', 'manager', managesInside),
  change('manager', 'member', managesInside),
  change('member', 'admin', tenantOnly),
  change('admin', 'manager', tenantOnly),
  change('admin', 'owner', ownerOnly),
  change('owner', 'admin', ownerOnly),
  row('audit.read (unit)', 'audit.read', onUnit((u) => ({ unit: u })), managesAt),
  row('audit.read (tenant)', 'audit.read', () => ({}), { owner: ['tenant'], admin: ['tenant'] }, ['tenant']),
  ...(['tenant.settings.read', 'tenant.settings.update', 'sso.manage', 'integrations.manage', 'members.list', 'tenant.export', 'tenant.import'] as const).map((a) =>
    row(a, a, () => ({}) as PlaceOf<Action>, { owner: ['tenant'], admin: ['tenant'] }, ['tenant']),
  ),
  row('person.erase', 'person.erase', () => ({}), { owner: ['tenant'] }, ['tenant']),
  row('tenant.delete', 'tenant.delete', () => ({}), { owner: ['tenant'] }, ['tenant']),
  row('accessReview.manage', 'accessReview.manage', () => ({}), { owner: ['tenant'] }, ['tenant']),
  row('auditStreams.manage', 'auditStreams.manage', () => ({}), { owner: ['tenant'] }, ['tenant']),
  row("accessReview.decide (someone else's item)", 'accessReview.decide', onUnit((u) => ({ reviewerId: someoneElse, unit: u })), {}),
  row("accessReview.decide (someone else's tenant-wide item)", 'accessReview.decide', () => ({ reviewerId: someoneElse, unit: null }), {}, ['tenant']),
  row('tenant.read', 'tenant.read', () => ({}), { owner: ['tenant'], admin: ['tenant'], manager: ['tenant'], member: ['tenant'], rootManager: ['tenant'] }, ['tenant']),
  row('access.explain (someone else)', 'access.explain', onUnit((u) => ({ unit: u, userId: someoneElse })), managesAt),
  ...changeSetRows,
  row('checks.run', 'checks.run', () => ({}), { owner: ['tenant'], admin: ['tenant'], manager: ['tenant'], rootManager: ['tenant'] }, ['tenant']),
  row('roles.manage', 'roles.manage', () => ({}), { owner: ['tenant'], admin: ['tenant'] }, ['tenant']),
  row('roles.manage (a role with expenses.approve)', 'roles.manage', () => ({ permissions: ['expenses.approve'] }), { owner: ['tenant'], admin: ['tenant'] }, ['tenant']),
  // Built-in roles give custom roles too, but only what they hold: a manager holds tree.read over
  // their subtree, never a tenant's own permission; a member manages nobody.
  row('role.assign (tree.read, this unit and below)', 'role.assign', onUnit((u) => ({ unit: u, userId: someoneElse, role: customRole(['tree.read'], 'subtree') })), managesAt),
  row('role.assign (unit.rename, this unit and below)', 'role.assign', onUnit((u) => ({ unit: u, userId: someoneElse, role: customRole(['unit.rename'], 'subtree') })), managesInside),
  row('role.assign (expenses.approve)', 'role.assign', onUnit((u) => ({ unit: u, userId: someoneElse, role: customRole(['expenses.approve'], 'unit') })), tenantOnly),
  // A reporting line: the person where they are, the manager chosen beside them, or cleared.
  row('reportingLine.change (manager beside them)', 'reportingLine.change', onUnit((u) => ({ userId: someoneElse, units: [u], managerUnits: [u], clearing: false })), managesAt),
  row('reportingLine.change (cleared)', 'reportingLine.change', onUnit((u) => ({ userId: someoneElse, units: [u], managerUnits: [], clearing: true })), managesAt),
  row('reportingLine.change (manager outside Engineering)', 'reportingLine.change', onUnit((u) => ({ userId: someoneElse, units: [u], managerUnits: [B1], clearing: false })), { owner: ALL, admin: ALL, rootManager: ALL }),
  // A manager chosen with no units stored is not someone a unit manager can be seen to see.
  row('reportingLine.change (manager with no units)', 'reportingLine.change', onUnit((u) => ({ userId: someoneElse, units: [u], managerUnits: [], clearing: false })), { owner: ALL, admin: ALL }),
];

describe('decision table: role × action × place', () => {
  for (const r of TABLE) {
    test(r.label, () => {
      for (const actor of Object.keys(ACTORS) as ActorName[]) {
        for (const where of r.wheres) {
          const d = explainAccess(access(actor), r.action, r.place(where) as never);
          const expected = r.allowed[actor].includes(where);
          assert.equal(d.allowed, expected, `${actor} ${r.label} @${where}: expected ${expected ? 'allow' : 'deny'}`);
          if (!d.allowed) {
            assert.equal(d.code, `authz.${r.action}`);
            assert.ok(d.message.length > 10 && !d.message.includes('undefined'), d.message);
          }
        }
      }
    });
  }

  test('every action has a row', () => {
    const covered = new Set<Action>([...TABLE.map((r) => r.action), 'unit.move']); // moves: their own table below
    assert.deepEqual(ACTIONS.filter((a) => !covered.has(a)), []);
  });
});

describe("accessReview.decide: the item's reviewer, while they can still judge it", () => {
  // The actor is the item's reviewer: standing on its unit decides (managesAt), and a tenant-wide
  // item (no unit) is an owner's or admin's. A reviewer demoted since the review started is refused.
  const own = (name: ActorName, unit: UnitRef | null, subjectId = someoneElse) =>
    explainAccess(access(name), 'accessReview.decide', { reviewerId: `user-${name}`, subjectId, unit });
  const expected: Record<ActorName, Where[]> = { owner: [...ALL, 'tenant'], admin: [...ALL, 'tenant'], manager: ['inside', 'self'], member: [], rootManager: ALL, none: [] };
  for (const actor of Object.keys(ACTORS) as ActorName[]) {
    test(actor, () => {
      for (const where of [...ALL, 'tenant'] as Where[]) {
        const d = own(actor, where === 'tenant' ? null : PLACES[where]);
        assert.equal(d.allowed, expected[actor].includes(where), `${actor} @${where}`);
        if (!d.allowed) assert.equal(d.reason, actor === 'none' ? 'notMember' : where === 'tenant' ? 'tenantRoleRequired' : 'notManager');
      }
    });
  }
  test('nobody judges their own access, an owner neither', () => {
    const d = own('owner', R, 'user-owner');
    assert.equal(d.allowed, false);
    assert.equal(!d.allowed && d.reason, 'ownAccess');
  });
});

describe('reportingLine.change: every unit of the person managed by one membership, never one\'s own line', () => {
  const change = (who: ActorAccess, units: UnitRef[], userId = someoneElse) => explainAccess(who, 'reportingLine.change', { userId, units, managerUnits: [A1], clearing: false });
  test('a person also in a unit outside the manager\'s subtree is an admin\'s to change', () => {
    assert.equal(change(access('manager'), [A1, A1a]).allowed, true);
    assert.equal(change(access('manager'), [A1, B]).allowed, false);
    assert.equal(change(access('admin'), [A1, B]).allowed, true);
  });
  test('a manager does not change their own manager; an admin does', () => {
    assert.equal(change(access('manager'), [A], 'user-manager').allowed, false);
    assert.equal(change(access('admin'), [R], 'user-admin').allowed, true);
  });
  test('a manager decides on at most 10 of the person\'s units (each bound into the write)', () => {
    const many = Array.from({ length: 11 }, (_, i) => unit(`/R/A/A1/X${i}/`, `Team ${i}`));
    assert.equal(change(access('manager'), many.slice(0, 10)).allowed, true);
    assert.equal(change(access('manager'), many).allowed, false);
    assert.equal(change(access('owner'), many).allowed, true);
  });
});

describe('unit.move needs both ends inside one managed unit', () => {
  const SOURCES = { inside: A1, self: A, outside: B1, above: R } as const;
  const DESTINATIONS = { inside: A2, self: A, outside: B, above: R } as const;
  const expected: Record<ActorName, string[]> = {
    owner: ['*'],
    admin: ['*'],
    manager: ['inside→inside', 'inside→self'],
    member: [],
    // Everything below the top unit, to anywhere (the top unit itself is inside its manager's power).
    rootManager: ['inside→*', 'self→*', 'outside→*'],
    none: [],
  };
  for (const actor of Object.keys(ACTORS) as ActorName[]) {
    test(actor, () => {
      for (const [s, source] of Object.entries(SOURCES)) {
        for (const [d, destination] of Object.entries(DESTINATIONS)) {
          const key = `${s}→${d}`;
          const want = expected[actor].some((e) => e === '*' || e === key || e === `${s}→*`);
          const got = explainAccess(access(actor), 'unit.move', { unit: source, destination });
          assert.equal(got.allowed, want, `${actor} move ${key}`);
        }
      }
    });
  }

  test('a manager of two separate subtrees cannot carry a unit from one to the other', () => {
    const twoSubtrees: ActorAccess = { tenantId: 'T', userId: 'u', memberships: [grant(A, 'manager'), grant(B, 'manager')] };
    const d = explainAccess(twoSubtrees, 'unit.move', { unit: A1, destination: B });
    assert.equal(d.allowed, false);
    assert.equal(!d.allowed && d.reason, 'moveAcrossSubtrees');
    assert.equal(explainAccess(twoSubtrees, 'unit.move', { unit: B1, destination: B }).allowed, true);
  });
});

describe('nobody raises their own role', () => {
  const self = (name: ActorName, extra: Grant[] = []): ActorAccess => ({ tenantId: 'T', userId: 'me', memberships: [...ACTORS[name], ...extra] });
  const cases: [string, ActorAccess, Action, PlaceOf<Action>, boolean][] = [
    ['admin makes themself owner', self('admin'), 'membership.changeRole', { unit: R, userId: 'me', from: 'admin', to: 'owner' }, false],
    ['root manager makes themself admin', self('rootManager'), 'membership.changeRole', { unit: R, userId: 'me', from: 'manager', to: 'admin' }, false],
    ['member adds themself as manager below', self('member'), 'membership.add', { unit: A1, role: 'manager', userId: 'me' }, false],
    ['member adds themself as member below', self('member'), 'membership.add', { unit: A1, role: 'member', userId: 'me' }, false],
    ['manager of A promotes own membership of A1 to manager (already manages it)', self('manager', [grant(A1, 'member')]), 'membership.changeRole', { unit: A1, userId: 'me', from: 'member', to: 'manager' }, true],
    ['manager of A1 adds themself as manager of A1a (no raise)', { tenantId: 'T', userId: 'me', memberships: [grant(A1, 'manager')] }, 'membership.add', { unit: A1a, role: 'manager', userId: 'me' }, true],
    ['manager of A cannot change their own manager role on A (appointed from above)', self('manager'), 'membership.changeRole', { unit: A, userId: 'me', from: 'manager', to: 'member' }, false],
    ['owner steps down to admin (the last-owner rule is the data layer’s)', self('owner'), 'membership.changeRole', { unit: R, userId: 'me', from: 'owner', to: 'admin' }, true],
    ['owner removes themself', self('owner'), 'membership.remove', { unit: R, userId: 'me', role: 'owner' }, true],
  ];
  for (const [label, who, action, place, want] of cases) {
    test(label, () => assert.equal(explainAccess(who, action, place as never).allowed, want));
  }

  test('the refusal names the self-raise', () => {
    const d = explainAccess(self('admin'), 'membership.changeRole', { unit: R, userId: 'me', from: 'admin', to: 'owner' });
    assert.equal(!d.allowed && d.reason, 'ownRoleRaise');
  });
});

describe('access.explain about oneself', () => {
  test('a member may ask about their own access where they can see, nowhere else', () => {
    const me = access('member', 'me');
    assert.equal(explainAccess(me, 'access.explain', { unit: A1, userId: 'me' }).allowed, true);
    assert.equal(explainAccess(me, 'access.explain', { unit: A, userId: 'me' }).allowed, true);
    assert.equal(explainAccess(me, 'access.explain', { unit: B, userId: 'me' }).allowed, false);
    assert.equal(explainAccess(me, 'access.explain', { unit: A1, userId: 'someone' }).allowed, false);
  });
});

describe('tenant roles held off the root are honoured as plain memberships', () => {
  const corrupt: ActorAccess = { tenantId: 'T', userId: 'u', memberships: [grant(A, 'admin')] };
  test('no tenant power, no management, still visibility of their unit', () => {
    assert.equal(explainAccess(corrupt, 'tenant.settings.read', {}).allowed, false);
    assert.equal(explainAccess(corrupt, 'unit.rename', { unit: A1 }).allowed, false);
    assert.equal(explainAccess(corrupt, 'membership.add', { unit: A1, role: 'member', userId: 'x' }).allowed, false);
    assert.equal(explainAccess(corrupt, 'tree.read', { unit: A1 }).allowed, true);
    assert.equal(explainAccess(corrupt, 'tree.read', { unit: B }).allowed, false);
  });
});

describe('paths are compared with their delimiter', () => {
  test('a unit whose id extends the managed unit’s id is not inside it', () => {
    const lookalike = unit('/R/AB/', 'Lookalike'); // "/R/A" is a prefix of "/R/AB", "/R/A/" is not
    const d = explainAccess(access('manager'), 'unit.rename', { unit: lookalike });
    assert.equal(d.allowed, false);
    assert.equal(explainAccess(access('member'), 'tree.read', { unit: lookalike }).allowed, false);
  });
});

describe("change sets: the author's own set", () => {
  const own = (u: UnitRef) => ({ set: { id: 'S', authorId: 'me', areas: [u] } });
  const SET_ACTIONS = ['changeSet.read', 'changeSet.change', 'changeSet.update', 'changeSet.delete', 'changeSet.apply', 'changeSet.revert', 'changeSet.review'] as const;
  // Written out: the author (manager of A, or member of A) on a set touching B (outside) or A1 (inside).
  const expected: Record<string, (typeof SET_ACTIONS)[number][]> = {
    'manager @outside': ['changeSet.read', 'changeSet.change', 'changeSet.update', 'changeSet.delete', 'changeSet.apply', 'changeSet.revert'],
    'manager @inside': ['changeSet.read', 'changeSet.change', 'changeSet.update', 'changeSet.delete', 'changeSet.apply', 'changeSet.revert', 'changeSet.review'],
    'member @outside': ['changeSet.read'],
    'member @inside': ['changeSet.read'],
  };
  for (const [label, allowed] of Object.entries(expected)) {
    test(label, () => {
      const [who, where] = label.split(' @') as ['manager' | 'member', 'outside' | 'inside'];
      for (const action of SET_ACTIONS) {
        const d = explainAccess(access(who, 'me'), action, own(where === 'inside' ? A1 : B));
        assert.equal(d.allowed, allowed.includes(action), `${label} ${action}`);
        // An author who no longer manages a unit is told that, not that the set is someone else's.
        if (!d.allowed && action !== 'changeSet.review') assert.equal(d.reason, 'notManager', `${label} ${action}: ${d.message}`);
      }
    });
  }

  test("someone else's set: its name, existence and schedule are its author's and the owners' and admins'", () => {
    const theirs = { set: { id: 'S', authorId: 'user-author', areas: [A1] } };
    for (const [action, what] of [['changeSet.update', 'rename'], ['changeSet.delete', 'delete'], ['changeSet.apply', 'apply']] as const) {
      const d = explainAccess(access('manager'), action, theirs);
      assert.equal(d.allowed, false, action);
      assert.equal(!d.allowed && d.reason, 'notAuthor');
      assert.match(!d.allowed ? d.message : '', new RegExp(`^Only the person who wrote this change set, and the organization's owners and admins, can ${what}`));
      assert.doesNotMatch(!d.allowed ? d.message : '', /add a unit under it/);
    }
  });

  test('a set touching several units: managing one of them is enough to see it and work on it', () => {
    const wide = { set: { id: 'S', authorId: 'user-author', areas: [B1, A1] } };
    assert.equal(explainAccess(access('manager'), 'changeSet.read', wide).allowed, true);
    assert.equal(explainAccess(access('manager'), 'changeSet.change', wide).allowed, true);
    assert.equal(explainAccess(access('member'), 'changeSet.read', wide).allowed, false);
  });
});
