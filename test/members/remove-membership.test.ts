import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { INDEX, keys } from '../../lib/db';
import { isArborError } from '../../lib/errors';
import { addMembership, getUserMemberships, removeMembership, removeUserFromTenant } from '../../lib/members';
import { directClient, tableName } from '../support/stack';
import { createUnit } from '../../lib/org';
import { lockUnit } from '../support/units';
import { person, tenantWithTree } from './fixtures';
import { assertMembershipInvariants, snapshotTenant } from './membership-invariants';

const get = async (key: { PK: string; SK: string }) =>
  (await directClient().send(new GetCommand({ TableName: tableName(), Key: key }))).Item;
const code = (expected: string) => (e: Error & { code?: string }) => {
  assert.equal(e.code, expected, e.message);
  return true;
};
const tenantsOf = async (userId: string) =>
  (await directClient().send(new QueryCommand({
    TableName: tableName(), IndexName: INDEX.gsi4, KeyConditionExpression: 'GSI4PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.gsi4.userTenants(userId) },
  }))).Items ?? [];

describe('removeMembership (T12 remove)', () => {
  test('removes both directions and counts down; the last membership takes the profile with it', async () => {
    const t = await tenantWithTree();
    const ada = person('Ada');
    await addMembership(t.db, t.owner, { unitId: t.cloud.id, role: 'member', ...ada });
    await addMembership(t.db, t.owner, { unitId: t.sales.id, role: 'manager', userId: ada.userId });

    await removeMembership(t.db, t.owner, { unitId: t.cloud.id, userId: ada.userId, expectedVersion: 1 });
    assert.equal(await get(keys.unitMember(t.tenantId, t.cloud.id, ada.userId)), undefined);
    assert.equal(await get(keys.userMembership(t.tenantId, ada.userId, t.cloud.id)), undefined);
    assert.equal((await get(keys.tenantUser(t.tenantId, ada.userId)))?.membershipCount, 1);
    assert.equal((await get(keys.unit(t.tenantId, t.cloud.id)))?.memberCount, 0);
    await assertMembershipInvariants(t.tenantId, t.rootUnitId);

    await removeMembership(t.db, t.owner, { unitId: t.sales.id, userId: ada.userId, expectedVersion: 1 });
    assert.equal(await get(keys.tenantUser(t.tenantId, ada.userId)), undefined, 'the person left the tenant');
    assert.equal((await tenantsOf(ada.userId)).length, 0, 'and the tenant left their tenant list (P2)');
    assert.deepEqual(await getUserMemberships(t.db, ada.userId), { user: undefined, memberships: [], deactivated: false });
    await assertMembershipInvariants(t.tenantId, t.rootUnitId);
  });

  test('concurrent removals of one person\'s memberships all land and leave no profile behind', async () => {
    const t = await tenantWithTree();
    const ada = person('Ada');
    const units = [t.rootUnitId, t.engineering.id, t.cloud.id, t.sales.id];
    for (const unitId of units) await addMembership(t.db, t.owner, { unitId, role: 'member', ...ada });
    await Promise.all(units.map((unitId) => removeMembership(t.db, t.owner, { unitId, userId: ada.userId, expectedVersion: 1 })));
    assert.equal(await get(keys.tenantUser(t.tenantId, ada.userId)), undefined);
    await assertMembershipInvariants(t.tenantId, t.rootUnitId);
  });

  test('stale versions, missing memberships, locked units and bad input are refused and change nothing', async () => {
    const t = await tenantWithTree();
    const ada = person('Ada');
    await addMembership(t.db, t.owner, { unitId: t.cloud.id, role: 'member', ...ada });
    await addMembership(t.db, t.owner, { unitId: t.sales.id, role: 'member', userId: ada.userId });
    await lockUnit(t.tenantId, t.sales.id);
    const before = await snapshotTenant(t.tenantId, t.rootUnitId);
    await assert.rejects(
      removeMembership(t.db, t.owner, { unitId: t.cloud.id, userId: ada.userId, expectedVersion: 7 }),
      (e: unknown) => isArborError(e) && e.code === 'membership.versionConflict' && e.details?.currentVersion === 1,
    );
    await assert.rejects(removeMembership(t.db, t.owner, { unitId: t.engineering.id, userId: ada.userId, expectedVersion: 1 }), code('membership.notFound'));
    await assert.rejects(removeMembership(t.db, t.owner, { unitId: t.sales.id, userId: ada.userId, expectedVersion: 1 }), code('unit.locked'));
    await assert.rejects(removeMembership(t.db, t.owner, { unitId: t.cloud.id, userId: ada.userId, expectedVersion: 1.5 }), code('membership.badVersion'));
    await assert.rejects(removeMembership(t.db, t.owner, { unitId: '', userId: ada.userId, expectedVersion: 1 }), code('unit.badId'));
    assert.deepEqual(await snapshotTenant(t.tenantId, t.rootUnitId), before);
  });

  test('the last owner cannot be removed; once another owner exists they can', async () => {
    const t = await tenantWithTree();
    const before = await snapshotTenant(t.tenantId, t.rootUnitId);
    await assert.rejects(
      removeMembership(t.db, t.owner, { unitId: t.rootUnitId, userId: t.ownerUserId, expectedVersion: 1 }),
      code('membership.lastOwner'),
    );
    assert.deepEqual(await snapshotTenant(t.tenantId, t.rootUnitId), before);

    await addMembership(t.db, t.owner, { unitId: t.rootUnitId, role: 'owner', ...person('Heir') });
    await removeMembership(t.db, t.owner, { unitId: t.rootUnitId, userId: t.ownerUserId, expectedVersion: 1 });
    assert.equal((await get(keys.tenantSettings(t.tenantId)))?.ownerCount, 1);
    await assertMembershipInvariants(t.tenantId, t.rootUnitId);
  });
});

