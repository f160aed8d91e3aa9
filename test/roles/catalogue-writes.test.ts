// Defining, changing and deleting roles and permissions (lib/roles) against the local stack: each
// change is one conditioned write of the catalogue with its audit entry; bad input and limits are
// refused with their own codes and change nothing; racing editors never lose an update.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ROLE_LIMITS, type RoleCatalogue } from '../../lib/authz';
import { listAudit } from '../../lib/audit';
import { ArborError } from '../../lib/errors';
import {
  createPermission, createRole, deletePermission, deleteRole, previewRoleChange, PREVIEW_HOLDERS, readRoleCatalogue, roleCatalogueItem, updatePermission, updateRole,
  type HolderRef, type RoleHolderAccess,
} from '../../lib/roles';
import { newTenant } from '../support/fixtures';
import { directClient, tableName } from '../support/stack';
import { tenantDbFor } from '../support/tenant-db';

async function world() {
  const t = await newTenant('Roles');
  const db = tenantDbFor(t.tenantId);
  const actor = { userId: t.ownerUserId, email: t.ownerEmail, name: 'Owner' };
  return { t, db, actor };
}

const refusedWith = (code: string) => (e: unknown) => e instanceof ArborError && e.code === code;
const approver = { key: 'budget-approver', name: 'Budget approver', description: 'Approves budgets', permissions: ['tree.read'], reach: 'subtree' };

/** lib/members' holder reads are another part's (tested there); here a role's holders are given. */
const holding = (items: HolderRef[] = []): RoleHolderAccess & { replaced: (string | null)[] } => {
  const replaced: (string | null)[] = [];
  return {
    replaced,
    listRoleHolders: async () => ({ items }),
    replaceRoleOnHolders: async (_db, _actor, _key, replaceWith) => {
      replaced.push(replaceWith);
      return items.length;
    },
  };
};

