// API rate limits counted in DynamoDB (rate-limiter-flexible's DynamoDB store, the rate-limit table
// through the IAM gateway with the runtime's credentials): per key, then per organization; a
// refusal is 429 with Retry-After and the RateLimit-* headers, and writes nothing.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DynamoDB } from '@aws-sdk/client-dynamodb';
import { ulid } from 'ulid';
import { createApiKey, createApiRateLimiter, loadApiKeyActor } from '../../lib/api-keys';
import { createEntryPoints } from '../../lib/api/actor-entry';
import { rateLimitTableName } from '../../lib/db/table';
import { tenancySettingsFromConfig, tenantDb } from '../../lib/tenancy';
import { newTenant } from '../support/fixtures';
import { tenantDbFor } from '../support/tenant-db';
import { testPlatformDb } from '../support/tenancy';

const settings = tenancySettingsFromConfig();
const store = new DynamoDB({ region: settings.region, endpoint: settings.dynamoDbEndpoint, credentials: settings.platformCredentials });

async function keysOf(count: number) {
  const t = await newTenant('Limits');
  const db = tenantDbFor(t.tenantId);
  const owner = { userId: t.ownerUserId, email: t.ownerEmail, name: 'Owner' };
  const unit = { id: t.rootUnitId, path: `/${t.rootUnitId}/` };
  const made = [];
  for (let i = 0; i < count; i++) made.push((await createApiKey({ tenant: db, platform: testPlatformDb() }, { name: `Key ${i}`, role: 'admin', unit, expiresInDays: 1, actor: owner })).secret);
  return made;
}

test('per key, then per organization: 429 with Retry-After and the RateLimit-* headers', async () => {
  // A limiter of its own (fresh prefixes, small windows), in front of a route that only reads.
  const limiter = createApiRateLimiter(store, rateLimitTableName(settings.tableName), { perKey: 3, perTenant: 5 });
  const { withActor } = createEntryPoints({
    load: () => Promise.reject(new Error('no sessions here')),
    require: () => Promise.reject(new Error('no sessions here')),
    fromBearer: (bearer) => loadApiKeyActor({ platform: testPlatformDb(), tenantDb }, bearer),
    rateLimit: (actor) => limiter.consume(`${actor.tenantId}-${run}`, `${actor.userId}-${run}`),
  });
  const run = ulid();
  const route = withActor({}, async (ctx) => {
    ctx.authorize('tenant.read', {});
    return { ok: true };
  });
  const call = (key: string) => route(new Request('http://arbor.test/api/v1/x', { headers: { authorization: `Bearer ${key}` } }));

  const [a, b] = await keysOf(2);
  const [other] = await keysOf(1);
  const remaining: string[] = [];
  for (let i = 0; i < 3; i++) {
    const res = await call(a);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('RateLimit-Limit'), '3');
    remaining.push(res.headers.get('RateLimit-Remaining')!);
  }
  assert.deepEqual(remaining, ['2', '1', '0']);
  const refused = await call(a);
  assert.equal(refused.status, 429);
  assert.equal(((await refused.json()) as { error: { code: string } }).error.code, 'request.rateLimited');
  assert.ok(Number(refused.headers.get('Retry-After')) >= 1 && Number(refused.headers.get('Retry-After')) <= 60);

  // The organization's window: key a spent 3 of its 5 (its 4th never reached it), key b gets 2.
  assert.equal((await call(b)).status, 200);
  assert.equal((await call(b)).status, 200);
  const tenantRefusal = await call(b);
  assert.equal(tenantRefusal.status, 429);
  assert.match(((await tenantRefusal.json()) as { error: { message: string } }).error.message, /organization/);
  // Another organization's key is counted on its own.
  assert.equal((await call(other)).status, 200);
});

test("an operation's ratePoints count that many requests (the chart export counts more than a read)", async () => {
  const limiter = createApiRateLimiter(store, rateLimitTableName(settings.tableName), { perKey: 12, perTenant: 100 });
  const run = ulid();
  const { withActor } = createEntryPoints({
    load: () => Promise.reject(new Error('no sessions here')),
    require: () => Promise.reject(new Error('no sessions here')),
    fromBearer: (bearer) => loadApiKeyActor({ platform: testPlatformDb(), tenantDb }, bearer),
    rateLimit: (actor, { points }) => limiter.consume(`${actor.tenantId}-${run}`, `${actor.userId}-${run}`, points),
  });
  const costly = withActor({ ratePoints: 10 }, async (ctx) => {
    ctx.authorize('tenant.read', {});
    return { ok: true };
  });
  const [key] = await keysOf(1);
  const call = () => costly(new Request('http://arbor.test/api/v1/x', { headers: { authorization: `Bearer ${key}` } }));
  const first = await call();
  assert.equal(first.status, 200);
  assert.equal(first.headers.get('RateLimit-Remaining'), '2');
  assert.equal((await call()).status, 429, 'two left, ten asked');
});
