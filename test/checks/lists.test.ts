// Listing where a subject holds a permission and who holds one on a unit, against DynamoDB Local:
// built-in and custom roles (subtree, unit, below), owners, the fewest regions, paging, what a
// manager caller may see, the requests a page costs, and nothing of another organization.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ulid } from 'ulid';
import { can, type ActorAccess } from '../../lib/authz';
import { check, subjectsWithPermission, unitsWithPermission, type MayAsk } from '../../lib/checks';
import { askerOf, type Asker } from '../../lib/checks/may-ask';
import { keys, putItem, withoutGuards } from '../../lib/db';
import { addMembership, loadActorAccess } from '../../lib/members';
import { reorgTenant, type ReorgTenant } from '../change-sets/fixtures';
import { person } from '../members/fixtures';
import { defineRoles, type RoleSeed } from '../support/role-catalogue';
import { countedDb } from '../support/counted-db';

const anyone: MayAsk = () => true;
const everyone: Asker = { mayAsk: anyone, mayAskOver: () => true, tops: [] };

async function asker(t: ReorgTenant, userId: string): Promise<{ access: ActorAccess; mayAsk: MayAsk }> {
  const access = await loadActorAccess(t.db, userId);
  return { access, mayAsk: (unit, about) => can(access, 'access.explain', { unit, userId: about }) };
}

const CUSTOM_ROLES: RoleSeed[] = [
  { key: 'approver', permissions: ['expenses.approve'], reach: 'unit' },
  { key: 'approver-below', permissions: ['expenses.approve'], reach: 'below' },
  { key: 'controller', permissions: ['expenses.approve'], reach: 'subtree' },
];

/** The tenant with custom roles: p2 approves expenses at Platform only and below it (so: its subtree). */
async function withCustomRoles() {
  const t = await reorgTenant('Lists');
  await defineRoles(t.db, CUSTOM_ROLES);
  const u = t.units;
  const approver = person('Ava Approver');
  await addMembership(t.db, t.owner, { unitId: u.platform.id, role: 'member', roles: ['approver', 'approver-below'], ...approver });
  const controller = person('Carl Controller');
  await addMembership(t.db, t.owner, { unitId: u.engineering.id, role: 'member', roles: ['controller'], ...controller });
  await addMembership(t.db, t.owner, { unitId: u.platform.id, role: 'member', roles: ['approver'], ...controller });
  return { t, approver, controller };
}

const regions = (page: { items: { unitId: string; scope: string }[] }) => page.items.map((i) => `${i.unitId}:${i.scope}`);


