import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../../lib/db';
import { createTenant } from '../../lib/tenants';
import { directClient, tableName } from '../support/stack';
import { newTenant } from '../support/fixtures';

const operator = () => ({ client: directClient(), tableName: tableName() });

test('P4 writes tenant, root unit, owner membership (both directions) and domain claim together', async () => {
  const t = await newTenant('Globex');
  const get = async (key: { PK: string; SK: string }) =>
    (await directClient().send(new GetCommand({ TableName: tableName(), Key: key }))).Item;
  assert.equal((await get(keys.tenantSettings(t.tenantId)))?.rootUnitId, t.rootUnitId);
  assert.equal((await get(keys.unit(t.tenantId, t.rootUnitId)))?.path, `/${t.rootUnitId}/`);
  assert.equal((await get(keys.unitMember(t.tenantId, t.rootUnitId, t.ownerUserId)))?.role, 'owner');
  assert.equal((await get(keys.userMembership(t.tenantId, t.ownerUserId, t.rootUnitId)))?.role, 'owner');
  assert.equal((await get(keys.domainClaim(t.domain)))?.tenantId, t.tenantId);
  const audit = await directClient().send(
    new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': keys.auditPartition(t.tenantId) } }),
  );
  assert.equal(audit.Items?.[0]?.action, 'tenant.create');
});

test('a domain already claimed is refused and nothing of the second tenant is written', async () => {
  const first = await newTenant('Initech');
  await assert.rejects(
    createTenant(operator(), { name: 'Copycat', domain: first.domain, owner: { email: `boss@${first.domain}`, name: 'Boss' } }),
    (e: Error & { code?: string }) => e.code === 'domain.taken' && /already belongs/.test(e.message),
  );
  const boss = await directClient().send(new GetCommand({ TableName: tableName(), Key: keys.userEmail(`boss@${first.domain}`) }));
  assert.equal(boss.Item, undefined);
});

test('consumer and malformed domains are refused with a clear message', async () => {
  await assert.rejects(
    createTenant(operator(), { name: 'X', domain: 'gmail.com', owner: { email: 'a@gmail.com', name: 'A' } }),
    (e: Error & { code?: string }) => e.code === 'domain.consumer',
  );
  await assert.rejects(
    createTenant(operator(), { name: 'X', domain: 'not a domain', owner: { email: 'a@x.test', name: 'A' } }),
    (e: Error & { code?: string }) => e.code === 'domain.invalid',
  );
});
