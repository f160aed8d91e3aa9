// The console's typed client builds each call from its operation's method and path: parameters
// filled in (encoded), the query without unset values, JSON bodies, and refusals as ApiError with
// the server's code and message. What the browser would send is recorded by a stand-in fetch.
import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import { ApiError, call, operationUrl } from '../../lib/api/client';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

function answering(status: number, body?: unknown) {
  const sent: { url: string; method?: string; headers?: unknown; body?: unknown }[] = [];
  globalThis.fetch = (async (url: string, init: RequestInit) => {
    sent.push({ url, method: init.method, headers: init.headers, body: init.body === undefined ? undefined : JSON.parse(String(init.body)) });
    return body === undefined ? new Response(null, { status }) : Response.json(body, { status });
  }) as typeof fetch;
  return sent;
}

describe('operationUrl', () => {
  test('fills the path parameters, encoded, and appends the query without unset values', () => {
    assert.equal(operationUrl('/api/v1/settings/domains/{domain}/verify', { domain: 'a b.example' }), '/api/v1/settings/domains/a%20b.example/verify');
    assert.equal(operationUrl('/api/v1/members', {}, { q: 'ada', role: undefined, cursor: 'x/y' }), '/api/v1/members?q=ada&cursor=x%2Fy');
    assert.equal(operationUrl('/api/v1/units', {}, {}), '/api/v1/units');
  });
});

describe('call', () => {
  test('sends the operation’s method, path and JSON body, and answers its JSON', async () => {
    const sent = answering(200, { id: 'u1' });
    const unit = await call('units.rename', { params: { unitId: '01J0000000000000000000000A' }, body: { name: 'Cloud', expectedVersion: 3 } });
    assert.deepEqual(unit, { id: 'u1' });
    assert.deepEqual(sent, [
      { url: '/api/v1/units/01J0000000000000000000000A', method: 'PATCH', headers: { 'content-type': 'application/json' }, body: { name: 'Cloud', expectedVersion: 3 } },
    ]);
  });

  test('a query-only delete sends its query and no body; a 204 answers undefined', async () => {
    const sent = answering(204);
    assert.equal(await call('changeSets.delete', { params: { setId: 'S1' }, query: { expectedVersion: '4' } }), undefined);
    assert.deepEqual(sent, [{ url: '/api/v1/change-sets/S1?expectedVersion=4', method: 'DELETE', headers: { 'content-type': 'application/json' }, body: undefined }]);
  });

  test('a GET sends no content type', async () => {
    const sent = answering(200, { units: [] });
    await call('members.placeableUnits', { query: { q: 'Eng' } });
    assert.deepEqual(sent, [{ url: '/api/v1/members/units?q=Eng', method: 'GET', headers: undefined, body: undefined }]);
  });

  test('a refusal is an ApiError with the server’s code, message and details', async () => {
    answering(409, { error: { code: 'unit.versionConflict', message: 'Someone changed it.', details: { current: 5 } } });
    await assert.rejects(call('units.get', { params: { unitId: 'U1' } }), (e: unknown) => {
      assert.ok(e instanceof ApiError);
      assert.equal(e.status, 409);
      assert.equal(e.code, 'unit.versionConflict');
      assert.equal(e.message, 'Someone changed it.');
      assert.deepEqual(e.details, { current: 5 });
      assert.equal(e.isConflict, true);
      return true;
    });
  });

  test('an unreachable server is a network ApiError', async () => {
    globalThis.fetch = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch;
    await assert.rejects(call('units.get', { params: { unitId: 'U1' } }), (e: unknown) => e instanceof ApiError && e.code === 'network');
  });
});
