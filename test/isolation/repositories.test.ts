// The app's real repositories through the gateway: P4 runs with the operator's credentials and
// is refused to the platform's; tenant repositories work with their own tenant's credentials and
// are refused when handed another tenant's id (the bug a forgotten or wrong prefix would be);
// platform repositories reach users and the tenants-of-a-user index only.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { keys, type TenantDb } from '../../lib/db';
import { getUserMemberships, listUnitMembers } from '../../lib/members';
import { getUnit } from '../../lib/org';
import { createTenant, getTenantSettings } from '../../lib/tenants';
import { getUser, getUserByEmail, listUserTenants } from '../../lib/users';
import { directClient, tableName } from '../support/stack';
import { isAccessDenied, testOperatorDb, testPlatformDb, testTenantDb } from '../support/tenancy';

const newTenantInput = (label: string) => {
  const domain = `${label}-${ulid().toLowerCase()}.test`;
  return { name: `${label} Inc`, domain, owner: { email: `owner@${domain}`, name: `${label} Owner` } };
};

test('P4 (create a tenant) runs with the operator’s credentials; the platform’s are refused and write nothing', async () => {
  const input = newTenantInput('refused');
  await assert.rejects(createTenant(testPlatformDb(), input), isAccessDenied);
  const claim = await directClient().send(new GetCommand({ TableName: tableName(), Key: keys.domainClaim(input.domain) }));
  assert.equal(claim.Item, undefined);
  const created = await createTenant(testOperatorDb(), newTenantInput('made'));
  assert.equal((await getTenantSettings(await testTenantDb(created.tenantId))).rootUnitId, created.rootUnitId);
});

test('tenant repositories read their own tenant and are refused another tenant’s ids', async () => {
  const [a, b] = [await createTenant(testOperatorDb(), newTenantInput('a')), await createTenant(testOperatorDb(), newTenantInput('b'))];
  const own = await testTenantDb(a.tenantId);
  assert.equal((await getUnit(own, a.rootUnitId))?.id, a.rootUnitId);
  assert.equal((await listUnitMembers(own, a.rootUnitId)).items.length, 1);
  assert.equal((await getUserMemberships(own, a.ownerUserId)).memberships.length, 1);

  // A's credentials with B's tenant id: what a repository with a wrong or missing prefix would do.
  const confused: TenantDb = { ...own, tenantId: b.tenantId };
  for (const [name, read] of Object.entries({
    getTenantSettings: () => getTenantSettings(confused),
    getUnit: () => getUnit(confused, b.rootUnitId),
    listUnitMembers: () => listUnitMembers(confused, b.rootUnitId),
    getUserMemberships: () => getUserMemberships(confused, b.ownerUserId),
  })) {
    await assert.rejects(read(), (e: Error) => isAccessDenied(e) || assert.fail(`${name}: ${e.name} ${e.message}`));
  }
});

test('platform repositories reach users and their tenant list, never tenant partitions', async () => {
  const t = await createTenant(testOperatorDb(), newTenantInput('p'));
  const platform = testPlatformDb();
  assert.equal((await getUser(platform, t.ownerUserId))?.id, t.ownerUserId);
  const owner = await getUserByEmail(platform, `owner@${t.domain}`);
  assert.equal(owner?.id, t.ownerUserId);
  assert.deepEqual((await listUserTenants(platform, t.ownerUserId)).map((x) => x.tenantId), [t.tenantId]);
  await assert.rejects(getTenantSettings({ ...platform, tenantId: t.tenantId }), isAccessDenied);
});
