// The roles and permissions routes with API keys, across tenants: another organization's role and
// permission keys are simply not found (404) and nothing of theirs changes; any member reads the
// catalogue, only roles.manage changes it; a create retried with its Idempotency-Key is made once.
import assert from 'node:assert/strict';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { createApiKey } from '../../lib/api-keys';
import { createUnit } from '../../lib/org';
import { createPermission, createRole, readRoleCatalogue } from '../../lib/roles';
import { newTenant } from '../support/fixtures';
import { tenantDbFor } from '../support/tenant-db';
import { testPlatformDb } from '../support/tenancy';

const ROOT = resolve(import.meta.dirname, '../..');

async function world() {
  const t = await newTenant('RoleRoutes');
  const db = tenantDbFor(t.tenantId);
  const owner = { userId: t.ownerUserId, email: t.ownerEmail, name: 'Owner' };
  const scope = { tenant: db, platform: testPlatformDb() };
  const root = { id: t.rootUnitId, path: `/${t.rootUnitId}/` };
  const admin = await createApiKey(scope, { name: 'Admin', role: 'admin', unit: root, expiresInDays: 1, actor: owner });
  const team = await createUnit(db, owner, { parentId: t.rootUnitId, name: 'Team' });
  const manager = await createApiKey(scope, { name: 'Manager', role: 'manager', unit: team, expiresInDays: 1, actor: owner });
  await createPermission(db, owner, { key: 'expenses.approve', description: 'Approve expenses' });
  const role = await createRole(db, owner, { key: 'budget-approver', name: 'Budget approver', permissions: ['expenses.approve'], reach: 'subtree' });
  return { t, db, admin: admin.secret, manager: manager.secret, role };
}