describe('roles', () => {
  test('a role is defined with its permissions and reach, audited, and read back as stored', async () => {
    const { db, actor } = await world();
    await createPermission(db, actor, { key: 'expenses.approve', description: 'Approve expense reports' });
    const role = await createRole(db, actor, { ...approver, permissions: ['expenses.approve', 'tree.read'] });
    assert.equal(role.version, 1);
    assert.deepEqual(role.permissions, ['expenses.approve', 'tree.read']);
    const stored = await readRoleCatalogue(db, { fresh: true });
    assert.equal(stored.version, 2);
    assert.deepEqual(stored.roles['budget-approver'], role);
    assert.equal(stored.permissions['expenses.approve'].description, 'Approve expense reports');
    const entries = (await listAudit(db, { action: 'role.create' })).items;
    assert.equal(entries.length, 1);
    assert.deepEqual(entries[0].target, { type: 'role', id: 'budget-approver', label: 'Budget approver' });
    assert.deepEqual(entries[0].after, { name: 'Budget approver', permissions: ['expenses.approve', 'tree.read'], reach: 'subtree' });
  });

  test('bad definitions are refused with their own codes, and nothing is written', async () => {
    const { db, actor } = await world();
    const cases: [Record<string, unknown>, string][] = [
      [{ key: 'Budget Approver' }, 'roles.badKey'],
      [{ key: 'b' }, 'roles.badKey'],
      [{ key: `a${'b'.repeat(64)}` }, 'roles.badKey'],
      [{ key: 'owner' }, 'roles.reservedKey'],
      [{ key: 'manager' }, 'roles.reservedKey'],
      [{ name: '' }, 'roles.badName'],
      [{ name: 'x'.repeat(ROLE_LIMITS.nameLength + 1) }, 'roles.badName'],
      [{ description: 'x'.repeat(ROLE_LIMITS.descriptionLength + 1) }, 'roles.badDescription'],
      [{ reach: 'everywhere' }, 'roles.badReach'],
      [{ permissions: 'tree.read' }, 'roles.badPermissions'],
      [{ permissions: ['expenses.approve'] }, 'roles.unknownPermission'],
      [{ permissions: ['tree.read', 'tree.read'] }, 'roles.duplicatePermission'],
      [{ permissions: ['constructor'] }, 'roles.unknownPermission'],
    ];
    for (const [change, code] of cases) {
      await assert.rejects(createRole(db, actor, { ...approver, ...change }), refusedWith(code), `${JSON.stringify(change)} → ${code}`);
    }
    await assert.rejects(createPermission(db, actor, { key: 'tree.read' }), refusedWith('roles.reservedKey'));
    await assert.rejects(createPermission(db, actor, { key: 'Expenses' }), refusedWith('roles.badKey'));
    assert.equal((await readRoleCatalogue(db, { fresh: true })).version, 0);
    assert.equal((await listAudit(db, { action: 'role.create' })).items.length, 0);
  });

  test('a key is taken once; the limits are named and refused past', async () => {
    const { db, actor, t } = await world();
    await createRole(db, actor, approver);
    await assert.rejects(createRole(db, actor, approver), refusedWith('roles.keyTaken'));
    await createPermission(db, actor, { key: 'wiki.publish' });
    await assert.rejects(createPermission(db, actor, { key: 'wiki.publish' }), refusedWith('roles.keyTaken'));
    const many = Array.from({ length: ROLE_LIMITS.permissionsPerRole + 1 }, (_, i) => `p${i}.x`);
    await assert.rejects(createRole(db, actor, { ...approver, key: 'wide', permissions: many }), (e) => refusedWith('roles.limit')(e) && (e as ArborError).details?.limit === 'permissionsPerRole');

    // A catalogue at the limits, stored as the writes would have left it.
    const now = new Date().toISOString();
    const full: RoleCatalogue = {
      version: 7,
      roles: Object.fromEntries(Array.from({ length: ROLE_LIMITS.rolesPerTenant }, (_, i) => [`r${i}`, { ...approver, key: `r${i}`, version: 1, createdAt: now, updatedAt: now }])),
      permissions: Object.fromEntries(Array.from({ length: ROLE_LIMITS.permissionsPerTenant }, (_, i) => [`p${i}.x`, { key: `p${i}.x`, description: '', createdAt: now }])),
    } as RoleCatalogue;
    await directClient().send(new PutCommand({ TableName: tableName(), Item: roleCatalogueItem(t.tenantId, full) }));
    await assert.rejects(createRole(db, actor, { ...approver, key: 'one-more' }), (e) => refusedWith('roles.limit')(e) && (e as ArborError).details?.limit === 'rolesPerTenant');
    await assert.rejects(createPermission(db, actor, { key: 'one.more' }), (e) => refusedWith('roles.limit')(e) && (e as ArborError).details?.limit === 'permissionsPerTenant');
    assert.equal((await readRoleCatalogue(db, { fresh: true })).version, 7);
  });

  test('the catalogue as a whole is bounded by its stored size, before DynamoDB would refuse the item', async () => {
    const { db, actor, t } = await world();
    // Within every count limit, but long descriptions in a multi-byte script (500 characters, 3 bytes each).
    const now = new Date().toISOString();
    const long = '語'.repeat(ROLE_LIMITS.descriptionLength);
    const permissions = Array.from({ length: 190 }, (_, i) => `p${i}.x`);
    const heavy: RoleCatalogue = {
      version: 4,
      roles: Object.fromEntries(Array.from({ length: 24 }, (_, i) => [`r${i}`, { ...approver, key: `r${i}`, description: long, permissions: permissions.slice(0, 40), reach: 'subtree', version: 1, createdAt: now, updatedAt: now }])),
      permissions: Object.fromEntries(permissions.map((key) => [key, { key, description: long, createdAt: now }])),
    };
    await directClient().send(new PutCommand({ TableName: tableName(), Item: roleCatalogueItem(t.tenantId, heavy) }));
    await createPermission(db, actor, { key: 'short.one', description: 'fits' });
    await assert.rejects(
      createRole(db, actor, { ...approver, key: 'one-more', description: long, permissions: permissions.slice(0, 40) }),
      (e) => refusedWith('roles.limit')(e) && (e as ArborError).details?.limit === 'catalogueBytes',
    );
    assert.equal((await readRoleCatalogue(db, { fresh: true })).version, 5, 'the refused change wrote nothing');
  });

  test('a change states the version it was made on; a stale one is refused and the newer stays', async () => {
    const { db, actor } = await world();
    await createRole(db, actor, approver);
    const changed = await updateRole(db, actor, 'budget-approver', { permissions: ['tree.read', 'audit.read'], reach: 'below', expectedVersion: 1 });
    assert.equal(changed.version, 2);
    assert.equal(changed.reach, 'below');
    assert.equal(changed.name, 'Budget approver');
    await assert.rejects(updateRole(db, actor, 'budget-approver', { name: 'Approver', expectedVersion: 1 }), refusedWith('roles.versionConflict'));
    await assert.rejects(updateRole(db, actor, 'nobody', { name: 'Approver', expectedVersion: 1 }), refusedWith('roles.notFound'));
    await assert.rejects(updateRole(db, actor, 'constructor', { name: 'Approver', expectedVersion: 1 }), refusedWith('roles.notFound'));
    const stored = await readRoleCatalogue(db, { fresh: true });
    assert.deepEqual(stored.roles['budget-approver'], changed);
    const [entry] = (await listAudit(db, { action: 'role.update' })).items;
    assert.deepEqual(entry.before, { name: 'Budget approver', permissions: ['tree.read'], reach: 'subtree' });
    assert.deepEqual(entry.after, { name: 'Budget approver', permissions: ['tree.read', 'audit.read'], reach: 'below' });
  });

  test('racing editors: different roles both land; the same role version wins once', async () => {
    const { db, actor } = await world();
    await Promise.all(['a1', 'a2', 'a3'].map((key) => createRole(db, actor, { ...approver, key })));
    assert.deepEqual(Object.keys((await readRoleCatalogue(db, { fresh: true })).roles).sort(), ['a1', 'a2', 'a3']);
    const outcomes = await Promise.allSettled(['One', 'Two'].map((name) => updateRole(db, actor, 'a1', { name, expectedVersion: 1 })));
    assert.equal(outcomes.filter((o) => o.status === 'fulfilled').length, 1);
    assert.ok(refusedWith('roles.versionConflict')((outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult).reason));
    assert.equal((await readRoleCatalogue(db, { fresh: true })).roles.a1.version, 2);
  });

  test('a role no one holds is deleted; one held needs what its holders get instead', async () => {
    const { db, actor, t } = await world();
    await createRole(db, actor, approver);
    await createRole(db, actor, { ...approver, key: 'auditor', permissions: ['audit.read'] });
    const holder = { userId: t.ownerUserId, unitId: t.rootUnitId, name: 'Owner', email: t.ownerEmail };
    const held = holding([holder]);
    await assert.rejects(deleteRole(db, actor, 'budget-approver', { expectedVersion: 1 }, held), refusedWith('roles.inUse'));
    await assert.rejects(deleteRole(db, actor, 'budget-approver', { expectedVersion: 1, replaceWith: 'budget-approver' }, held), refusedWith('roles.badReplacement'));
    await assert.rejects(deleteRole(db, actor, 'budget-approver', { expectedVersion: 1, replaceWith: 'nobody' }, held), refusedWith('roles.unknownRole'));
    await assert.rejects(deleteRole(db, actor, 'budget-approver', { expectedVersion: 2, replaceWith: 'auditor' }, held), refusedWith('roles.versionConflict'));
    assert.deepEqual(held.replaced, [], 'no holder changed for a refused deletion');
    await deleteRole(db, actor, 'budget-approver', { expectedVersion: 1, replaceWith: 'auditor' }, held);
    assert.deepEqual(held.replaced, ['auditor']);
    await deleteRole(db, actor, 'auditor', { expectedVersion: 1 }, holding());
    assert.deepEqual((await readRoleCatalogue(db, { fresh: true })).roles, {});
    await assert.rejects(deleteRole(db, actor, 'auditor', { expectedVersion: 1 }, holding()), refusedWith('roles.notFound'));
    const [entry] = (await listAudit(db, { action: 'role.delete' })).items.slice(-1);
    assert.deepEqual(entry.after, { replaceWith: 'auditor', holders: 1 });
  });
});