describe('unitsWithPermission', () => {
  test('built-in roles: a manager reaches their subtree, or below it for unit powers; a membership inside a wider one is not listed', async () => {
    const t = await reorgTenant('Units');
    const { em } = t.people;
    const u = t.units;
    const create = await unitsWithPermission(t.db, { subject: { userId: em.userId }, permission: 'unit.create', asker: everyone });
    assert.deepEqual(create.items.map((i) => [i.unitName, i.scope, i.unitPath]), [['Engineering', 'subtree', u.engineering.path]]);
    assert.match(create.consistencyToken, /^v1\./);
    const rename = await unitsWithPermission(t.db, { subject: { email: em.email }, permission: 'unit.rename', asker: everyone });
    assert.deepEqual(regions(rename), [`${u.engineering.id}:below`]);
    // em is a member of the top unit too: seeing covers Engineering, which is not listed again.
    const read = await unitsWithPermission(t.db, { subject: { userId: em.userId }, permission: 'tree.read', asker: everyone });
    assert.deepEqual(regions(read), [`${u.root.id}:subtree`]);
  });

  test('owners and admins: the top unit and everything below, for any permission of the organization', async () => {
    const { t } = await withCustomRoles();
    const page = await unitsWithPermission(t.db, { subject: { userId: t.ownerUserId }, permission: 'expenses.approve', asker: everyone });
    assert.deepEqual(regions(page), [`${t.units.root.id}:subtree`]);
    const none = await unitsWithPermission(t.db, { subject: { userId: t.people.p1.userId }, permission: 'expenses.approve', asker: everyone });
    assert.deepEqual(none.items, []);
  });

  test('custom roles: a unit and a below role on one unit make its subtree; one inside another subtree is dropped', async () => {
    const { t, approver, controller } = await withCustomRoles();
    const u = t.units;
    const merged = await unitsWithPermission(t.db, { subject: { userId: approver.userId }, permission: 'expenses.approve', asker: everyone });
    assert.deepEqual(regions(merged), [`${u.platform.id}:subtree`]);
    const covered = await unitsWithPermission(t.db, { subject: { userId: controller.userId }, permission: 'expenses.approve', asker: everyone });
    assert.deepEqual(regions(covered), [`${u.engineering.id}:subtree`], 'Platform lies inside Engineering');
  });

  test('pages in tree order with a signed cursor bound to the listing', async () => {
    const t = await reorgTenant('UnitPages');
    const u = t.units;
    const who = person('Many Hats');
    for (const unitId of [u.field.id, u.infra.id, u.platform.id]) await addMembership(t.db, t.owner, { unitId, role: 'manager', ...who });
    const all = [u.field, u.infra, u.platform].sort((a, b) => (a.path < b.path ? -1 : 1)).map((x) => `${x.id}:subtree`);
    const first = await unitsWithPermission(t.db, { subject: { userId: who.userId }, permission: 'unit.create', limit: 2, asker: everyone });
    assert.equal(first.items.length, 2);
    assert.ok(first.nextCursor);
    const second = await unitsWithPermission(t.db, { subject: { userId: who.userId }, permission: 'unit.create', limit: 2, cursor: first.nextCursor, asker: everyone });
    assert.equal(second.nextCursor, undefined);
    assert.deepEqual([...regions(first), ...regions(second)], all);
    await assert.rejects(
      unitsWithPermission(t.db, { subject: { userId: who.userId }, permission: 'tree.read', cursor: first.nextCursor, asker: everyone }),
      { code: 'page.badCursor' },
      'a cursor of another listing is refused',
    );
    await assert.rejects(unitsWithPermission(t.db, { subject: { userId: who.userId }, permission: 'unit.create', limit: 201, asker: everyone }), { code: 'page.badSize' });
  });

  test('a manager caller sees only their part: an admin reaches everything, answered as the manager’s own subtree', async () => {
    const t = await reorgTenant('UnitsAsk');
    const { access } = await asker(t, t.people.sm.userId);
    const page = await unitsWithPermission(t.db, { subject: { userId: t.people.admin.userId }, permission: 'unit.create', asker: askerOf(access) });
    assert.deepEqual(regions(page), [`${t.units.sales.id}:subtree`]);
    const elsewhere = await unitsWithPermission(t.db, { subject: { userId: t.people.pm.userId }, permission: 'unit.create', asker: askerOf(access) });
    assert.deepEqual(elsewhere.items, [], 'Platform is not Sales');
  });

  test('a caller who may ask at a unit only, not below it, is told of that unit only, never of the region under it', async () => {
    const { t, controller } = await withCustomRoles();
    await defineRoles(t.db, [...CUSTOM_ROLES, { key: 'auditor-here', permissions: ['access.explain'], reach: 'unit' }], 2);
    const auditor = person('Uma Unit-auditor');
    await addMembership(t.db, t.owner, { unitId: t.units.engineering.id, role: 'member', roles: ['auditor-here'], ...auditor });
    const { access } = await asker(t, auditor.userId);
    const page = await unitsWithPermission(t.db, { subject: { userId: controller.userId }, permission: 'expenses.approve', asker: askerOf(access) });
    assert.deepEqual(regions(page), [`${t.units.engineering.id}:unit`], 'the controller approves across Engineering; the auditor may ask at Engineering itself only');
  });

  test('an unknown permission, someone of another organization and a foreign token are refused, not answered', async () => {
    const t = await reorgTenant('UnitsBad');
    const other = await reorgTenant('UnitsOther');
    await assert.rejects(unitsWithPermission(t.db, { subject: { userId: t.ownerUserId }, permission: 'expenses.approve', asker: everyone }), { code: 'check.unknownPermission' });
    await assert.rejects(unitsWithPermission(t.db, { subject: { userId: other.ownerUserId }, permission: 'unit.create', asker: everyone }), { code: 'check.subjectNotFound' });
    await assert.rejects(unitsWithPermission(t.db, { subject: { email: other.ownerEmail }, permission: 'unit.create', asker: everyone }), { code: 'check.subjectNotFound' });
    await assert.rejects(
      unitsWithPermission(t.db, { subject: { userId: t.ownerUserId }, permission: 'unit.create', consistency: { mode: 'atLeastAsFresh', token: 'zookie' }, asker: everyone }),
      { code: 'check.badToken' },
    );
  });
});

