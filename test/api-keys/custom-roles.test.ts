// An API key given custom roles (real stack): the key keeps the keys, the actor a request with it
// acts as holds them on its grant with the tenant's catalogue beside it, the listing and the trail
// show them, and a key without custom roles reads no catalogue.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { badApiKeyRoles, createApiKey, listApiKeys, loadApiKeyActor } from '../../lib/api-keys';
import { listAudit } from '../../lib/audit';
import { customRolesNamed } from '../../lib/roles';
import { createUnit } from '../../lib/org';
import { newTenant } from '../support/fixtures';
import { defineRoles } from '../support/role-catalogue';
import { tenantDbFor } from '../support/tenant-db';
import { testPlatformDb, testTenantDb } from '../support/tenancy';

const deps = { platform: testPlatformDb(), tenantDb: (tenantId: string, o: { userId: string }) => testTenantDb(tenantId, o.userId) };

describe('API keys with custom roles', () => {
  test("a key's custom roles are on its grant, with the catalogue, in the listing and the trail", async () => {
    const t = await newTenant('KeyRoles');
    const db = tenantDbFor(t.tenantId);
    const owner = { userId: t.ownerUserId, email: t.ownerEmail, name: 'Owner' };
    const catalogue = await defineRoles(db, [{ key: 'budget-approver', permissions: ['expenses.approve'] }]);
    const finance = await createUnit(db, owner, { parentId: t.rootUnitId, name: 'Finance' });
    const scope = { tenant: db, platform: testPlatformDb() };
    const roles = await customRolesNamed(db, ['budget-approver'], badApiKeyRoles);
    const made = await createApiKey(scope, { name: 'Expenses app', role: 'member', roles: roles.map((r) => r.key), unit: finance, expiresInDays: 30, actor: owner });
    assert.deepEqual(made.key.roles, ['budget-approver']);

    const actor = await loadApiKeyActor(deps, made.secret);
    assert.deepEqual(actor.memberships.map((g) => [g.unitId, g.role, g.roles]), [[finance.id, 'member', ['budget-approver']]]);
    assert.equal(actor.catalogue?.version, catalogue.version);
    assert.deepEqual((await listApiKeys(scope)).map((k) => k.roles), [['budget-approver']]);
    const [entry] = (await listAudit(db, { action: 'apiKey.create' })).items;
    assert.deepEqual((entry?.after as { roles?: string[] }).roles, ['budget-approver']);

    const plain = await createApiKey(scope, { name: 'Reader', role: 'member', unit: finance, expiresInDays: 30, actor: owner });
    const plainActor = await loadApiKeyActor(deps, plain.secret);
    assert.deepEqual([plainActor.memberships[0]!.roles, plainActor.catalogue], [undefined, undefined]);
  });

  test('a key names only roles the catalogue holds, within the limit', async () => {
    const t = await newTenant('KeyRoles');
    const db = tenantDbFor(t.tenantId);
    await defineRoles(db, [{ key: 'budget-approver', permissions: ['expenses.approve'] }]);
    const refused = (e: Error & { code?: string }) => e.code === 'apiKey.badRoles';
    await assert.rejects(customRolesNamed(db, ['payroll-viewer'], badApiKeyRoles), refused);
    await assert.rejects(customRolesNamed(db, Array.from({ length: 11 }, (_, i) => `r-${i}`), badApiKeyRoles), refused);
  });
});
