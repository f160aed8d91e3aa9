// Removing a membership takes its custom roles away with it, so it is decided as taking each of
// them away would be (`role.assign`, docs/authorization.md "Custom roles": nobody grants, or takes
// away, what they do not hold). A custom members.manage role removes plain members, not the power
// of a role whose permissions it lacks.
import assert from 'node:assert/strict';
import { join, resolve } from 'node:path';
import { describe, test } from 'node:test';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { RoleCatalogue } from '../../lib/authz';
import { createApiKey } from '../../lib/api-keys';
import { addMembership, readUnitMember } from '../../lib/members';
import { rememberRoleCatalogue, roleCatalogueItem } from '../../lib/roles';
import { directClient, tableName } from '../support/stack';
import { testPlatformDb } from '../support/tenancy';
import { person, tenantWithTree } from './fixtures';

const ROOT = resolve(import.meta.dirname, '../..');
const REMOVE = '/api/v1/members/units/[unitId]/[userId]';

async function world(label: string) {
  const t = await tenantWithTree(label);
  const now = new Date().toISOString();
  const role = (key: string, permissions: string[]) => ({ key, name: key, description: '', permissions, reach: 'subtree' as const, version: 1, createdAt: now, updatedAt: now });
  const catalogue: RoleCatalogue = {
    version: 1,
    roles: { 'people-manager': role('people-manager', ['members.manage']), 'payroll-admin': role('payroll-admin', ['payroll.view']) },
    permissions: { 'payroll.view': { key: 'payroll.view', description: 'View payroll', createdAt: now, updatedAt: now } } as RoleCatalogue['permissions'],
  };
  await directClient().send(new PutCommand({ TableName: tableName(), Item: roleCatalogueItem(t.tenantId, catalogue) }));
  rememberRoleCatalogue(t.tenantId, catalogue);
  const scope = { tenant: t.db, platform: testPlatformDb() };
  const owner = { ...t.owner, name: 'Owner' };
  const hr = await createApiKey(scope, { name: 'People', role: 'member', roles: ['people-manager'], unit: t.root, expiresInDays: 1, actor: owner });
  const payroll = person('Pay Admin');
  const plain = person('Plain Member');
  await addMembership(t.db, owner, { unitId: t.sales.id, role: 'member', roles: ['payroll-admin'], ...payroll });
  await addMembership(t.db, owner, { unitId: t.sales.id, role: 'member', ...plain });
  return { ...t, hr: hr.secret, payroll, plain };
}

async function remove(bearer: string, unitId: string, userId: string, expectedVersion = 1) {
  const mod = (await import(join(ROOT, 'app', REMOVE, 'route.ts'))) as Record<string, (r: Request, c: unknown) => Promise<Response>>;
  const res = await mod.DELETE!(
    new Request(`http://arbor.test/api/v1/members/units/${unitId}/${userId}`, {
      method: 'DELETE', headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' }, body: JSON.stringify({ expectedVersion }),
    }),
    { params: Promise.resolve({ unitId, userId }) },
  );
  return { status: res.status, json: res.status === 204 ? undefined : ((await res.json()) as Record<string, any>) }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

describe('DELETE /api/v1/members/units/{unitId}/{userId} with custom roles', () => {
  test('a custom members.manage role may not remove a member holding a role with a permission it lacks', async () => {
    const w = await world('RemoveRoles');
    const r = await remove(w.hr, w.sales.id, w.payroll.userId);
    assert.equal(r.status, 403, JSON.stringify(r.json));
    assert.equal(r.json!.error.code, 'authz.role.assign');
    assert.ok(await readUnitMember(w.db, w.sales.id, w.payroll.userId), 'still a member');
    // A plain member is theirs to remove, as before.
    assert.equal((await remove(w.hr, w.sales.id, w.plain.userId)).status, 204);
  });
});
