import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { listUnitAudit } from '../../lib/audit';
import { keys } from '../../lib/db';
import { isArborError } from '../../lib/errors';
import { addMembership, changeRole, ROLES } from '../../lib/members';
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

describe('changeRole (T12 change)', () => {
  test('changes both directions, bumps the version and records before/after', async () => {
    const t = await tenantWithTree();
    const ada = person('Ada');
    const m = await addMembership(t.db, t.owner, { unitId: t.cloud.id, role: 'member', ...ada });
    const changed = await changeRole(t.db, t.owner, { unitId: t.cloud.id, userId: ada.userId, role: 'manager', expectedVersion: m.version });
    assert.equal(changed.role, 'manager');
    assert.equal(changed.version, 2);
    for (const key of [keys.unitMember(t.tenantId, t.cloud.id, ada.userId), keys.userMembership(t.tenantId, ada.userId, t.cloud.id)]) {
      const item = await get(key);
      assert.equal(item?.role, 'manager');
      assert.equal(item?.version, 2);
    }
    const [entry] = (await listUnitAudit(t.db, t.cloud.id, { limit: 1 })).items;
    assert.equal(entry.action, 'membership.roleChange');
    assert.deepEqual([entry.before, entry.after], [{ role: 'member' }, { role: 'manager' }]);
    await assertMembershipInvariants(t.tenantId, t.rootUnitId);
  });

  test('a stale version is a conflict carrying the stored version, and changes nothing', async () => {
    const t = await tenantWithTree();
    const ada = person('Ada');
    await addMembership(t.db, t.owner, { unitId: t.cloud.id, role: 'member', ...ada });
    await changeRole(t.db, t.owner, { unitId: t.cloud.id, userId: ada.userId, role: 'manager', expectedVersion: 1 });
    const before = await snapshotTenant(t.tenantId, t.rootUnitId);
    await assert.rejects(
      changeRole(t.db, t.owner, { unitId: t.cloud.id, userId: ada.userId, role: 'member', expectedVersion: 1 }),
      (e: unknown) => isArborError(e) && e.code === 'membership.versionConflict' && e.details?.currentVersion === 2,
    );
    assert.deepEqual(await snapshotTenant(t.tenantId, t.rootUnitId), before);
  });

  test('20 parallel role changes from the same read version: exactly one wins, the stored role is its', async () => {
    const t = await tenantWithTree();
    const ada = person('Ada');
    const m = await addMembership(t.db, t.owner, { unitId: t.rootUnitId, role: 'member', ...ada });
    const roles = Array.from({ length: 20 }, (_, i) => ROLES[i % ROLES.length]).map((r) => (r === 'member' ? 'manager' : r));
    const results = await Promise.allSettled(
      roles.map((role) => changeRole(t.db, t.owner, { unitId: t.rootUnitId, userId: ada.userId, role, expectedVersion: m.version })),
    );
    const won = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const lost = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
    assert.equal(won.length, 1, 'exactly one change wins');
    assert.equal(lost.length, 19);
    for (const e of lost) assert.equal(isArborError(e) && e.code, 'membership.versionConflict', String(e));
    assert.equal((await get(keys.unitMember(t.tenantId, t.rootUnitId, ada.userId)))?.role, won[0].role);
    assert.equal((await get(keys.userMembership(t.tenantId, ada.userId, t.rootUnitId)))?.role, won[0].role);
    assert.equal((await get(keys.unitMember(t.tenantId, t.rootUnitId, ada.userId)))?.version, 2);
    await assertMembershipInvariants(t.tenantId, t.rootUnitId);
  });

  test('the last owner cannot be demoted; with two owners, one of two concurrent demotions wins', async () => {
    const t = await tenantWithTree();
    const before = await snapshotTenant(t.tenantId, t.rootUnitId);
    await assert.rejects(
      changeRole(t.db, t.owner, { unitId: t.rootUnitId, userId: t.ownerUserId, role: 'admin', expectedVersion: 1 }),
      code('membership.lastOwner'),
    );
    assert.deepEqual(await snapshotTenant(t.tenantId, t.rootUnitId), before);

    const second = person('Second Owner');
    await addMembership(t.db, t.owner, { unitId: t.rootUnitId, role: 'owner', ...second });
    const results = await Promise.allSettled(
      [t.ownerUserId, second.userId].map((userId) =>
        changeRole(t.db, t.owner, { unitId: t.rootUnitId, userId, role: 'admin', expectedVersion: 1 })),
    );
    assert.equal(results.filter((r) => r.status === 'fulfilled').length, 1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    assert.equal(refused.reason.code, 'membership.lastOwner');
    assert.equal((await get(keys.tenantSettings(t.tenantId)))?.ownerCount, 1);
    await assertMembershipInvariants(t.tenantId, t.rootUnitId);
  });

  test('promoting to owner counts; owner and admin stay on the root; locked units and unknown memberships refuse', async () => {
    const t = await tenantWithTree();
    const ada = person('Ada');
    await addMembership(t.db, t.owner, { unitId: t.rootUnitId, role: 'admin', ...ada });
    await changeRole(t.db, t.owner, { unitId: t.rootUnitId, userId: ada.userId, role: 'owner', expectedVersion: 1 });
    assert.equal((await get(keys.tenantSettings(t.tenantId)))?.ownerCount, 2);

    await addMembership(t.db, t.owner, { unitId: t.cloud.id, role: 'member', userId: ada.userId });
    await lockUnit(t.tenantId, t.sales.id);
    await addMembership(t.db, t.owner, { unitId: t.engineering.id, role: 'member', userId: ada.userId });
    const before = await snapshotTenant(t.tenantId, t.rootUnitId);
    await assert.rejects(changeRole(t.db, t.owner, { unitId: t.cloud.id, userId: ada.userId, role: 'admin', expectedVersion: 1 }), code('membership.tenantRoleOnRoot'));
    await assert.rejects(changeRole(t.db, t.owner, { unitId: t.sales.id, userId: ada.userId, role: 'manager', expectedVersion: 1 }), code('membership.notFound'));
    await lockUnit(t.tenantId, t.engineering.id);
    await assert.rejects(changeRole(t.db, t.owner, { unitId: t.engineering.id, userId: ada.userId, role: 'manager', expectedVersion: 1 }), code('unit.locked'));
    await assert.rejects(changeRole(t.db, t.owner, { unitId: t.cloud.id, userId: ada.userId, role: 'boss', expectedVersion: 1 }), code('membership.badRole'));
    await assert.rejects(changeRole(t.db, t.owner, { unitId: t.cloud.id, userId: ada.userId, role: 'manager', expectedVersion: 0 }), code('membership.badVersion'));
    await assert.rejects(changeRole(t.db, t.owner, { unitId: t.cloud.id, userId: 'nope', role: 'manager', expectedVersion: 1 }), code('user.badId'));
    const afterLock = await snapshotTenant(t.tenantId, t.rootUnitId);
    // Only the lock itself differs from `before`.
    assert.deepEqual(afterLock.memberTree, before.memberTree);
    assert.deepEqual(afterLock.userSides, before.userSides);
    assert.deepEqual(afterLock.audit, before.audit);
  });
});
