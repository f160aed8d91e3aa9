// Custom roles on memberships (docs/roles.md): given with an add, set on their own, and kept by
// every other membership write (a change of the built-in role, a move of the unit).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { listUnitAudit } from '../../lib/audit';
import { keys } from '../../lib/db';
import { addMembership, changeRole, setMembershipRoles } from '../../lib/members';
import { applyChangeSet, readChangeSet, revertChangeSet } from '../../lib/change-sets';
import { moveUnit } from '../../lib/org';
import { approve, draft, reorgTenant } from '../change-sets/fixtures';
import { eventOf } from '../../lib/webhooks/events';
import { directClient, tableName } from '../support/stack';
import { lockUnit } from '../support/units';
import { defineRoles, person, tenantWithTree } from './fixtures';
import { assertMembershipInvariants, snapshotTenant } from './membership-invariants';

const get = async (key: { PK: string; SK: string }) =>
  (await directClient().send(new GetCommand({ TableName: tableName(), Key: key }))).Item;
const code = (expected: string) => (e: Error & { code?: string }) => {
  assert.equal(e.code, expected, e.message);
  return true;
};

/** The custom roles on both items of a membership, which must agree. */
async function storedRoles(tenantId: string, unitId: string, userId: string) {
  const [down, up] = await Promise.all([get(keys.unitMember(tenantId, unitId, userId)), get(keys.userMembership(tenantId, userId, unitId))]);
  assert.deepEqual(down?.roles, up?.roles, 'both directions hold the same custom roles');
  assert.equal(down?.version, up?.version);
  return down?.roles as string[] | undefined;
}

describe('custom roles given with an add', () => {
  test('both directions carry them, and the audit entry names them', async () => {
    const t = await tenantWithTree();
    await defineRoles(t.tenantId, ['budget-approver', 'wiki-editor']);
    const ada = person('Ada');
    const m = await addMembership(t.db, t.owner, { unitId: t.sales.id, role: 'member', roles: ['budget-approver'], ...ada });
    assert.deepEqual(m.roles, ['budget-approver']);
    assert.deepEqual(await storedRoles(t.tenantId, t.sales.id, ada.userId), ['budget-approver']);
    const [entry] = (await listUnitAudit(t.db, t.sales.id, { limit: 1 })).items;
    assert.deepEqual(entry.after, { userId: ada.userId, email: ada.email, role: 'member', roles: ['budget-approver'] });
    await assertMembershipInvariants(t.tenantId, t.rootUnitId);
  });

  test('an unknown, repeated or eleventh role is refused and nothing is written', async () => {
    const t = await tenantWithTree();
    const many = Array.from({ length: 11 }, (_, i) => `role-${i}`);
    await defineRoles(t.tenantId, ['budget-approver', ...many]);
    const before = await snapshotTenant(t.tenantId, t.rootUnitId);
    const add = (roles: string[]) => addMembership(t.db, t.owner, { unitId: t.sales.id, role: 'member', roles, ...person('Ada') });
    await assert.rejects(add(['budget-approver', 'payroll-viewer']), code('roles.unknownRole'));
    await assert.rejects(add(['budget-approver', 'budget-approver']), code('roles.duplicateRole'));
    await assert.rejects(add(many), code('roles.limit'));
    await assert.rejects(add(['hasOwnProperty']), code('roles.unknownRole'));
    assert.deepEqual(await snapshotTenant(t.tenantId, t.rootUnitId), before);
    assert.equal((await add(many.slice(0, 10))).roles?.length, 10, 'the limit itself is allowed');
  });
});

