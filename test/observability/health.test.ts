// /api/health/live answers 200 and reads nothing; /api/health/ready (and /api/health, kept for
// load balancers set up before the split) reads one platform and one tenant-scoped item against the
// local stack, and answers 503 naming the check that failed. The route modules' GET, called directly.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { GET as live } from '../../app/api/health/live/route';
import { GET as ready } from '../../app/api/health/ready/route';
import { GET as legacy } from '../../app/api/health/route';
import type { PlatformDb } from '../../lib/db';
import { readinessResponse } from '../../lib/health';
import { logTo } from '../../lib/observability';
import { testPlatformDb, testTenantDb } from '../support/tenancy';

const get = (path: string) => new Request(`http://arbor.test${path}`);

describe('health', () => {
  const lines: Record<string, unknown>[] = [];
  const restore = logTo({ write: (s: string) => void lines.push(JSON.parse(s)) }, 'debug');
  after(restore);

  test('liveness: 200, no store, no DynamoDB request', async () => {
    lines.length = 0;
    const res = await live(get('/api/health/live'));
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { status: 'ok' });
    assert.equal(res.headers.get('cache-control'), 'no-store');
    const access = lines.find((l) => l.type === 'access') as { level: string; dynamodb: { requests: number } };
    assert.equal(access.level, 'debug', 'health checks log at debug: the load balancer calls them every few seconds');
    assert.equal(access.dynamodb.requests, 0);
  });

  for (const [path, GET] of [['/api/health/ready', ready], ['/api/health', legacy]] as const) {
    test(`readiness at ${path}: both reads pass against the local stack`, async () => {
      lines.length = 0;
      const res = await GET(get(path));
      assert.equal(res.status, 200, await res.clone().text());
      assert.deepEqual(await res.json(), { status: 'ok', checks: { platform: 'ok', tenant: 'ok' } });
      assert.equal(res.headers.get('cache-control'), 'no-store');
      const access = lines.find((l) => l.type === 'access') as { dynamodb: { requests: number } };
      assert.equal(access.dynamodb.requests, 2);
    });
  }

  test('readiness: 503 naming the failed platform read, logged without a stack', async () => {
    lines.length = 0;
    const failing = { client: { send: async () => Promise.reject(Object.assign(new Error('The security token included in the request is invalid.'), { name: 'UnrecognizedClientException' })) }, tableName: 't' } as unknown as PlatformDb;
    const res = await readinessResponse({ platformDb: () => failing, tenantDb: testTenantDb });
    assert.equal(res.status, 503);
    assert.deepEqual(await res.json(), { status: 'unavailable', checks: { platform: 'failed', tenant: 'unknown' } });
    const line = lines.find((l) => l.type === 'health') as { level: string; check: string; errorName: string; msg: string };
    assert.equal(line.level, 'error');
    assert.equal(line.check, 'platform');
    assert.equal(line.errorName, 'UnrecognizedClientException');
    assert.doesNotMatch(JSON.stringify(line), /stack|at async/);
    assert.equal(line.msg, 'health: platform read failed');
  });

  test('readiness: 503 naming the failed tenant-scoped read', async () => {
    const res = await readinessResponse({ platformDb: testPlatformDb, tenantDb: async () => Promise.reject(Object.assign(new Error('STS down'), { name: 'ServiceUnavailable' })) });
    assert.equal(res.status, 503);
    assert.deepEqual(await res.json(), { status: 'unavailable', checks: { platform: 'ok', tenant: 'failed' } });
  });
});
