// Custom roles in the rule table (docs/authorization.md, "Custom roles"), cell by cell: a role of
// each reach held on Engineering (A) beside a plain membership, asked about every action it maps
// to at each place — inside A, A itself, outside, above — and assigning and defining roles with
// and without holding what the role gives. Written out literally, not computed by the code.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  decisionFacts, explainAccess, explainPermission, holds,
  type Action, type ActorAccess, type CustomRole, type Grant, type PlaceOf, type Reach, type RoleCatalogue, type UnitRef,
} from '../../lib/authz';
import { keys } from '../../lib/db';

import { A, A1, A1a, A2, B, B1, R } from './support/example-tree';

const PLACES = { inside: A1, self: A, outside: B, above: R } as const;
type Where = keyof typeof PLACES;
const WHERES = Object.keys(PLACES) as Where[];

const role = (key: string, permissions: string[], reach: Reach): CustomRole => ({
  key, name: key, description: '', permissions, reach, version: 1, createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z',
});
const ALL_ARBOR = ['tree.read', 'unit.create', 'unit.rename', 'unit.move', 'unit.delete', 'members.manage', 'audit.read', 'access.explain'];
const catalogue: RoleCatalogue = {
  version: 7,
  roles: {
    'lead-subtree': role('lead-subtree', ALL_ARBOR, 'subtree'),
    'lead-unit': role('lead-unit', ALL_ARBOR, 'unit'),
    'lead-below': role('lead-below', ALL_ARBOR, 'below'),
    'budget-approver': role('budget-approver', ['expenses.approve'], 'subtree'),
    'people-lead': role('people-lead', ['members.manage', 'expenses.approve'], 'subtree'),
    'role-admin': role('role-admin', ['roles.manage'], 'unit'),
    'role-admin-below': role('role-admin-below', ['roles.manage'], 'below'),
  },
  permissions: { 'expenses.approve': { key: 'expenses.approve', description: 'Approve expenses', createdAt: '2026-01-01T00:00:00Z' } },
};
const held = (u: UnitRef, roles: string[], builtIn: Grant['role'] = 'member'): Grant => ({ unitId: u.id, unitPath: u.path, role: builtIn, roles });
const actor = (...memberships: Grant[]): ActorAccess => ({ tenantId: 'T', userId: 'me', memberships, catalogue });

