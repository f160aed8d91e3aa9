// The check operations' rate limits against the real rate-limit table (DynamoDB Local through the
// IAM gateway, the runtime's credentials): their own windows, a batch counted per 10 checks, a
// refusal answered 429 with Retry-After and the RateLimit-* headers; blocks of points reserved
// from the shared counter, so most checks cost no DynamoDB request, and two processes sharing one
// counter never admit more than the limit between them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DynamoDB } from '@aws-sdk/client-dynamodb';
import { ulid } from 'ulid';
import { z } from 'zod';
import { blockOf, checkPoints, SUBJECTS_PAGE_POINTS, WHAT_IF_POINTS } from '../../lib/api-keys/check-rate-limit';
import { createApiKey, createApiRateLimiter, createCheckRateLimiter, loadApiKeyActor } from '../../lib/api-keys';
import { createEntryPoints } from '../../lib/api/actor-entry';
import { rateLimitTableName } from '../../lib/db/table';
import { tenancySettingsFromConfig, tenantDb } from '../../lib/tenancy';
import { newTenant } from '../support/fixtures';
import { tenantDbFor } from '../support/tenant-db';
import { testPlatformDb } from '../support/tenancy';

const settings = tenancySettingsFromConfig();
const table = rateLimitTableName(settings.tableName);

/** A client of the rate-limit table that counts the requests it sends. */
function countedStore() {
  const store = new DynamoDB({ region: settings.region, endpoint: settings.dynamoDbEndpoint, credentials: settings.platformCredentials });
  const sent = { count: 0 };
  store.middlewareStack.add((next) => async (args) => {
    sent.count++;
    return next(args);
  }, { step: 'initialize' });
  return { store, sent };
}

async function checkKey() {
  const t = await newTenant('CheckLimits');
  const db = tenantDbFor(t.tenantId);
  const owner = { userId: t.ownerUserId, email: t.ownerEmail, name: 'Owner' };
  const unit = { id: t.rootUnitId, path: `/${t.rootUnitId}/` };
  return (await createApiKey({ tenant: db, platform: testPlatformDb() }, { name: 'Checker', role: 'admin', scope: 'check', unit, expiresInDays: 1, actor: owner })).secret;
}

test('check operations count against their own windows: a batch per 10 checks, 429 with Retry-After and RateLimit-*', async () => {
  const run = ulid();
  const { store } = countedStore();
  const checks = createCheckRateLimiter(store, table, { perKey: 5, perTenant: 100 });
  const api = createApiRateLimiter(store, table, { perKey: 1, perTenant: 100 });
  const { withActor } = createEntryPoints({
    load: () => Promise.reject(new Error('no sessions here')),
    require: () => Promise.reject(new Error('no sessions here')),
    fromBearer: (bearer) => loadApiKeyActor({ platform: testPlatformDb(), tenantDb }, bearer),
    rateLimit: (actor, { check, points }) =>
      check ? checks.consume(`${actor.tenantId}-${run}`, `${actor.userId}-${run}`, points) : api.consume(`${actor.tenantId}-${run}`, `${actor.userId}-${run}`),
  });
  const route = withActor({ check: true, body: z.object({ checks: z.array(z.number()).optional() }) }, async (ctx) => {
    ctx.authorize('tenant.read', {});
    return { ok: true };
  });
  const key = await checkKey();
  const call = (body: unknown) =>
    route(new Request('http://arbor.test/api/v1/checks', { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) }), undefined);

  // Two single checks (2 points), then a batch of 25 (3 points): the window of 5 is spent exactly,
  // though the API's own window (1 a minute) would have refused the second request.
  const remaining: string[] = [];
  for (const body of [{}, {}, { checks: Array.from({ length: 25 }, (_, i) => i) }]) {
    const res = await call(body);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('RateLimit-Limit'), '5');
    remaining.push(res.headers.get('RateLimit-Remaining')!);
  }
  assert.deepEqual(remaining, ['4', '3', '0']);
  const refused = await call({});
  assert.equal(refused.status, 429);
  const body = (await refused.json()) as { error: { code: string; details: { scope: string; limit: number } } };
  assert.equal(body.error.code, 'request.rateLimited');
  assert.deepEqual([body.error.details.scope, body.error.details.limit], ['key', 5]);
  const retryAfter = Number(refused.headers.get('Retry-After'));
  assert.ok(retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`);
  assert.equal(refused.headers.get('RateLimit-Remaining'), '0');
  assert.equal(refused.headers.get('RateLimit-Limit'), '5');
});

test('checks spend reserved blocks: a hundred checks, many at once, cost a few DynamoDB requests', async () => {
  const run = ulid();
  const { store, sent } = countedStore();
  const limits = { perKey: 1_000, perTenant: 2_000 };
  const limiter = createCheckRateLimiter(store, table, limits);
  const states = await Promise.all(Array.from({ length: 100 }, () => limiter.consume(`t-${run}`, `k-${run}`, 1)));
  assert.equal(states.length, 100);
  // Blocks of 10 (per key) and 20 (per organization): 15 reservations of at most 2 requests each
  // (rate-limiter-flexible's conditional new window, then the increment), against 200 counted one by one.
  assert.deepEqual([blockOf(limits.perKey), blockOf(limits.perTenant)], [10, 20]);
  assert.ok(sent.count <= 30, `${sent.count} requests`);
  const lowest = Math.min(...states.map((s) => s.remaining));
  assert.ok(lowest >= 900 && lowest <= 1_000, `remaining ${lowest}`);
});

test('two processes sharing a counter never admit more than its limit between them', async () => {
  const run = ulid();
  const limits = { perKey: 500, perTenant: 100_000 };
  const [a, b] = [createCheckRateLimiter(countedStore().store, table, limits), createCheckRateLimiter(countedStore().store, table, limits)];
  let admitted = 0;
  const open = new Set([a, b]);
  for (let i = 0; open.size > 0; i++) {
    const limiter = i % 3 === 0 ? b : a;
    if (!open.has(limiter)) continue;
    try {
      await limiter.consume(`t-${run}`, `k-${run}`, 1);
      admitted++;
    } catch (e) {
      assert.equal((e as { code?: string }).code, 'request.rateLimited');
      open.delete(limiter);
    }
  }
  // At most one block (5) per process reserved and left unspent when the other was refused.
  assert.ok(admitted <= limits.perKey && admitted >= limits.perKey - 2 * blockOf(limits.perKey), `${admitted} admitted`);
});

test('points follow what a request reads: a batch counts each distinct subject, a subjects page and a what-if more', () => {
  const asked = (subjects: number, n: number) => ({ checks: Array.from({ length: n }, (_, i) => ({ subject: { userId: `u${i % subjects}` }, permission: 'p', unitId: 'x' })) });
  assert.equal(checkPoints('check', { subject: { userId: 'u' } }), 1);
  assert.equal(checkPoints('checkBatch', asked(1, 100)), 10, "one person's 100 questions: one Query");
  assert.equal(checkPoints('checkBatch', asked(100, 100)), 100, '100 people: a Query each');
  assert.equal(checkPoints('checkBatch', asked(3, 5)), 3);
  assert.equal(checkPoints('listUnitsWithPermission', {}), 1);
  assert.equal(checkPoints('listSubjectsWithPermission', {}), SUBJECTS_PAGE_POINTS);
  assert.equal(checkPoints('checkChangeSet', asked(2, 2)), WHAT_IF_POINTS + 2);
});
