// Settings → Roles and custom roles on the member screens (lib/screens) against DynamoDB Local:
// what each actor sees and is offered, and what the catalogue costs a screen.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { authorize, type RoleCatalogue } from '../../lib/authz';
import { putItem, type TenantDb } from '../../lib/db';
import { addMembership, loadActorAccess } from '../../lib/members';
import { rememberRoleCatalogue, roleCatalogueItem } from '../../lib/roles';
import { loadRoleScreen, loadRolesScreen } from '../../lib/screens/roles';
import type { ScreenContext } from '../../lib/screens/screen-context';
import { loadUnitMembers, unitMembersPage } from '../../lib/screens/unit-members';
import { suggestKey } from '../../components/roles/suggest-key';
import { person, tenantWithTree } from '../members/fixtures';
import { countedDb } from '../support/counted-db';

async function screenContext(db: TenantDb, userId: string) {
  const access = await loadActorAccess(db, userId);
  const { db: counted, sent } = countedDb(db);
  const ctx = { actor: { ...access, db: counted }, db: counted, authorize: (action: never, place: never) => authorize(access, action, place) } as unknown as ScreenContext;
  return { ctx, sent };
}

const at = '2026-11-28T00:00:00.000Z';
const catalogue = (): RoleCatalogue => ({
  version: 3,
  roles: {
    'wiki-editor': { key: 'wiki-editor', name: 'Wiki editor', description: '', permissions: ['wiki.publish'], reach: 'unit', version: 1, createdAt: at, updatedAt: at },
    'budget-approver': { key: 'budget-approver', name: 'Budget approver', description: 'Approves budgets', permissions: ['expenses.approve', 'tree.read'], reach: 'subtree', version: 2, createdAt: at, updatedAt: at },
  },
  permissions: {
    'wiki.publish': { key: 'wiki.publish', description: 'Publish wiki pages', createdAt: at },
    'expenses.approve': { key: 'expenses.approve', description: 'Approve expense reports', createdAt: at },
  },
});

/** The catalogue item as stored (the writes are lib/roles'; this suite reads what they leave). */
async function storeCatalogue(db: TenantDb, value: RoleCatalogue) {
  await putItem(db, { Item: roleCatalogueItem(db.tenantId, value) });
  rememberRoleCatalogue(db.tenantId, value);
}