describe('each reach, each place: the Arbor actions a custom role grants', () => {
  // Where a role of each reach held on A grants (a member of A: never more than that without it).
  const BY_REACH: Record<Reach, Where[]> = { subtree: ['inside', 'self'], unit: ['self'], below: ['inside'] };
  const ROWS: [string, (u: UnitRef) => [Action, PlaceOf<Action>]][] = [
    ['unit.create', (u) => ['unit.create', { parent: u }]],
    ['unit.rename', (u) => ['unit.rename', { unit: u }]],
    ['unit.delete', (u) => ['unit.delete', { unit: u }]],
    ['audit.read', (u) => ['audit.read', { unit: u }]],
    ['access.explain (someone else)', (u) => ['access.explain', { unit: u, userId: 'other' }]],
    ['membership.add member', (u) => ['membership.add', { unit: u, role: 'member', userId: 'other' }]],
    ['membership.remove member', (u) => ['membership.remove', { unit: u, role: 'member', userId: 'other' }]],
    ['membership.changeRole member→member', (u) => ['membership.changeRole', { unit: u, userId: 'other', from: 'member', to: 'member' }]],
    ['invitation.create member', (u) => ['invitation.create', { unit: u, role: 'member' }]],
    ['invitation.revoke member', (u) => ['invitation.revoke', { unit: u, role: 'member' }]],
  ];
  for (const reach of ['subtree', 'unit', 'below'] as const) {
    for (const [label, build] of ROWS) {
      test(`${label}, reach ${reach}`, () => {
        for (const where of WHERES) {
          const [action, place] = build(PLACES[where]);
          const d = explainAccess(actor(held(A, [`lead-${reach}`])), action, place as never);
          assert.equal(d.allowed, BY_REACH[reach].includes(where), `${label} @${where}`);
          if (d.allowed) assert.equal(d.grantedBy.customRole, `lead-${reach}`);
        }
      });
    }
  }

  test('seeing a unit and its members: the membership already does, the role adds nothing outside', () => {
    for (const reach of ['subtree', 'unit', 'below'] as const) {
      for (const action of ['tree.read', 'members.read'] as const) {
        const got = WHERES.filter((w) => explainAccess(actor(held(A, [`lead-${reach}`])), action, { unit: PLACES[w] }).allowed);
        assert.deepEqual(got, ['inside', 'self'], `${action} ${reach}`);
      }
    }
  });

  test('custom roles never manage the built-in manager, admin or owner', () => {
    const lead = actor(held(A, ['lead-subtree']));
    for (const r of ['manager', 'admin', 'owner'] as const) {
      assert.equal(explainAccess(lead, 'membership.add', { unit: A1, role: r, userId: 'other' }).allowed, false, `add ${r}`);
      assert.equal(explainAccess(lead, 'membership.remove', { unit: A1, role: r, userId: 'other' }).allowed, false, `remove ${r}`);
      assert.equal(explainAccess(lead, 'invitation.create', { unit: A1, role: r }).allowed, false, `invite ${r}`);
      assert.equal(explainAccess(lead, 'membership.changeRole', { unit: A1, userId: 'other', from: 'member', to: r }).allowed, false, `member→${r}`);
      assert.equal(explainAccess(lead, 'membership.changeRole', { unit: A1, userId: 'other', from: r, to: 'member' }).allowed, false, `${r}→member`);
    }
  });

  test('the organization-wide history and settings stay the owners’ and admins’', () => {
    const lead = actor(held(R, ['lead-subtree']));
    for (const action of ['tenant.settings.read', 'sso.manage', 'members.list', 'tenant.export'] as const) assert.equal(explainAccess(lead, action, {}).allowed, false, action);
    assert.equal(explainAccess(lead, 'audit.read', {}).allowed, false);
    assert.equal(explainAccess(lead, 'audit.read', { unit: B1 }).allowed, true);
  });
});

describe('unit.move: both ends inside one role’s reach', () => {
  const SOURCES = { inside: A1, self: A, outside: B1 } as const;
  const DESTINATIONS = { inside: A2, self: A, outside: B } as const;
  const expected: Record<Reach, string[]> = {
    subtree: ['inside→inside', 'inside→self', 'self→inside', 'self→self'],
    unit: ['self→self'],
    below: ['inside→inside'],
  };
  for (const reach of ['subtree', 'unit', 'below'] as const) {
    test(reach, () => {
      for (const [s, source] of Object.entries(SOURCES)) {
        for (const [d, destination] of Object.entries(DESTINATIONS)) {
          const got = explainAccess(actor(held(A, [`lead-${reach}`])), 'unit.move', { unit: source, destination }).allowed;
          assert.equal(got, expected[reach].includes(`${s}→${d}`), `${reach} ${s}→${d}`);
        }
      }
    });
  }

  test('two memberships each reaching one end do not make a move', () => {
    const split = actor(held(A, ['lead-unit']), held(B, ['lead-subtree']));
    assert.equal(explainAccess(split, 'unit.move', { unit: B1, destination: A }).allowed, false);
    assert.equal(explainAccess(split, 'unit.move', { unit: B1, destination: B }).allowed, true);
  });
});