describe('subjectsWithPermission', () => {
  test('who holds it at a unit: owners and admins on the top unit, managers above, each once with the nearest grant', async () => {
    const { t, approver, controller } = await withCustomRoles();
    const u = t.units;
    const create = await subjectsWithPermission(t.db, { permission: 'unit.create', unitId: u.platform.id, mayAsk: anyone });
    const byUser = new Map(create.items.map((i) => [i.userId, i]));
    assert.deepEqual([...byUser.keys()].sort(), [t.ownerUserId, t.people.admin.userId, t.people.em.userId, t.people.pm.userId].sort());
    assert.equal(create.items.map((i) => i.userId).join(), [...byUser.keys()].sort().join(), 'in user id order');
    assert.deepEqual(byUser.get(t.people.pm.userId)?.grantedBy, { unitId: u.platform.id, unitName: 'Platform', unitPath: u.platform.path, role: 'manager', reach: 'subtree' });
    assert.equal(byUser.get(t.people.em.userId)?.grantedBy.unitName, 'Engineering');
    assert.equal(byUser.get(t.people.em.userId)?.name, 'Eng Manager');
    assert.equal(byUser.get(t.people.admin.userId)?.grantedBy.role, 'admin');
    // A manager's unit powers reach below their unit, not the unit itself.
    const rename = await subjectsWithPermission(t.db, { permission: 'unit.rename', unitId: u.platform.id, mayAsk: anyone });
    assert.equal(rename.items.some((i) => i.userId === t.people.pm.userId), false);
    assert.equal(rename.items.some((i) => i.userId === t.people.em.userId), true);
    // Custom roles: a unit-reach role at Platform counts there; the nearest grant is named.
    const approve = await subjectsWithPermission(t.db, { permission: 'expenses.approve', unitId: u.platform.id, mayAsk: anyone });
    const holders = new Map(approve.items.map((i) => [i.userId, i.grantedBy]));
    assert.deepEqual(holders.get(approver.userId)?.customRole, { key: 'approver', name: 'approver' });
    assert.equal(holders.get(approver.userId)?.reach, 'unit');
    assert.equal(holders.get(controller.userId)?.unitId, u.platform.id, 'nearest first: Platform before Engineering');
    assert.equal(holders.has(t.people.pm.userId), false, 'a built-in manager holds none of the organization’s own permissions');
    // Below Platform? Nothing there; at Engineering the unit-reach roles on Platform do not count.
    const atEngineering = await subjectsWithPermission(t.db, { permission: 'expenses.approve', unitId: u.engineering.id, mayAsk: anyone });
    assert.deepEqual(atEngineering.items.map((i) => i.userId).sort(), [t.ownerUserId, t.people.admin.userId, controller.userId].sort());
  });

  test('pages with a signed cursor: every holder once across the pages', async () => {
    const t = await reorgTenant('SubjectPages');
    const u = t.units;
    for (let i = 0; i < 5; i++) await addMembership(t.db, t.owner, { unitId: u.engineering.id, role: 'manager', ...person(`Extra ${i}`) });
    // Plain members of the top unit hold nothing here: read past, never listed, never a repeat.
    for (let i = 0; i < 12; i++) await addMembership(t.db, t.owner, { unitId: u.root.id, role: 'member', ...person(`Plain ${i}`) });
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await subjectsWithPermission(t.db, { permission: 'unit.create', unitId: u.infra.id, limit: 2, cursor, mayAsk: anyone });
      assert.ok(page.items.length <= 2);
      seen.push(...page.items.map((i) => i.userId));
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 20);
    assert.equal(cursor, undefined);
    assert.equal(new Set(seen).size, seen.length, 'nobody twice');
    assert.equal(seen.length, 8, 'owner, admin, em and five more managers of Engineering');
    assert.deepEqual(seen, [...seen].sort(), 'in user id order across pages');
    await assert.rejects(
      subjectsWithPermission(t.db, { permission: 'unit.create', unitId: u.platform.id, cursor: 'abc.def', mayAsk: anyone }),
      { code: 'page.badCursor' },
    );
  });

  test('someone the directory deactivated holds nothing: not listed, as a check answers', async () => {
    const t = await reorgTenant('SubjectsInactive');
    const u = t.units;
    const before = await subjectsWithPermission(t.db, { permission: 'unit.create', unitId: u.platform.id, mayAsk: anyone });
    assert.equal(before.items.some((i) => i.userId === t.people.pm.userId), true);
    // The directory record as SCIM leaves it on deactivation (lib/scim): the memberships stay, waiting.
    await putItem(withoutGuards(t.db), { Item: { ...keys.directoryUser(t.tenantId, t.people.pm.userId), type: 'directoryUser', tenantId: t.tenantId, userId: t.people.pm.userId, active: false } });
    const after = await subjectsWithPermission(t.db, { permission: 'unit.create', unitId: u.platform.id, mayAsk: anyone });
    assert.equal(after.items.some((i) => i.userId === t.people.pm.userId), false);
    assert.equal(after.items.length, before.items.length - 1, 'everyone else still listed');
    const checked = await check(t.db, { subject: { userId: t.people.pm.userId }, permission: 'unit.create', unitId: u.platform.id }, { mayAsk: anyone });
    assert.equal(checked.allowed, false);
  });

  test('a page costs one read of the unit and catalogue, one Query per unit of its path, one read of their names and one of the people’s directory records', async () => {
    const t = await reorgTenant('SubjectCost');
    const { db, sent } = countedDb(t.db);
    await subjectsWithPermission(db, { permission: 'unit.create', unitId: t.units.platform.id, mayAsk: anyone });
    assert.deepEqual(sent.sort(), ['BatchGetCommand', 'BatchGetCommand', 'BatchGetCommand', 'QueryCommand', 'QueryCommand', 'QueryCommand']);
  });

  test('a caller who may not ask there is refused; a unit of another organization is not found', async () => {
    const t = await reorgTenant('SubjectsAsk');
    const other = await reorgTenant('SubjectsOther');
    const { mayAsk } = await asker(t, t.people.sm.userId);
    await assert.rejects(subjectsWithPermission(t.db, { permission: 'unit.create', unitId: t.units.platform.id, mayAsk }), { code: 'authz.access.explain' });
    const ok = await subjectsWithPermission(t.db, { permission: 'unit.create', unitId: t.units.field.id, mayAsk });
    assert.ok(ok.items.some((i) => i.userId === t.people.sm.userId));
    await assert.rejects(subjectsWithPermission(t.db, { permission: 'unit.create', unitId: other.units.platform.id, mayAsk: anyone }), { code: 'check.unitNotFound' });
    await assert.rejects(subjectsWithPermission(t.db, { permission: 'unit.create', unitId: ulid(), mayAsk: anyone }), { code: 'check.unitNotFound' });
    await assert.rejects(subjectsWithPermission(t.db, { permission: 'expenses.approve', unitId: t.units.platform.id, mayAsk: anyone }), { code: 'check.unknownPermission' });
  });
});
