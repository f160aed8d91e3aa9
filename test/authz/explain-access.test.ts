// explainAccess names the membership that grants an action, or says what is missing; authorize
// turns a refusal into the 403-class error routes return.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { authorize, can, decisionFacts, explainAccess, type ActorAccess, type UnitRef } from '../../lib/authz';
import { keys } from '../../lib/db';
import { ArborError } from '../../lib/errors';
import { toHttpError } from '../../lib/errors/http';

const R: UnitRef = { id: 'R', path: '/R/', name: 'Acme' };
const A: UnitRef = { id: 'A', path: '/R/A/', name: 'Engineering' };
const A1: UnitRef = { id: 'A1', path: '/R/A/A1/', name: 'Cloud' };
const A1a: UnitRef = { id: 'A1a', path: '/R/A/A1/A1a/', name: 'AWS' };
const B: UnitRef = { id: 'B', path: '/R/B/', name: 'Sales' };

const ownerAndManager: ActorAccess = {
  tenantId: 'T',
  userId: 'u1',
  memberships: [
    { unitId: 'R', unitPath: '/R/', role: 'owner' },
    { unitId: 'A', unitPath: '/R/A/', role: 'manager' },
    { unitId: 'A1', unitPath: '/R/A/A1/', role: 'member' },
  ],
};
const managerOfA: ActorAccess = { tenantId: 'T', userId: 'u2', memberships: [{ unitId: 'A', unitPath: '/R/A/', role: 'manager' }] };

describe('explainAccess', () => {
  test('names the nearest granting membership and lists every one', () => {
    const d = explainAccess(ownerAndManager, 'unit.rename', { unit: A1a });
    assert.ok(d.allowed);
    assert.deepEqual(d.grantedBy, { unitId: 'A', unitPath: '/R/A/', role: 'manager' });
    assert.deepEqual(d.grants.map((g) => g.role), ['manager', 'owner']);
  });

  test('visibility comes from any membership, the nearest named', () => {
    const d = explainAccess(ownerAndManager, 'tree.read', { unit: A1a });
    assert.ok(d.allowed);
    assert.deepEqual(d.grantedBy, { unitId: 'A1', unitPath: '/R/A/A1/', role: 'member' });
  });

  test('only the deciding fields of a membership come back', () => {
    const rich = { ...managerOfA, memberships: [{ ...managerOfA.memberships[0], email: 'm@x.test', name: 'M', version: 3 }] };
    const d = explainAccess(rich, 'unit.rename', { unit: A1 });
    assert.ok(d.allowed);
    assert.deepEqual(Object.keys(d.grantedBy).sort(), ['role', 'unitId', 'unitPath']);
  });

  test('a manager of the unit itself is told renaming it belongs to the level above', () => {
    const d = explainAccess(managerOfA, 'unit.rename', { unit: A });
    assert.equal(d.allowed, false);
    assert.ok(!d.allowed);
    assert.equal(d.reason, 'managedUnitItself');
    assert.match(d.message, /You manage Engineering/);
  });

  test('outside the subtree the message says what is missing without naming a unit the actor cannot see', () => {
    const d = explainAccess(managerOfA, 'unit.rename', { unit: B });
    assert.ok(!d.allowed);
    assert.equal(d.code, 'authz.unit.rename');
    assert.equal(d.reason, 'notManager');
    assert.equal(d.message, 'You need to manage a unit above this unit to rename it.');
  });

  test('units the actor sees, and their ancestors (the breadcrumb), are named', () => {
    const above = explainAccess(managerOfA, 'unit.rename', { unit: R });
    assert.ok(!above.allowed);
    assert.equal(above.message, 'You need to manage a unit above Acme to rename it.');
    const inside = explainAccess({ ...managerOfA, memberships: [{ unitId: 'A', unitPath: A.path, role: 'member' }] }, 'unit.rename', { unit: A1 });
    assert.ok(!inside.allowed);
    assert.match(inside.message, /Cloud/);
    const across = explainAccess(managerOfA, 'unit.move', { unit: A1, destination: B });
    assert.ok(!across.allowed);
    assert.equal(across.message, 'You can move Cloud only within the units you manage, and the unit you chose is outside them.');
  });

  test('membership refusals say which role is needed', () => {
    const admin = explainAccess(managerOfA, 'membership.add', { unit: R, role: 'admin', userId: 'x' });
    assert.ok(!admin.allowed);
    assert.equal(admin.reason, 'tenantRoleRequired');
    assert.equal(admin.message, 'Only owners and admins can add an admin.');

    const peer = explainAccess(managerOfA, 'membership.add', { unit: A, role: 'manager', userId: 'x' });
    assert.ok(!peer.allowed);
    assert.equal(peer.reason, 'managedUnitItself');
    assert.match(peer.message, /Managers of Engineering are appointed/);

    const outside = explainAccess(managerOfA, 'membership.remove', { unit: B, role: 'member', userId: 'x' });
    assert.ok(!outside.allowed);
    assert.equal(outside.message, 'You need to manage this unit or one of its parent units to remove its members.');
  });

  test('someone with no membership is told they are not a member', () => {
    const d = explainAccess({ tenantId: 'T', userId: 'gone', memberships: [] }, 'tree.read', { unit: R });
    assert.ok(!d.allowed);
    assert.equal(d.reason, 'notMember');
  });

  test('a unit without a name is called "this unit"', () => {
    const d = explainAccess(managerOfA, 'unit.delete', { unit: { id: 'B', path: '/R/B/' } });
    assert.ok(!d.allowed);
    assert.equal(d.message, 'You need to manage a unit above this unit to delete it.');
  });

  test('can() agrees with explainAccess', () => {
    assert.equal(can(managerOfA, 'unit.create', { parent: A }), true);
    assert.equal(can(managerOfA, 'unit.create', { parent: R }), false);
  });
});