describe('setMembershipRoles (T12 set custom roles)', () => {
  test('sets both directions, bumps the version, audits before/after and becomes a webhook event', async () => {
    const t = await tenantWithTree();
    await defineRoles(t.tenantId, ['budget-approver', 'wiki-editor']);
    const ada = person('Ada');
    const m = await addMembership(t.db, t.owner, { unitId: t.cloud.id, role: 'member', roles: ['wiki-editor'], ...ada });
    const set = await setMembershipRoles(t.db, t.owner, { unitId: t.cloud.id, userId: ada.userId, roles: ['budget-approver', 'wiki-editor'], expectedVersion: m.version });
    assert.deepEqual(set.roles, ['budget-approver', 'wiki-editor']);
    assert.equal(set.version, 2);
    assert.equal(set.role, 'member', 'the built-in role stays');
    assert.deepEqual(await storedRoles(t.tenantId, t.cloud.id, ada.userId), ['budget-approver', 'wiki-editor']);
    const [entry] = (await listUnitAudit(t.db, t.cloud.id, { limit: 1 })).items;
    assert.equal(entry.action, 'membership.rolesChange');
    assert.deepEqual([entry.before, entry.after], [{ roles: ['wiki-editor'] }, { roles: ['budget-approver', 'wiki-editor'] }]);
    const event = eventOf({ ...entry, auditId: entry.id, type: 'audit' });
    assert.equal(event?.type, 'membership.rolesChanged');

    const none = await setMembershipRoles(t.db, t.owner, { unitId: t.cloud.id, userId: ada.userId, roles: [], expectedVersion: 2 });
    assert.equal(none.roles, undefined);
    assert.equal(await storedRoles(t.tenantId, t.cloud.id, ada.userId), undefined, 'no roles: the attribute is gone, not an empty list');
    await assertMembershipInvariants(t.tenantId, t.rootUnitId);
  });

  test('a stale version, a locked unit or a missing membership changes nothing', async () => {
    const t = await tenantWithTree();
    await defineRoles(t.tenantId, ['budget-approver']);
    const ada = person('Ada');
    await addMembership(t.db, t.owner, { unitId: t.cloud.id, role: 'member', ...ada });
    const set = (expectedVersion: number, unitId = t.cloud.id) =>
      setMembershipRoles(t.db, t.owner, { unitId, userId: ada.userId, roles: ['budget-approver'], expectedVersion });
    const before = await snapshotTenant(t.tenantId, t.rootUnitId);
    await assert.rejects(set(2), code('membership.versionConflict'));
    await assert.rejects(set(1, t.sales.id), code('membership.notFound'));
    assert.deepEqual(await snapshotTenant(t.tenantId, t.rootUnitId), before);
    await lockUnit(t.tenantId, t.cloud.id);
    const locked = await snapshotTenant(t.tenantId, t.rootUnitId);
    await assert.rejects(set(1), code('unit.locked'));
    assert.deepEqual(await snapshotTenant(t.tenantId, t.rootUnitId), locked);
  });

  test('a role deleted after this process read the catalogue is refused, not written', async () => {
    const t = await tenantWithTree();
    await defineRoles(t.tenantId, ['budget-approver', 'wiki-editor']);
    const ada = person('Ada');
    await addMembership(t.db, t.owner, { unitId: t.cloud.id, role: 'member', ...ada });
    // Another server deletes the role: the item changes, this process's copy does not.
    await directClient().send(new UpdateCommand({
      TableName: tableName(), Key: keys.roleCatalogue(t.tenantId),
      UpdateExpression: 'SET #version = :v REMOVE #roles.#key', ExpressionAttributeNames: { '#version': 'version', '#roles': 'roles', '#key': 'budget-approver' },
      ExpressionAttributeValues: { ':v': 2 },
    }));
    await assert.rejects(
      setMembershipRoles(t.db, t.owner, { unitId: t.cloud.id, userId: ada.userId, roles: ['budget-approver'], expectedVersion: 1 }),
      code('roles.unknownRole'),
    );
    assert.equal(await storedRoles(t.tenantId, t.cloud.id, ada.userId), undefined);
    const m = await setMembershipRoles(t.db, t.owner, { unitId: t.cloud.id, userId: ada.userId, roles: ['wiki-editor'], expectedVersion: 1 });
    assert.deepEqual(m.roles, ['wiki-editor']);
  });

  test('10 parallel sets from the same read version: exactly one wins, its roles are stored', async () => {
    const t = await tenantWithTree();
    const roleKeys = Array.from({ length: 10 }, (_, i) => `role-${i}`);
    await defineRoles(t.tenantId, roleKeys);
    const ada = person('Ada');
    await addMembership(t.db, t.owner, { unitId: t.cloud.id, role: 'member', ...ada });
    const results = await Promise.allSettled(
      roleKeys.map((key) => setMembershipRoles(t.db, t.owner, { unitId: t.cloud.id, userId: ada.userId, roles: [key], expectedVersion: 1 })),
    );
    const won = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    assert.equal(won.length, 1);
    for (const r of results) if (r.status === 'rejected') assert.equal(r.reason.code, 'membership.versionConflict');
    assert.deepEqual(await storedRoles(t.tenantId, t.cloud.id, ada.userId), won[0]!.roles);
  });
});

