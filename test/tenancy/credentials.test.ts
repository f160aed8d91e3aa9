// The credential vendor against the real STS emulator: one AssumeRole for many concurrent cold
// requests, refresh ahead of expiry (in the background, or awaited when too close), session
// names carrying tenant and user, PackedPolicySize reported, and a client that keeps working
// across a refresh without being rebuilt.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GetCallerIdentityCommand, STSClient } from '@aws-sdk/client-sts';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../../lib/db';
import { stackEnv } from '../support/stack';
import { isolatedTenancy, newTenantId } from '../support/tenancy';

const whoAmI = async (creds: { accessKeyId: string; secretAccessKey: string; sessionToken: string }) =>
  (await new STSClient({ region: 'us-east-1', endpoint: stackEnv('ARBOR_STS_ENDPOINT'), credentials: creds }).send(new GetCallerIdentityCommand({}))).Arn;

test('N concurrent requests for a cold tenant cause exactly one AssumeRole', async () => {
  const tenancy = isolatedTenancy();
  const tenantId = newTenantId();
  const results = await Promise.all(
    Array.from({ length: 25 }, async () => {
      const db = tenancy.scopedTenantDb(tenantId);
      return db.client.send(new GetCommand({ TableName: db.tableName, Key: keys.tenantSettings(tenantId) }));
    }),
  );
  assert.equal(results.length, 25);
  assert.equal(tenancy.vendor.stats().assumeRoleCalls, 1);
  await Promise.all(Array.from({ length: 10 }, () => tenancy.tenantDb(tenantId)));
  assert.equal(tenancy.vendor.stats().assumeRoleCalls, 1, 'warm: no AssumeRole on the hot path');
  const stats = tenancy.vendor.stats();
  assert.ok(stats.lastPackedPolicySize !== undefined && stats.lastPackedPolicySize < 100, `PackedPolicySize ${stats.lastPackedPolicySize}`);
});

test('credentials near expiry are refreshed: in the background first, awaited when too close', async () => {
  let clock = Date.now();
  const tenancy = isolatedTenancy({ vendor: { now: () => clock } });
  const tenantId = newTenantId();
  const vendor = tenancy.vendor;
  const first = await vendor.credentialsFor(tenantId);
  assert.equal(vendor.stats().assumeRoleCalls, 1);

  // 4 minutes left (inside the 5-minute refresh window): served from cache, refresh started.
  clock = first.expiration.getTime() - 4 * 60_000;
  assert.equal((await vendor.credentialsFor(tenantId)).accessKeyId, first.accessKeyId);
  await vendor.whenIdle();
  assert.equal(vendor.stats().assumeRoleCalls, 2);
  assert.equal(vendor.stats().backgroundRefreshes, 1);
  const second = await vendor.credentialsFor(tenantId);
  assert.notEqual(second.accessKeyId, first.accessKeyId);

  // 30 seconds left: never handed out; concurrent callers wait for one new AssumeRole.
  clock = second.expiration.getTime() - 30_000;
  const thirds = await Promise.all(Array.from({ length: 10 }, () => vendor.credentialsFor(tenantId)));
  assert.equal(vendor.stats().assumeRoleCalls, 3);
  assert.equal(new Set(thirds.map((c) => c.accessKeyId)).size, 1);
  assert.notEqual(thirds[0].accessKeyId, second.accessKeyId);
  assert.equal(await whoAmI(thirds[0]), `arn:aws:sts::000000000000:assumed-role/arbor-tenant-access/t=${tenantId}`);
});

test('a tenant client keeps working across refreshes without being rebuilt (short real sessions)', async () => {
  const tenancy = isolatedTenancy({ sessionSeconds: 4 });
  const tenantId = newTenantId();
  const db = tenancy.scopedTenantDb(tenantId);
  const read = () => db.client.send(new GetCommand({ TableName: db.tableName, Key: keys.tenantSettings(tenantId) }));
  await read();
  await new Promise((r) => setTimeout(r, 2500)); // inside the refresh window (last 2 s of 4), still valid
  await read();
  await tenancy.vendor.whenIdle();
  assert.equal(tenancy.vendor.stats().assumeRoleCalls, 2);
  await new Promise((r) => setTimeout(r, 2000)); // the first session has expired by now
  await read();
  assert.equal(tenancy.scopedTenantDb(tenantId), db, 'the same client');
  assert.equal(tenancy.vendor.stats().assumeRoleFailures, 0);
});

test('session names carry the tenant, and the user when sessions are per user', async () => {
  const tenantId = newTenantId();
  const userId = newTenantId();
  const perTenant = isolatedTenancy();
  assert.equal(await whoAmI(await perTenant.vendor.credentialsFor(tenantId)), `arn:aws:sts::000000000000:assumed-role/arbor-tenant-access/t=${tenantId}`);
  const perUser = isolatedTenancy({ sessionScope: 'user' });
  await perUser.tenantDb(tenantId, { userId });
  await perUser.tenantDb(tenantId, { userId: newTenantId() });
  assert.equal(perUser.vendor.stats().assumeRoleCalls, 2, 'one session per (tenant, user)');
  assert.equal(
    await whoAmI(await perUser.vendor.credentialsFor(tenantId, userId)),
    `arn:aws:sts::000000000000:assumed-role/arbor-tenant-access/t=${tenantId},u=${userId}`,
  );
});

test('a failed AssumeRole is a typed, retryable error and is not cached', async () => {
  const tenancy = isolatedTenancy({ tenantRoleArn: 'arn:aws:iam::000000000000:role/no-such-role' });
  const tenantId = newTenantId();
  for (let i = 0; i < 2; i++) {
    await assert.rejects(tenancy.tenantDb(tenantId), (e: Error & { code?: string }) => e.code === 'tenancy.credentialsUnavailable');
  }
  assert.equal(tenancy.vendor.stats().assumeRoleCalls, 2);
  await assert.rejects(tenancy.tenantDb('not*a*tenant'), (e: Error & { code?: string }) => e.code === 'tenant.badId');
});