describe('role.assign: nobody grants what they do not hold', () => {
  const budget = catalogue.roles['budget-approver'];
  const assign = (who: ActorAccess, u: UnitRef, r: CustomRole) => explainAccess(who, 'role.assign', { unit: u, userId: 'other', role: r });

  test('members.manage and every permission of the role over its reach', () => {
    const lead = actor(held(A, ['people-lead']));
    assert.deepEqual(WHERES.filter((w) => assign(lead, PLACES[w], budget).allowed), ['inside', 'self']);
  });

  test('holding the permissions without members.manage is not enough', () => {
    const approver = actor(held(A, ['budget-approver']));
    const d = assign(approver, A1, budget);
    assert.equal(d.allowed, false);
    assert.equal(!d.allowed && d.reason, 'notManager');
  });

  test('managing members without the role’s permissions is not enough, and the refusal says which', () => {
    const manager = actor(held(A, [], 'manager'));
    const d = assign(manager, A, budget);
    assert.equal(d.allowed, false);
    assert.equal(!d.allowed && d.reason, 'permissionNotHeld');
    assert.equal(!d.allowed && d.message, 'You need “Approve expenses” across Engineering and below to give this role.');
  });

  test('a role reaching further than the assigner holds: refused where it would reach past them', () => {
    const below = actor(held(A, ['lead-below']), held(A, ['people-lead']));
    const wide = role('wide', ['unit.rename'], 'subtree');
    assert.equal(assign(below, A1, wide).allowed, true);
    assert.equal(assign(below, A, wide).allowed, false);
    assert.equal(assign(below, A, role('down', ['unit.rename'], 'below')).allowed, true);
  });

  test('assigning to oneself is the same rule: a role one holds everything of, yes; more, no', () => {
    const lead = actor(held(A, ['people-lead']));
    assert.equal(explainAccess(lead, 'role.assign', { unit: A1, userId: 'me', role: budget }).allowed, true);
    assert.equal(explainAccess(lead, 'role.assign', { unit: A1, userId: 'me', role: role('x', ['wiki.publish'], 'unit') }).allowed, false);
  });

  test('a refusal never names a unit the assigner cannot see', () => {
    const manager = actor(held(A, [], 'manager'));
    const d = assign(manager, { ...B1 }, budget);
    assert.equal(d.allowed, false);
    assert.doesNotMatch(!d.allowed ? d.message : '', /EMEA|Sales/);
  });

  test('owners and admins hold every permission everywhere', () => {
    for (const r of ['owner', 'admin'] as const) {
      const top = actor(held(R, [], r));
      assert.deepEqual(WHERES.filter((w) => assign(top, PLACES[w], role('any', ['wiki.publish', 'unit.delete'], 'subtree')).allowed), WHERES);
    }
  });
});

describe('checks.run: access.explain held somewhere, through any custom role', () => {
  test('a role holding access.explain, whatever its reach or unit, may ask; other roles may not', () => {
    for (const key of ['lead-subtree', 'lead-unit', 'lead-below']) {
      const d = explainAccess(actor(held(A1, [key])), 'checks.run', {});
      assert.equal(d.allowed && d.grantedBy.customRole, key);
    }
    const d = explainAccess(actor(held(A, ['budget-approver', 'people-lead'])), 'checks.run', {});
    assert.equal(d.allowed, false);
    assert.equal(!d.allowed && d.code, 'authz.checks.run');
  });
});

describe('roles.manage: on the top unit, and only with what one holds everywhere', () => {
  const manage = (who: ActorAccess, permissions?: string[]) => explainAccess(who, 'roles.manage', permissions ? { permissions } : {});

  test('held on the top unit with a reach that includes it', () => {
    assert.equal(manage(actor(held(R, ['role-admin']))).allowed, true);
    assert.equal(manage(actor(held(R, ['role-admin-below']))).allowed, false);
    assert.equal(manage(actor(held(A, ['role-admin']))).allowed, false);
  });

  test('a role’s permissions: each held everywhere', () => {
    const roleAdmin = actor(held(R, ['role-admin']));
    const d = manage(roleAdmin, ['expenses.approve']);
    assert.equal(d.allowed, false);
    assert.equal(!d.allowed && d.reason, 'permissionNotHeld');
    assert.equal(!d.allowed && d.message, 'You need “Approve expenses” everywhere in the organization to put it in a role.');
    assert.equal(manage(actor(held(R, ['role-admin', 'budget-approver'])), ['expenses.approve']).allowed, true);
    assert.equal(manage(actor(held(R, ['role-admin']), held(A, ['budget-approver'])), ['expenses.approve']).allowed, false);
    assert.equal(manage(actor(held(R, [], 'admin')), ['expenses.approve', 'payroll.view']).allowed, true);
  });
});