describe('roles screens', () => {
  test('the roles list: built-in roles read-only, own roles by name, Arbor permissions by area; the edit controls for owners only', async () => {
    const t = await tenantWithTree('Roles');
    await storeCatalogue(t.db, catalogue());
    const ada = person('Ada');
    await addMembership(t.db, t.owner, { unitId: t.sales.id, role: 'member', ...ada });

    const owner = await screenContext(t.db, t.ownerUserId);
    const view = await loadRolesScreen(owner.ctx);
    assert.deepEqual(owner.sent, [], 'the catalogue this process holds: no request');
    assert.deepEqual(view.builtIn.map((r) => r.name), ['Owner', 'Admin', 'Manager', 'Member']);
    assert.deepEqual(view.roles.map((r) => r.key), ['budget-approver', 'wiki-editor']);
    assert.deepEqual(view.permissions.map((p) => p.key), ['expenses.approve', 'wiki.publish']);
    assert.deepEqual(view.arborGroups.map((g) => g.area), ['Tree', 'People', 'History', 'Access']);
    assert.equal(view.arborGroups[0].permissions[0].key, 'tree.read');
    assert.equal(view.version, 3);
    assert.equal(view.canManage, true);

    const member = await screenContext(t.db, ada.userId);
    const seen = await loadRolesScreen(member.ctx);
    assert.equal(seen.canManage, false, 'everyone may read the list; only those who manage roles edit it');
    assert.equal(seen.canSeeHolders, false, 'who holds a role where is for those who see everyone');
    assert.equal(view.canSeeHolders, true);
    assert.equal(seen.roles.length, 2);
    assert.equal((await loadRoleScreen(member.ctx, 'budget-approver'))?.role.name, 'Budget approver');
    assert.equal(await loadRoleScreen(member.ctx, 'nobody'), null);
  });

  test('a tenant that never defined a role: the empty catalogue, read once and then kept', async () => {
    const t = await tenantWithTree('Roles none');
    const owner = await screenContext(t.db, t.ownerUserId);
    const view = await loadRolesScreen(owner.ctx);
    assert.deepEqual(owner.sent, ['GetCommand'], 'T19: one GetItem');
    assert.deepEqual([view.roles, view.permissions, view.version], [[], [], 0]);
    await loadRolesScreen(owner.ctx);
    assert.deepEqual(owner.sent, ['GetCommand'], 'kept for the next request');
  });

  test('member rows: the catalogue is read (once, then kept) only where roles can be given or are held', async () => {
    const t = await tenantWithTree('Roles cost');
    const ada = person('Ada');
    await addMembership(t.db, t.owner, { unitId: t.sales.id, role: 'member', ...ada });
    const sales = { ...t.sales, name: 'Sales' };

    const member = await screenContext(t.db, ada.userId);
    const seen = await unitMembersPage(member.ctx, sales);
    assert.deepEqual(member.sent, ['QueryCommand'], 'a member gives no role and sees none held: T6 only');
    assert.deepEqual(seen.rows[0].customRoles, []);
    assert.deepEqual(seen.rows[0].assignableRoles, []);

    const owner = await screenContext(t.db, t.ownerUserId);
    await unitMembersPage(owner.ctx, sales);
    assert.deepEqual(owner.sent, ['QueryCommand', 'GetCommand'], 'T6 + the catalogue (T19), cold');
    owner.sent.splice(0);
    await unitMembersPage(owner.ctx, sales);
    assert.deepEqual(owner.sent, ['QueryCommand'], 'warm: T6 only');
  });

  test('member rows offer the roles the actor may give there, by name', async () => {
    const t = await tenantWithTree('Roles offer');
    await storeCatalogue(t.db, catalogue());
    const ada = person('Ada');
    await addMembership(t.db, t.owner, { unitId: t.sales.id, role: 'member', ...ada });
    const owner = await screenContext(t.db, t.ownerUserId);
    const [row] = (await unitMembersPage(owner.ctx, { ...t.sales, name: 'Sales' })).rows;
    assert.deepEqual(row.assignableRoles, [{ key: 'budget-approver', name: 'Budget approver' }, { key: 'wiki-editor', name: 'Wiki editor' }]);
    assert.deepEqual(row.customRoles, []);
    const member = await screenContext(t.db, ada.userId);
    const [seen] = (await unitMembersPage(member.ctx, { ...t.sales, name: 'Sales' })).rows;
    assert.deepEqual(seen.assignableRoles, [], 'a member gives nobody a role');
    const offered = await loadUnitMembers(member.ctx, { ...t.sales, name: 'Sales' });
    assert.equal(offered.permissions.addCustomRoles, undefined);
  });

  test('the unit page: the roles a new member may be given, with one catalogue read for the whole screen', async () => {
    const t = await tenantWithTree('Roles add');
    await putItem(t.db, { Item: roleCatalogueItem(t.db.tenantId, catalogue()) });
    await addMembership(t.db, t.owner, { unitId: t.sales.id, role: 'member', ...person('Ada') });
    const owner = await screenContext(t.db, t.ownerUserId);
    const view = await loadUnitMembers(owner.ctx, { ...t.sales, name: 'Sales' });
    assert.deepEqual(owner.sent.sort(), ['GetCommand', 'QueryCommand', 'QueryCommand'], 'T6, pending invitations, and the catalogue once (cold)');
    assert.deepEqual(view.permissions.addCustomRoles?.map((r) => r.name), ['Budget approver', 'Wiki editor']);
    assert.equal(view.initial.rows[0].assignableRoles.length, 2);
  });

  test('a role key is suggested from its name', () => {
    assert.equal(suggestKey('Budget approver'), 'budget-approver');
    assert.equal(suggestKey('  Café  Größe #1 '), 'cafe-gro-e-1');
    assert.equal(suggestKey('2nd-line support'), 'nd-line-support');
    assert.equal(suggestKey('x'.repeat(80)).length, 64);
  });
});
