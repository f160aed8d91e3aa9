// Idempotency-Key on the real route handlers and DynamoDB Local: a retried creating request gets
// the first answer back and writes nothing again; the same key with another body, a malformed
// key, and a retry racing the first are refused, each without writing.
import assert from 'node:assert/strict';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { createApiKey } from '../../lib/api-keys';
import { listChildren } from '../../lib/org';
import { newTenant } from '../support/fixtures';
import { tenantDbFor } from '../support/tenant-db';
import { testPlatformDb } from '../support/tenancy';

const ROOT = resolve(import.meta.dirname, '../..');

async function world() {
  const t = await newTenant('Idem');
  const db = tenantDbFor(t.tenantId);
  const owner = { userId: t.ownerUserId, email: t.ownerEmail, name: 'Owner' };
  const { secret } = await createApiKey({ tenant: db, platform: testPlatformDb() }, { name: 'Sync', role: 'admin', unit: { id: t.rootUnitId, path: `/${t.rootUnitId}/` }, expiresInDays: 7, actor: owner });
  const post = async (body: unknown, key?: string, bearer = secret) => {
    const { POST } = (await import(join(ROOT, 'app/api/v1/units/route.ts'))) as { POST: (r: Request) => Promise<Response> };
    const res = await POST(new Request('http://arbor.test/api/v1/units', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}`, ...(key !== undefined ? { 'idempotency-key': key } : {}) },
      body: JSON.stringify(body),
    }));
    return { res, json: (await res.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
  };
  const children = async () => (await listChildren(db, t.rootUnitId)).items.map((u) => u.name);
  return { t, post, children };
}

test('a retry with the same key answers the first result, marked replayed, and creates nothing again', async () => {
  const w = await world();
  const body = { parentId: w.t.rootUnitId, name: 'Platform' };
  const first = await w.post(body, 'create-platform-1');
  assert.equal(first.res.status, 201);
  const again = await w.post(body, 'create-platform-1');
  assert.equal(again.res.status, 201);
  assert.equal(again.res.headers.get('Idempotent-Replayed'), 'true');
  assert.deepEqual(again.json, first.json);
  assert.deepEqual(await w.children(), ['Platform']);
});

test('the same key with another body is refused (422) and writes nothing', async () => {
  const w = await world();
  await w.post({ parentId: w.t.rootUnitId, name: 'One' }, 'k-1');
  const other = await w.post({ parentId: w.t.rootUnitId, name: 'Two' }, 'k-1');
  assert.equal(other.res.status, 422);
  assert.equal(other.json.error.code, 'request.idempotencyMismatch');
  assert.deepEqual(await w.children(), ['One']);
});

test('a malformed key is refused (400) before anything runs', async () => {
  const w = await world();
  for (const key of ['', ' ', 'x'.repeat(256), 'naïve']) {
    const { res, json } = await w.post({ parentId: w.t.rootUnitId, name: 'Nope' }, key);
    assert.equal(res.status, 400, JSON.stringify(key));
    assert.equal(json.error.code, 'request.badIdempotencyKey');
  }
  assert.deepEqual(await w.children(), []);
});

test('two concurrent requests with one key: one creates, the other waits its turn (409) or replays it', async () => {
  const w = await world();
  const body = { parentId: w.t.rootUnitId, name: 'Raced' };
  const answers = await Promise.all([w.post(body, 'race-1'), w.post(body, 'race-1')]);
  const statuses = answers.map((a) => a.res.status).sort();
  assert.ok(statuses[0] === 201 && [201, 409].includes(statuses[1]), JSON.stringify(statuses));
  assert.deepEqual(await w.children(), ['Raced']);
});

test('a refused first request is not kept: its retry runs again', async () => {
  const w = await world();
  const bad = await w.post({ parentId: w.t.rootUnitId, name: '' }, 'fix-and-retry');
  assert.equal(bad.res.status, 400);
  const dup = await w.post({ parentId: w.t.rootUnitId, name: 'Fixed' }, 'fix-and-retry');
  assert.equal(dup.res.status, 201, JSON.stringify(dup.json));
});
