// The routes of custom roles on memberships, called as an API key would: setting a member's
// custom roles, adding a member with them, listing a role's holders. Across tenants, another
// organization's units, people and role keys are simply not there, and nothing of theirs changes.
import assert from 'node:assert/strict';
import { join, resolve } from 'node:path';
import { describe, test } from 'node:test';
import { createApiKey } from '../../lib/api-keys';
import { addMembership, readUnitMember } from '../../lib/members';
import { testPlatformDb } from '../support/tenancy';
import { defineRoles, person, tenantWithTree } from './fixtures';
import { snapshotTenant } from './membership-invariants';

const ROOT = resolve(import.meta.dirname, '../..');
const SET_ROLES = '/api/v1/units/[unitId]/members/[userId]/roles';
const ADD = '/api/v1/members/units/[unitId]';
const HOLDERS = '/api/v1/roles/[roleKey]/holders';

async function world() {
  const t = await tenantWithTree('RoleRoutes');
  await defineRoles(t.tenantId, ['budget-approver', 'wiki-editor']);
  const owner = { ...t.owner, name: 'Owner' };
  const scope = { tenant: t.db, platform: testPlatformDb() };
  const admin = await createApiKey(scope, { name: 'Admin', role: 'admin', unit: t.root, expiresInDays: 1, actor: owner });
  const manager = await createApiKey(scope, { name: 'Manager', role: 'manager', unit: t.engineering, expiresInDays: 1, actor: owner });
  const ada = person('Ada');
  const bob = person('Bob');
  await addMembership(t.db, owner, { unitId: t.cloud.id, role: 'member', ...ada });
  await addMembership(t.db, owner, { unitId: t.sales.id, role: 'member', ...bob });
  return { ...t, admin: admin.secret, manager: manager.secret, ada, bob };
}

