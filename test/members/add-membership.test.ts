import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { listUnitAudit } from '../../lib/audit';
import { keys } from '../../lib/db';
import { addMembership, getUserMemberships } from '../../lib/members';
import { directClient, tableName } from '../support/stack';
import { lockUnit } from '../support/units';
import { person, tenantWithTree } from './fixtures';
import { assertMembershipInvariants, snapshotTenant } from './membership-invariants';

const get = async (key: { PK: string; SK: string }) =>
  (await directClient().send(new GetCommand({ TableName: tableName(), Key: key }))).Item;
const code = (expected: string) => (e: Error & { code?: string }) => {
  assert.equal(e.code, expected, e.message);
  return true;
};

describe('addMembership (T12 add)', () => {
  test('writes both directions, the new profile, the unit count and the audit entry in one go', async () => {
    const t = await tenantWithTree();
    const ada = person('Ada Lovelace');
    const m = await addMembership(t.db, t.owner, { unitId: t.cloud.id, role: 'manager', ...ada });

    assert.equal(m.role, 'manager');
    assert.equal(m.version, 1);
    assert.equal(m.unitPath, t.cloud.path);
    assert.equal((await get(keys.unitMember(t.tenantId, t.cloud.id, ada.userId)))?.role, 'manager');
    assert.equal((await get(keys.userMembership(t.tenantId, ada.userId, t.cloud.id)))?.role, 'manager');
    const profile = await get(keys.tenantUser(t.tenantId, ada.userId));
    assert.equal(profile?.membershipCount, 1);
    assert.equal(profile?.GSI4PK, keys.gsi4.userTenants(ada.userId), 'the tenant appears in the person\'s tenant list (P2)');
    assert.equal((await get(keys.unit(t.tenantId, t.cloud.id)))?.memberCount, 1);

    const [entry] = (await listUnitAudit(t.db, t.cloud.id, { limit: 1 })).items;
    assert.equal(entry.action, 'membership.add');
    assert.deepEqual(entry.after, { userId: ada.userId, email: ada.email, role: 'manager' });
    await assertMembershipInvariants(t.tenantId, t.rootUnitId);
  });

  test('a second unit counts on the same profile; userId alone and email alone find a tenant member', async () => {
    const t = await tenantWithTree();
    const ada = person('Ada');
    await addMembership(t.db, t.owner, { unitId: t.cloud.id, role: 'member', ...ada });
    await addMembership(t.db, t.owner, { unitId: t.sales.id, role: 'member', userId: ada.userId });
    const byEmail = await addMembership(t.db, t.owner, { unitId: t.engineering.id, role: 'manager', email: 'ADA@example.test' });
    assert.equal(byEmail.userId, ada.userId);
    assert.equal(byEmail.name, 'Ada');

    const { user, memberships } = await getUserMemberships(t.db, ada.userId);
    assert.equal(user?.membershipCount, 3);
    assert.deepEqual(memberships.map((m) => m.unitId).sort(), [t.cloud.id, t.sales.id, t.engineering.id].sort());
    await assertMembershipInvariants(t.tenantId, t.rootUnitId);
  });

  test('a duplicate membership is a conflict and changes nothing', async () => {
    const t = await tenantWithTree();
    const ada = person('Ada');
    await addMembership(t.db, t.owner, { unitId: t.cloud.id, role: 'member', ...ada });
    const before = await snapshotTenant(t.tenantId, t.rootUnitId);
    await assert.rejects(addMembership(t.db, t.owner, { unitId: t.cloud.id, role: 'manager', userId: ada.userId }), (e: Error & { code?: string }) => {
      assert.equal(e.code, 'membership.exists');
      assert.match(e.message, /already a member of "Cloud"/);
      return true;
    });
    assert.deepEqual(await snapshotTenant(t.tenantId, t.rootUnitId), before);
  });

  test('owner and admin are held on the root unit only; an owner there counts in ownerCount', async () => {
    const t = await tenantWithTree();
    const before = await snapshotTenant(t.tenantId, t.rootUnitId);
    for (const role of ['owner', 'admin']) {
      await assert.rejects(addMembership(t.db, t.owner, { unitId: t.engineering.id, role, ...person('Bob') }), code('membership.tenantRoleOnRoot'));
    }
    assert.deepEqual(await snapshotTenant(t.tenantId, t.rootUnitId), before);

    await addMembership(t.db, t.owner, { unitId: t.rootUnitId, role: 'owner', ...person('Second Owner') });
    await addMembership(t.db, t.owner, { unitId: t.rootUnitId, role: 'admin', ...person('An Admin') });
    await addMembership(t.db, t.owner, { unitId: t.rootUnitId, role: 'manager', ...person('Root Manager') });
    assert.equal((await get(keys.tenantSettings(t.tenantId)))?.ownerCount, 2);
    await assertMembershipInvariants(t.tenantId, t.rootUnitId);
  });

  test('parallel adds of one new person to many units keep the profile count exact', async () => {
    const t = await tenantWithTree();
    const ada = person('Ada');
    const units = [t.rootUnitId, t.engineering.id, t.cloud.id, t.sales.id];
    await Promise.all(units.map((unitId) => addMembership(t.db, t.owner, { unitId, role: 'member', ...ada })));
    assert.equal((await get(keys.tenantUser(t.tenantId, ada.userId)))?.membershipCount, 4);
    await assertMembershipInvariants(t.tenantId, t.rootUnitId);
  });

  test('a unit locked by a move, a missing unit and an unknown person are refused', async () => {
    const t = await tenantWithTree();
    await lockUnit(t.tenantId, t.sales.id);
    const before = await snapshotTenant(t.tenantId, t.rootUnitId);
    await assert.rejects(addMembership(t.db, t.owner, { unitId: t.sales.id, role: 'member', ...person('Ada') }), code('unit.locked'));
    await assert.rejects(addMembership(t.db, t.owner, { unitId: '01ARZ3NDEKTSV4RRFFQ69G5FAV', role: 'member', ...person('Ada') }), code('unit.notFound'));
    await assert.rejects(addMembership(t.db, t.owner, { unitId: t.cloud.id, role: 'member', email: 'nobody@example.test' }), code('membership.userNotFound'));
    await assert.rejects(addMembership(t.db, t.owner, { unitId: t.cloud.id, role: 'member', userId: person('X').userId }), code('membership.userNotFound'));
    assert.deepEqual(await snapshotTenant(t.tenantId, t.rootUnitId), before);
  });

  test('bad input is refused with typed errors and nothing is written', async () => {
    const t = await tenantWithTree();
    const ada = person('Ada');
    const before = await snapshotTenant(t.tenantId, t.rootUnitId);
    await assert.rejects(addMembership(t.db, t.owner, { unitId: t.cloud.id, role: 'superuser', ...ada }), code('membership.badRole'));
    await assert.rejects(addMembership(t.db, t.owner, { unitId: 'U#1', role: 'member', ...ada }), code('unit.badId'));
    await assert.rejects(addMembership(t.db, t.owner, { unitId: t.cloud.id, role: 'member', ...ada, userId: 'T#other' }), code('user.badId'));
    await assert.rejects(addMembership(t.db, t.owner, { unitId: t.cloud.id, role: 'member', ...ada, email: 'not an email' }), code('email.invalid'));
    await assert.rejects(addMembership(t.db, t.owner, { unitId: t.cloud.id, role: 'member', ...ada, name: ' \n ' }), code('user.badName'));
    await assert.rejects(addMembership(t.db, t.owner, { unitId: t.cloud.id, role: 'member' }), code('membership.noUser'));
    await assert.rejects(addMembership(t.db, t.owner, { unitId: t.cloud.id, role: 'member', userId: ada.userId, email: ada.email }), code('membership.noUser'));
    assert.deepEqual(await snapshotTenant(t.tenantId, t.rootUnitId), before);
  });

  test('names with #, slashes, quotes and emoji are stored as typed', async () => {
    const t = await tenantWithTree();
    const odd = { ...person('x'), name: 'Zoë "#1" / 🚀 O\'Neil' };
    const m = await addMembership(t.db, t.owner, { unitId: t.cloud.id, role: 'member', ...odd });
    assert.equal(m.name, odd.name);
    assert.equal((await get(keys.tenantUser(t.tenantId, odd.userId)))?.name, odd.name);
  });
});