describe('removeUserFromTenant', () => {
  test('removes every membership and the profile, with an audit entry per unit', async () => {
    const t = await tenantWithTree();
    const ada = person('Ada');
    for (const unitId of [t.engineering.id, t.cloud.id, t.sales.id]) await addMembership(t.db, t.owner, { unitId, role: 'member', ...ada });
    const removed = await removeUserFromTenant(t.db, t.owner, ada.userId);
    assert.equal(removed.length, 3);
    assert.equal(await get(keys.tenantUser(t.tenantId, ada.userId)), undefined);
    for (const unitId of [t.engineering.id, t.cloud.id, t.sales.id]) {
      const audit = await directClient().send(new QueryCommand({
        TableName: tableName(), IndexName: INDEX.gsi1, KeyConditionExpression: 'GSI1PK = :pk', ScanIndexForward: false,
        ExpressionAttributeValues: { ':pk': keys.gsi1.unitAudit(t.tenantId, unitId) },
      }));
      assert.equal(audit.Items?.[0]?.action, 'membership.removeFromTenant');
    }
    await assertMembershipInvariants(t.tenantId, t.rootUnitId);
    await assert.rejects(removeUserFromTenant(t.db, t.owner, ada.userId), code('member.notFound'));
  });

  test('someone with more memberships than one transaction holds is removed completely', async () => {
    const t = await tenantWithTree();
    const ada = person('Ada');
    const units = [];
    for (let i = 0; i < 30; i++) units.push(await createUnit(t.db, t.owner, { parentId: t.engineering.id, name: `Team ${i}` }));
    for (const u of units) await addMembership(t.db, t.owner, { unitId: u.id, role: 'member', ...ada });
    const removed = await removeUserFromTenant(t.db, t.owner, ada.userId);
    assert.equal(removed.length, 30);
    assert.equal(await get(keys.tenantUser(t.tenantId, ada.userId)), undefined);
    await assertMembershipInvariants(t.tenantId, t.rootUnitId);
  });

  test('the last owner is refused before anything is removed', async () => {
    const t = await tenantWithTree();
    await addMembership(t.db, t.owner, { unitId: t.cloud.id, role: 'manager', userId: t.ownerUserId });
    const before = await snapshotTenant(t.tenantId, t.rootUnitId);
    await assert.rejects(removeUserFromTenant(t.db, t.owner, t.ownerUserId), code('membership.lastOwner'));
    assert.deepEqual(await snapshotTenant(t.tenantId, t.rootUnitId), before);
    await assert.rejects(removeUserFromTenant(t.db, t.owner, 'x'), code('user.badId'));
  });

  test('allow() sees every membership as read for the write, and a refusal removes nothing', async () => {
    const t = await tenantWithTree();
    const ada = person('Ada');
    await addMembership(t.db, t.owner, { unitId: t.cloud.id, role: 'member', ...ada });
    await addMembership(t.db, t.owner, { unitId: t.sales.id, role: 'manager', userId: ada.userId });
    const before = await snapshotTenant(t.tenantId, t.rootUnitId);
    const seen: string[] = [];
    const refuseManagers = (m: { unitId: string; role: string }) => {
      seen.push(`${m.unitId}:${m.role}`);
      if (m.role === 'manager') throw Object.assign(new Error('not allowed'), { code: 'test.refused' });
    };
    await assert.rejects(removeUserFromTenant(t.db, t.owner, ada.userId, { allow: refuseManagers }), code('test.refused'));
    assert.deepEqual(seen.sort(), [`${t.cloud.id}:member`, `${t.sales.id}:manager`].sort());
    assert.deepEqual(await snapshotTenant(t.tenantId, t.rootUnitId), before);
  });
});