async function call(method: string, route: string, bearer: string, params: Record<string, string> = {}, body?: unknown, search = '') {
  const path = route.replace(/\[(\w+)\]/g, (_, n: string) => params[n]!);
  const mod = (await import(join(ROOT, 'app', route, 'route.ts'))) as Record<string, (r: Request, c: unknown) => Promise<Response>>;
  const res = await mod[method]!(
    new Request(`http://arbor.test${path}${search}`, {
      method, headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' }, ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    }),
    { params: Promise.resolve(params) },
  );
  return { status: res.status, json: res.status === 204 ? undefined : ((await res.json()) as Record<string, any>) }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

describe('PUT /api/v1/units/{unitId}/members/{userId}/roles', () => {
  test('sets the roles and answers the membership with them; the version read is required', async () => {
    const w = await world();
    const params = { unitId: w.cloud.id, userId: w.ada.userId };
    const set = await call('PUT', SET_ROLES, w.admin, params, { roles: ['budget-approver', 'wiki-editor'], expectedVersion: 1 });
    assert.equal(set.status, 200, JSON.stringify(set.json));
    assert.deepEqual(set.json!.roles, ['budget-approver', 'wiki-editor']);
    assert.equal(set.json!.version, 2);
    assert.equal((await call('PUT', SET_ROLES, w.admin, params, { roles: [], expectedVersion: 1 })).json!.error.code, 'membership.versionConflict');
    const cleared = await call('PUT', SET_ROLES, w.admin, params, { roles: [], expectedVersion: 2 });
    assert.equal(cleared.status, 200);
    assert.equal(cleared.json!.roles, undefined);
  });

  test('unknown, repeated and too many roles are 400 with their codes; malformed bodies are 400 too', async () => {
    const w = await world();
    const params = { unitId: w.cloud.id, userId: w.ada.userId };
    const refused = async (body: unknown) => {
      const r = await call('PUT', SET_ROLES, w.admin, params, body);
      assert.equal(r.status, 400, JSON.stringify(r.json));
      return r.json!.error.code as string;
    };
    assert.equal(await refused({ roles: ['payroll-viewer'], expectedVersion: 1 }), 'roles.unknownRole');
    assert.equal(await refused({ roles: ['wiki-editor', 'wiki-editor'], expectedVersion: 1 }), 'roles.duplicateRole');
    assert.equal(await refused({ roles: Array.from({ length: 11 }, (_, i) => `r${i}`), expectedVersion: 1 }), 'roles.limit');
    assert.equal(await refused({ roles: Array.from({ length: 101 }, (_, i) => `r${i}`), expectedVersion: 1 }), 'request.invalid');
    assert.equal(await refused({ roles: 'wiki-editor', expectedVersion: 1 }), 'request.invalid');
    assert.equal(await refused({ roles: ['x'.repeat(65)], expectedVersion: 1 }), 'request.invalid');
    assert.equal((await readUnitMember(w.db, w.cloud.id, w.ada.userId))?.version, 1, 'nothing changed');
  });

  test('a manager key may not give a custom role holding a permission it does not hold', async () => {
    const w = await world();
    const r = await call('PUT', SET_ROLES, w.manager, { unitId: w.cloud.id, userId: w.ada.userId }, { roles: ['wiki-editor'], expectedVersion: 1 });
    assert.equal(r.status, 403);
    assert.equal(r.json!.error.code, 'authz.role.assign');
  });
});

describe('POST /api/v1/members/units/{unitId} with custom roles', () => {
  test('adds the member with them; each is decided as role.assign', async () => {
    const w = await world();
    const added = await call('POST', ADD, w.admin, { unitId: w.cloud.id }, { userId: w.bob.userId, role: 'member', roles: ['budget-approver'] });
    assert.equal(added.status, 201, JSON.stringify(added.json));
    assert.deepEqual(added.json!.roles, ['budget-approver']);
    const byManager = await call('POST', ADD, w.manager, { unitId: w.engineering.id }, { userId: w.bob.userId, role: 'member', roles: ['wiki-editor'] });
    assert.equal(byManager.status, 403);
    assert.equal(byManager.json!.error.code, 'authz.role.assign');
    assert.equal(await readUnitMember(w.db, w.engineering.id, w.bob.userId), undefined);
  });
});

describe('GET /api/v1/roles/{roleKey}/holders', () => {
  test('the holders with names, units and roles; pages follow on; members.list needed', async () => {
    const w = await world();
    await call('PUT', SET_ROLES, w.admin, { unitId: w.cloud.id, userId: w.ada.userId }, { roles: ['budget-approver'], expectedVersion: 1 });
    await call('PUT', SET_ROLES, w.admin, { unitId: w.sales.id, userId: w.bob.userId }, { roles: ['wiki-editor', 'budget-approver'], expectedVersion: 1 });
    const all = await call('GET', HOLDERS, w.admin, { roleKey: 'budget-approver' });
    assert.equal(all.status, 200, JSON.stringify(all.json));
    const ada = all.json!.items.find((i: { userId: string }) => i.userId === w.ada.userId);
    assert.deepEqual(ada, {
      userId: w.ada.userId, name: 'Ada', email: w.ada.email, unitId: w.cloud.id, unitName: 'Cloud', unitPath: w.cloud.path,
      role: 'member', roles: ['budget-approver'],
    });
    assert.equal(all.json!.items.length, 2);
    const first = await call('GET', HOLDERS, w.admin, { roleKey: 'budget-approver' }, undefined, '?limit=1');
    assert.equal(first.json!.items.length, 1);
    const second = await call('GET', HOLDERS, w.admin, { roleKey: 'budget-approver' }, undefined, `?limit=1&cursor=${encodeURIComponent(first.json!.nextCursor)}`);
    assert.notEqual(second.json!.items[0].userId, first.json!.items[0].userId);
    assert.equal((await call('GET', HOLDERS, w.manager, { roleKey: 'budget-approver' })).status, 403);
    assert.equal((await call('GET', HOLDERS, w.admin, { roleKey: 'payroll-viewer' })).json!.error.code, 'roles.unknownRole');
    assert.equal((await call('GET', HOLDERS, w.admin, { roleKey: 'Bad Key' })).status, 400);
    assert.equal((await call('GET', HOLDERS, w.admin, { roleKey: 'budget-approver' }, undefined, '?limit=500')).status, 400);
  });
});

describe('across organizations', () => {
  test("another organization's units, people and roles are not found, and nothing of theirs changes", async () => {
    const [a, b] = [await world(), await world()];
    await defineRoles(b.tenantId, ['budget-approver', 'wiki-editor', 'b-only']);
    const seeded = await call('PUT', SET_ROLES, b.admin, { unitId: b.cloud.id, userId: b.ada.userId }, { roles: ['b-only', 'budget-approver'], expectedVersion: 1 });
    assert.equal(seeded.status, 200);
    const before = await snapshotTenant(b.tenantId, b.rootUnitId);
    const theirs = { unitId: b.cloud.id, userId: b.ada.userId };
    assert.equal((await call('PUT', SET_ROLES, a.admin, theirs, { roles: ['budget-approver'], expectedVersion: 2 })).status, 404);
    const mixed = await call('PUT', SET_ROLES, a.admin, { unitId: a.cloud.id, userId: b.ada.userId }, { roles: ['budget-approver'], expectedVersion: 1 });
    assert.equal(mixed.status, 404);
    assert.equal((await call('POST', ADD, a.admin, { unitId: b.cloud.id }, { userId: a.bob.userId, role: 'member', roles: ['budget-approver'] })).status, 404);
    assert.equal((await call('POST', ADD, a.admin, { unitId: a.cloud.id }, { userId: b.bob.userId, role: 'member', roles: ['budget-approver'] })).status, 404);
    const foreignRole = await call('PUT', SET_ROLES, a.admin, { unitId: a.cloud.id, userId: a.ada.userId }, { roles: ['b-only'], expectedVersion: 1 });
    assert.equal(foreignRole.json!.error.code, 'roles.unknownRole');
    assert.equal((await call('GET', HOLDERS, a.admin, { roleKey: 'b-only' })).json!.error.code, 'roles.unknownRole');
    const holders = await call('GET', HOLDERS, a.admin, { roleKey: 'budget-approver' });
    assert.deepEqual(holders.json!.items, [], "the other organization's holders of a same-named role are not listed");
    assert.deepEqual(await snapshotTenant(b.tenantId, b.rootUnitId), before);
  });
});
