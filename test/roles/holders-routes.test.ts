// Previewing and deleting a role people hold, through the routes with an admin key: the preview
// names who gains and loses what, in which unit; a held role is deleted only by saying what its
// holders hold instead, and then they hold exactly that. Holders are read and changed by
// lib/members (listRoleHolders, replaceRoleOnHolders); their roles are seeded on both membership
// items as lib/members stores them.
import assert from 'node:assert/strict';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { createApiKey } from '../../lib/api-keys';
import { listAudit } from '../../lib/audit';
import { keys } from '../../lib/db';
import { addMembership, readUnitMember } from '../../lib/members';
import { createUnit } from '../../lib/org';
import { createPermission, createRole, readRoleCatalogue } from '../../lib/roles';
import { person } from '../members/fixtures';
import { newTenant } from '../support/fixtures';
import { directClient, tableName } from '../support/stack';
import { tenantDbFor } from '../support/tenant-db';
import { testPlatformDb } from '../support/tenancy';

const ROOT = resolve(import.meta.dirname, '../..');

async function holds(tenantId: string, unitId: string, userId: string, roles: string[]) {
  for (const key of [keys.unitMember(tenantId, unitId, userId), keys.userMembership(tenantId, userId, unitId)]) {
    await directClient().send(new UpdateCommand({ TableName: tableName(), Key: key, UpdateExpression: 'SET #roles = :roles', ExpressionAttributeNames: { '#roles': 'roles' }, ExpressionAttributeValues: { ':roles': roles } }));
  }
}

/** Division ⊃ Team; Ann approves budgets from Division down; Ben approves in Team and audits it. */
async function world() {
  const t = await newTenant('Holders');
  const db = tenantDbFor(t.tenantId);
  const owner = { userId: t.ownerUserId, email: t.ownerEmail, name: 'Owner' };
  const admin = await createApiKey({ tenant: db, platform: testPlatformDb() }, { name: 'Admin', role: 'admin', unit: { id: t.rootUnitId, path: `/${t.rootUnitId}/` }, expiresInDays: 1, actor: owner });
  const division = await createUnit(db, owner, { parentId: t.rootUnitId, name: 'Division' });
  const team = await createUnit(db, owner, { parentId: division.id, name: 'Team' });
  await createPermission(db, owner, { key: 'expenses.approve' });
  await createRole(db, owner, { key: 'budget-approver', name: 'Budget approver', permissions: ['expenses.approve'], reach: 'subtree' });
  await createRole(db, owner, { key: 'auditor', name: 'Auditor', permissions: ['audit.read'], reach: 'unit' });
  const ann = { ...person('Ann'), email: `ann@${t.domain}` };
  const ben = { ...person('Ben'), email: `ben@${t.domain}` };
  await addMembership(db, owner, { unitId: division.id, role: 'member', ...ann });
  await addMembership(db, owner, { unitId: team.id, role: 'member', ...ben });
  await holds(t.tenantId, division.id, ann.userId, ['budget-approver']);
  await holds(t.tenantId, team.id, ben.userId, ['budget-approver', 'auditor']);
  return { t, db, bearer: admin.secret, division, team, ann, ben };
}

async function call(method: string, route: string, bearer: string, params: Record<string, string>, body?: unknown) {
  const path = route.replace(/\[(\w+)\]/g, (_, n: string) => params[n]) + (params.query ? `?${params.query}` : '');
  const mod = (await import(join(ROOT, 'app', route, 'route.ts'))) as Record<string, (r: Request, c: unknown) => Promise<Response>>;
  const res = await mod[method](
    new Request(`http://arbor.test${path}`, { method, headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' }, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) }),
    { params: Promise.resolve(params) },
  );
  return { status: res.status, json: res.status === 204 ? undefined : ((await res.json()) as Record<string, any>) }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

test("the preview of a role's change names who gains and loses what, in which unit, and changes nothing", async () => {
  const w = await world();
  const before = await readRoleCatalogue(w.db, { fresh: true });
  const preview = await call('POST', '/api/v1/roles/[roleKey]/preview', w.bearer, { roleKey: 'budget-approver' }, { permissions: ['expenses.approve', 'audit.read'], reach: 'unit' });
  assert.equal(preview.status, 200, JSON.stringify(preview.json));
  assert.equal(preview.json!.holders, 2);
  assert.equal(preview.json!.truncated, false);
  const byName = Object.fromEntries(preview.json!.changes.map((c: { name: string }) => [c.name, c]));
  assert.deepEqual(byName.Ann, {
    userId: w.ann.userId, name: 'Ann', email: w.ann.email, unitId: w.division.id, unitName: 'Division',
    gains: ['audit.read'], loses: ['expenses.approve'], reachBefore: 'subtree', reachAfter: 'unit',
  });
  // Ben audits Team already: he gains nothing, and loses approving below Team.
  assert.deepEqual([byName.Ben.unitName, byName.Ben.gains, byName.Ben.loses], ['Team', [], ['expenses.approve']]);
  const unchanged = await call('POST', '/api/v1/roles/[roleKey]/preview', w.bearer, { roleKey: 'budget-approver' }, { reach: 'subtree' });
  assert.deepEqual([unchanged.json!.holders, unchanged.json!.changes], [2, []]);
  assert.deepEqual(await readRoleCatalogue(w.db, { fresh: true }), before);
});

test('a held role is deleted only by saying what its holders hold instead', async () => {
  const w = await world();
  const refused = await call('DELETE', '/api/v1/roles/[roleKey]', w.bearer, { roleKey: 'budget-approver', query: 'expectedVersion=1' });
  assert.deepEqual([refused.status, refused.json!.error.code], [400, 'roles.inUse']);
  const rolesOf = async () => [
    (await readUnitMember(w.db, w.division.id, w.ann.userId))!.roles ?? [],
    (await readUnitMember(w.db, w.team.id, w.ben.userId))!.roles ?? [],
  ];
  assert.deepEqual(await rolesOf(), [['budget-approver'], ['budget-approver', 'auditor']]);

  assert.equal((await call('DELETE', '/api/v1/roles/[roleKey]', w.bearer, { roleKey: 'budget-approver', query: 'expectedVersion=1&replaceWith=auditor' })).status, 204);
  assert.deepEqual(await rolesOf(), [['auditor'], ['auditor']]);
  assert.deepEqual(Object.keys((await readRoleCatalogue(w.db, { fresh: true })).roles), ['auditor']);
  const [deleted] = (await listAudit(w.db, { action: 'role.delete' })).items;
  assert.deepEqual(deleted.after, { replaceWith: 'auditor', holders: 2 });

  assert.equal((await call('DELETE', '/api/v1/roles/[roleKey]', w.bearer, { roleKey: 'auditor', query: 'expectedVersion=1&replaceWith=none' })).status, 204);
  assert.deepEqual(await rolesOf(), [[], []]);
  assert.deepEqual((await readRoleCatalogue(w.db, { fresh: true })).roles, {});
});