async function call(method: string, route: string, bearer: string, params: Record<string, string> = {}, body?: unknown, headers: Record<string, string> = {}) {
  const path = route.replace(/\[(\w+)\]/g, (_, n: string) => params[n]) + (params.query ? `?${params.query}` : '');
  const mod = (await import(join(ROOT, 'app', route, 'route.ts'))) as Record<string, (r: Request, c: unknown) => Promise<Response>>;
  const res = await mod[method](
    new Request(`http://arbor.test${path}`, { method, headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json', ...headers }, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) }),
    { params: Promise.resolve(params) },
  );
  return { status: res.status, headers: res.headers, json: res.status === 204 ? undefined : ((await res.json()) as Record<string, any>) }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

test("another organization's roles and permissions are not found, and stay as they were", async () => {
  const [a, b] = [await world(), await world()];
  await createRole(b.db, { userId: b.t.ownerUserId, email: b.t.ownerEmail }, { key: 'only-b', name: 'Only B', permissions: [], reach: 'unit' });
  const before = await readRoleCatalogue(b.db, { fresh: true });
  const role = { roleKey: 'only-b' };
  assert.equal((await call('GET', '/api/v1/roles/[roleKey]', a.admin, role)).status, 404);
  assert.equal((await call('PATCH', '/api/v1/roles/[roleKey]', a.admin, role, { name: 'Mine', expectedVersion: 1 })).status, 404);
  assert.equal((await call('POST', '/api/v1/roles/[roleKey]/preview', a.admin, role, { reach: 'subtree' })).status, 404);
  assert.equal((await call('DELETE', '/api/v1/roles/[roleKey]', a.admin, { ...role, query: 'expectedVersion=1&replaceWith=none' })).status, 404);
  assert.equal((await call('DELETE', '/api/v1/roles/[roleKey]', a.admin, { roleKey: 'budget-approver', query: 'expectedVersion=1&replaceWith=only-b' })).json!.error.code, 'roles.unknownRole');
  const permission = { permissionKey: 'expenses.approve' };
  assert.equal((await call('PATCH', '/api/v1/permissions/[permissionKey]', a.admin, { permissionKey: 'wiki.publish' }, { description: 'x' })).status, 404);
  assert.equal((await call('DELETE', '/api/v1/permissions/[permissionKey]', a.admin, { permissionKey: 'wiki.publish' })).status, 404);
  assert.equal((await call('PATCH', '/api/v1/permissions/[permissionKey]', a.admin, permission, { description: 'A changed' })).status, 200);
  const listed = await call('GET', '/api/v1/roles', a.admin);
  assert.deepEqual(listed.json!.roles.map((r: { key: string }) => r.key), ['budget-approver']);
  const after = await readRoleCatalogue(b.db, { fresh: true });
  assert.deepEqual(after, before);
  assert.equal(after.permissions['expenses.approve'].description, 'Approve expenses');
});

test('any member reads the catalogue; only roles.manage changes it', async () => {
  const w = await world();
  const listed = await call('GET', '/api/v1/roles', w.manager);
  assert.equal(listed.status, 200);
  assert.deepEqual(listed.json!.builtIn.map((r: { key: string }) => r.key), ['owner', 'admin', 'manager', 'member']);
  assert.deepEqual(listed.json!.permissions.map((p: { key: string }) => p.key), ['expenses.approve']);
  assert.ok(listed.json!.arborPermissions.some((p: { key: string; area: string }) => p.key === 'unit.move' && p.area === 'Tree'));
  assert.equal(listed.json!.limits.rolesPerTenant, 100);
  assert.equal((await call('GET', '/api/v1/roles/[roleKey]', w.manager, { roleKey: 'budget-approver' })).json!.name, 'Budget approver');
  for (const refused of [
    await call('POST', '/api/v1/roles', w.manager, {}, { key: 'mine', name: 'Mine', permissions: [], reach: 'unit' }),
    await call('PATCH', '/api/v1/roles/[roleKey]', w.manager, { roleKey: 'budget-approver' }, { name: 'Mine', expectedVersion: 1 }),
    await call('DELETE', '/api/v1/roles/[roleKey]', w.manager, { roleKey: 'budget-approver', query: 'expectedVersion=1' }),
    await call('POST', '/api/v1/permissions', w.manager, {}, { key: 'wiki.publish' }),
    await call('DELETE', '/api/v1/permissions/[permissionKey]', w.manager, { permissionKey: 'expenses.approve' }),
  ]) {
    assert.equal(refused.status, 403);
    assert.equal(refused.json!.error.code, 'authz.roles.manage');
  }
  assert.deepEqual(await readRoleCatalogue(w.db, { fresh: true }).then((c) => [c.version, Object.keys(c.roles)]), [2, ['budget-approver']]);
});

test('an admin defines, changes and deletes; refusals carry their codes and statuses', async () => {
  const w = await world();
  const made = await call('POST', '/api/v1/roles', w.admin, {}, { key: 'wiki-editor', name: 'Wiki editor', permissions: ['tree.read'], reach: 'below' }, { 'idempotency-key': 'wiki-1' });
  assert.equal(made.status, 201);
  const again = await call('POST', '/api/v1/roles', w.admin, {}, { key: 'wiki-editor', name: 'Wiki editor', permissions: ['tree.read'], reach: 'below' }, { 'idempotency-key': 'wiki-1' });
  assert.equal(again.status, 201);
  assert.equal(again.headers.get('Idempotent-Replayed'), 'true');
  const taken = await call('POST', '/api/v1/roles', w.admin, {}, { key: 'wiki-editor', name: 'Again', permissions: [], reach: 'below' });
  assert.deepEqual([taken.status, taken.json!.error.code], [409, 'roles.keyTaken']);
  const builtIn = await call('POST', '/api/v1/roles', w.admin, {}, { key: 'admin', name: 'Admin', permissions: [], reach: 'unit' });
  assert.deepEqual([builtIn.status, builtIn.json!.error.code], [400, 'roles.reservedKey']);
  const wide = await call('POST', '/api/v1/roles', w.admin, {}, { key: 'wide', name: 'Wide', permissions: Array.from({ length: 51 }, (_, i) => `p${i}`), reach: 'unit' });
  assert.deepEqual([wide.status, wide.json!.error.code], [400, 'roles.limit']);
  const changed = await call('PATCH', '/api/v1/roles/[roleKey]', w.admin, { roleKey: 'wiki-editor' }, { reach: 'subtree', expectedVersion: 1 });
  assert.deepEqual([changed.status, changed.json!.reach, changed.json!.version], [200, 'subtree', 2]);
  const stale = await call('PATCH', '/api/v1/roles/[roleKey]', w.admin, { roleKey: 'wiki-editor' }, { reach: 'unit', expectedVersion: 1 });
  assert.deepEqual([stale.status, stale.json!.error.code], [409, 'roles.versionConflict']);
  const inUse = await call('DELETE', '/api/v1/permissions/[permissionKey]', w.admin, { permissionKey: 'expenses.approve' });
  assert.deepEqual([inUse.status, inUse.json!.error.code], [409, 'roles.permissionInUse']);
  const permission = await call('POST', '/api/v1/permissions', w.admin, {}, { key: 'wiki.publish', description: 'Publish pages' });
  assert.deepEqual([permission.status, permission.json!.key], [201, 'wiki.publish']);
  assert.equal((await call('DELETE', '/api/v1/permissions/[permissionKey]', w.admin, { permissionKey: 'wiki.publish' })).status, 204);
  const badKey = await call('GET', '/api/v1/roles/[roleKey]', w.admin, { roleKey: 'Not A Key' });
  assert.equal(badKey.status, 400);
});