describe('decision facts: a custom role’s decision stands on the catalogue’s version', () => {
  const catalogueFact = { key: keys.roleCatalogue('T'), expect: { version: 7 }, changed: 'grant' };
  const factsOf = <A extends Action>(who: ActorAccess, action: A, place: PlaceOf<A>) => {
    const d = explainAccess(who, action, place);
    assert.ok(d.allowed, `${action} allowed`);
    return decisionFacts(who, d, place);
  };

  test('granted through a custom role: the granting membership as before, and the catalogue', () => {
    const facts = factsOf(actor({ ...held(A, ['lead-below']), version: 3 } as Grant), 'unit.rename', { unit: A1 });
    assert.deepEqual(facts[0], { key: keys.userMembership('T', 'me', 'A'), expect: { role: 'member', unitPath: '/R/A/', version: 3 }, changed: 'grant' });
    assert.deepEqual(facts.at(-1), catalogueFact);
  });

  test('granted by the built-in role: no catalogue fact, even with custom roles held', () => {
    const facts = factsOf(actor(held(A, ['lead-below'], 'manager')), 'unit.rename', { unit: A1 });
    assert.equal(facts.some((f) => f.key.SK === 'ROLES'), false);
  });

  test('every role.assign decision; roles.manage only through a custom role (a catalogue write conditions itself)', () => {
    const owner = actor(held(R, [], 'owner'));
    assert.deepEqual(factsOf(owner, 'role.assign', { unit: A, userId: 'x', role: catalogue.roles['budget-approver'] }).at(-1), catalogueFact);
    assert.notDeepEqual(factsOf(owner, 'roles.manage', {}).at(-1), catalogueFact);
  });
});

describe('holds and explainPermission', () => {
  test('a region is held when every unit of it is, by any membership; below only by a reach that covers all of it', () => {
    const approver = actor(held(A, ['budget-approver']));
    assert.equal(holds(approver, 'expenses.approve', A1a), true);
    assert.equal(holds(approver, 'expenses.approve', A, 'subtree'), true);
    assert.equal(holds(approver, 'expenses.approve', R, 'below'), false);
    assert.equal(holds(approver, 'expenses.approve', B), false);
    const pieces = actor(held(A, ['lead-unit']), held(A, ['lead-below']));
    assert.equal(holds(pieces, 'unit.rename', A, 'subtree'), true);
    assert.equal(holds(actor(held(A, ['lead-unit'])), 'unit.rename', A, 'subtree'), false);
    // Built-in roles in the same terms: a manager renames below their unit, not the unit itself.
    const manager = actor(held(A, [], 'manager'));
    assert.equal(holds(manager, 'unit.rename', A, 'below'), true);
    assert.equal(holds(manager, 'unit.rename', A), false);
    assert.equal(holds(manager, 'members.manage', A, 'subtree'), true);
    assert.equal(holds(manager, 'expenses.approve', A1), false);
    assert.equal(holds(actor(held(R, [], 'admin')), 'payroll.view', B1, 'subtree'), true);
  });

  test('a tenant permission deep in the division: which membership and role give it', () => {
    const d = explainPermission(actor(held(B, []), held(A, ['budget-approver'])), 'expenses.approve', A1a);
    assert.deepEqual(d, {
      allowed: true,
      permission: 'expenses.approve',
      grantedBy: { unitId: 'A', unitPath: '/R/A/', role: 'member', customRole: 'budget-approver' },
      grants: [{ unitId: 'A', unitPath: '/R/A/', role: 'member', customRole: 'budget-approver' }],
    });
  });

  test('refused in words, without naming a unit the person cannot see', () => {
    const d = explainPermission(actor(held(A, ['budget-approver'])), 'expenses.approve', B1);
    assert.equal(d.allowed, false);
    assert.equal(!d.allowed && d.message, 'No role of yours gives “Approve expenses” at this unit.');
  });

  test('built-in roles answer Arbor’s permissions, owners and admins every permission', () => {
    const manager = explainPermission(actor(held(A, [], 'manager')), 'members.manage', A1);
    assert.equal(manager.allowed && manager.grantedBy.customRole, undefined);
    assert.equal(manager.allowed, true);
    assert.equal(explainPermission(actor(held(R, [], 'owner')), 'wiki.publish', A1a).allowed, true);
    assert.equal(explainPermission(actor(held(A, [], 'member')), 'unit.create', A1).allowed, false);
  });
});