describe('other membership writes keep the custom roles', () => {
  test('a change of the built-in role', async () => {
    const t = await tenantWithTree();
    await defineRoles(t.tenantId, ['budget-approver']);
    const ada = person('Ada');
    const m = await addMembership(t.db, t.owner, { unitId: t.cloud.id, role: 'member', roles: ['budget-approver'], ...ada });
    const changed = await changeRole(t.db, t.owner, { unitId: t.cloud.id, userId: ada.userId, role: 'manager', expectedVersion: m.version });
    assert.deepEqual(changed.roles, ['budget-approver']);
    assert.deepEqual(await storedRoles(t.tenantId, t.cloud.id, ada.userId), ['budget-approver']);
  });

  test('a move of the unit (paths rewritten, roles untouched)', async () => {
    const t = await tenantWithTree();
    await defineRoles(t.tenantId, ['budget-approver']);
    const ada = person('Ada');
    await addMembership(t.db, t.owner, { unitId: t.cloud.id, role: 'member', roles: ['budget-approver'], ...ada });
    const engineering = await get(keys.unit(t.tenantId, t.engineering.id));
    await moveUnit(t.db, t.owner, { unitId: t.engineering.id, newParentId: t.sales.id, expectedVersion: engineering?.version as number });
    assert.deepEqual(await storedRoles(t.tenantId, t.cloud.id, ada.userId), ['budget-approver']);
    assert.ok(String((await get(keys.unitMember(t.tenantId, t.cloud.id, ada.userId)))?.unitPath).startsWith(t.sales.path));
    await assertMembershipInvariants(t.tenantId, t.rootUnitId);
  });

  test("a change set's move of a member to another unit (removed there, added here)", async () => {
    const t = await reorgTenant('Keep');
    await defineRoles(t.tenantId, ['budget-approver']);
    const p2 = t.people.p2;
    await setMembershipRoles(t.db, t.owner, { unitId: t.units.platform.id, userId: p2.userId, roles: ['budget-approver'], expectedVersion: 1 });
    // Drafted by an owner: moving the holder gives the role at the destination (role.assign).
    const set = await draft(t, [{ kind: 'moveMember', userId: p2.userId, fromUnitId: t.units.platform.id, unitId: t.units.infra.id }], t.owner);
    await approve(t, set.header.setId);
    const { header } = await readChangeSet(t.db, set.header.setId);
    assert.equal((await applyChangeSet(t.db, t.owner, set.header.setId, header.version)).status, 'applied');
    assert.deepEqual(await storedRoles(t.tenantId, t.units.infra.id, p2.userId), ['budget-approver']);
    assert.equal(await get(keys.unitMember(t.tenantId, t.units.platform.id, p2.userId)), undefined);
  });

  test("reverting a change set that removed members, or deleted their unit, puts their custom roles back", async () => {
    const t = await reorgTenant('Revert');
    await defineRoles(t.tenantId, ['budget-approver']);
    const { p1 } = t.people;
    const t1 = t.people.t1;
    await setMembershipRoles(t.db, t.owner, { unitId: t.units.platform.id, userId: p1.userId, roles: ['budget-approver'], expectedVersion: 1 });
    await setMembershipRoles(t.db, t.owner, { unitId: t.units.tools.id, userId: t1.userId, roles: ['budget-approver'], expectedVersion: 1 });
    const set = await draft(t, [
      { kind: 'removeMember', userId: p1.userId, unitId: t.units.platform.id },
      { kind: 'deleteUnit', unitId: t.units.tools.id },
    ], t.owner);
    await approve(t, set.header.setId);
    await applyChangeSet(t.db, t.owner, set.header.setId, (await readChangeSet(t.db, set.header.setId)).header.version);
    assert.equal(await get(keys.unitMember(t.tenantId, t.units.platform.id, p1.userId)), undefined);

    const revert = await revertChangeSet(t.db, await t.actor(t.owner), set.header.setId);
    await approve(t, revert.header.setId);
    await applyChangeSet(t.db, t.owner, revert.header.setId, (await readChangeSet(t.db, revert.header.setId)).header.version);
    assert.deepEqual(await storedRoles(t.tenantId, t.units.platform.id, p1.userId), ['budget-approver']);
    assert.deepEqual(await storedRoles(t.tenantId, t.units.tools.id, t1.userId), ['budget-approver']);
  });
});