describe('authorize', () => {
  test('returns the grant when allowed', () => {
    const ok = authorize(managerOfA, 'unit.move', { unit: A1a, destination: A });
    assert.equal(ok.grantedBy.unitId, 'A');
  });

  test('throws a 403 ArborError with the action code and what is missing', () => {
    assert.throws(
      () => authorize(managerOfA, 'tenant.settings.update', {}),
      (e: unknown) => {
        assert.ok(e instanceof ArborError);
        assert.equal(e.kind, 'forbidden');
        assert.equal(e.code, 'authz.tenant.settings.update');
        assert.equal(e.message, "Only owners and admins can change the organization's settings.");
        assert.deepEqual(e.details, { action: 'tenant.settings.update', reason: 'tenantRoleRequired' });
        assert.equal(toHttpError(e).status, 403);
        return true;
      },
    );
  });
});

describe('change-set decisions', () => {
  const set = { id: 'S', authorId: 'someone', areas: [B, A1] };

  test('bind the write to the granting membership and the touched unit it reaches, at its path now', () => {
    const decision = authorize(managerOfA, 'changeSet.change', { set });
    assert.equal(decision.grantedBy.unitId, 'A');
    assert.deepEqual(decisionFacts(managerOfA, decision, { set }), [
      { key: keys.userMembership('T', 'u2', 'A'), expect: { role: 'manager', unitPath: '/R/A/' }, changed: 'grant' },
      { key: keys.unit('T', 'A1'), expect: { path: '/R/A/A1/' }, changed: 'target' },
    ]);
  });

  test('a refused apply says whose it is, not what adding a unit needs', () => {
    assert.throws(
      () => authorize(managerOfA, 'changeSet.apply', { set }),
      (e: unknown) => {
        assert.ok(e instanceof ArborError);
        assert.equal(e.code, 'authz.changeSet.apply');
        assert.equal(e.message, "Only the person who wrote this change set, and the organization's owners and admins, can apply this change set or change its schedule.");
        assert.equal(toHttpError(e).status, 403);
        return true;
      },
    );
  });
});