describe('permissions', () => {
  test("a permission's description changes; it is deleted only once no role holds it", async () => {
    const { db, actor } = await world();
    const made = await createPermission(db, actor, { key: 'payroll.view' });
    assert.equal(made.description, '');
    assert.equal((await updatePermission(db, actor, 'payroll.view', { description: 'See payroll' })).description, 'See payroll');
    await createRole(db, actor, { ...approver, permissions: ['payroll.view'] });
    await assert.rejects(deletePermission(db, actor, 'payroll.view'), (e) => refusedWith('roles.permissionInUse')(e) && (e as ArborError).message.includes('budget-approver'));
    await updateRole(db, actor, 'budget-approver', { permissions: ['tree.read'], expectedVersion: 1 });
    await deletePermission(db, actor, 'payroll.view');
    await assert.rejects(deletePermission(db, actor, 'payroll.view'), refusedWith('roles.permissionNotFound'));
    await assert.rejects(updatePermission(db, actor, 'payroll.view', { description: 'x' }), refusedWith('roles.permissionNotFound'));
    assert.deepEqual((await readRoleCatalogue(db, { fresh: true })).permissions, {});
    const actions = (await listAudit(db, {})).items.map((e) => e.action).filter((a) => a.startsWith('permission.'));
    assert.deepEqual(actions.sort(), ['permission.create', 'permission.delete', 'permission.update']);
  });
});

describe('preview', () => {
  test('reads holders up to its bound, then says it stopped; unit names come from the tree', async () => {
    const { db, actor, t } = await world();
    await createRole(db, actor, approver);
    let pages = 0;
    const many: Pick<RoleHolderAccess, 'listRoleHolders'> = {
      // An endless supply of holders on the top unit, in pages as asked for.
      listRoleHolders: async (_db, _key, { limit = 50 }) => {
        pages += 1;
        const items = Array.from({ length: limit }, (_, i) => ({ userId: `u${pages}-${i}`, unitId: t.rootUnitId, name: 'P', email: 'p@x.test', role: 'member' as const, roles: ['budget-approver'] }));
        return { items, nextCursor: 'more' };
      },
    };
    const preview = await previewRoleChange(db, 'budget-approver', { reach: 'unit' }, many);
    assert.equal(preview.holders, PREVIEW_HOLDERS);
    assert.equal(preview.truncated, true);
    assert.ok(pages <= PREVIEW_HOLDERS / 100 + 1, `${pages} pages`);
    assert.equal(preview.changes.length, PREVIEW_HOLDERS);
    assert.deepEqual(new Set(preview.changes.map((c) => c.unitName)).size, 1);
    assert.notEqual(preview.changes[0].unitName, 'a deleted unit');
    assert.deepEqual(preview.changes[0].loses, ['tree.read']);
    await assert.rejects(previewRoleChange(db, 'nobody', {}, many), refusedWith('roles.notFound'));
    await assert.rejects(previewRoleChange(db, 'budget-approver', { permissions: ['nope.nope'] }, many), refusedWith('roles.unknownPermission'));
  });
});
