// The webhook routes with an API key, across tenants: another organization's endpoints and
// deliveries are simply not found (404), and nothing of theirs changes; a manager key is refused.
import assert from 'node:assert/strict';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { ulid } from 'ulid';
import { createApiKey } from '../../lib/api-keys';
import { createUnit } from '../../lib/org';
import { createEndpoint, listEndpoints, messageIdOf } from '../../lib/webhooks';
import { listDeliveries, queueDeliveries } from '../../lib/webhooks/deliveries';
import { newTenant } from '../support/fixtures';
import { tenantDbFor } from '../support/tenant-db';
import { testPlatformDb } from '../support/tenancy';

const ROOT = resolve(import.meta.dirname, '../..');

async function world() {
  const t = await newTenant('HookRoutes');
  const db = tenantDbFor(t.tenantId);
  const owner = { userId: t.ownerUserId, email: t.ownerEmail, name: 'Owner' };
  const scope = { tenant: db, platform: testPlatformDb() };
  const root = { id: t.rootUnitId, path: `/${t.rootUnitId}/` };
  const admin = await createApiKey(scope, { name: 'Admin', role: 'admin', unit: root, expiresInDays: 1, actor: owner });
  const team = await createUnit(db, owner, { parentId: t.rootUnitId, name: 'Team' });
  const manager = await createApiKey(scope, { name: 'Manager', role: 'manager', unit: team, expiresInDays: 1, actor: owner });
  const { endpoint } = await createEndpoint(scope, owner, { url: 'http://127.0.0.1:9/hook' });
  const messageId = messageIdOf(ulid());
  await queueDeliveries(db, { messageId, type: 'unit.created', timestamp: new Date().toISOString(), data: { organizationId: t.tenantId, actor: { id: owner.userId, email: owner.email }, target: { type: 'unit', id: team.id } } }, [endpoint.endpointId]);
  return { t, db, admin: admin.secret, manager: manager.secret, endpoint, messageId };
}

async function call(method: string, route: string, bearer: string, params: Record<string, string> = {}, body?: unknown) {
  const path = route.replace(/\[(\w+)\]/g, (_, n: string) => params[n]);
  const mod = (await import(join(ROOT, 'app', route, 'route.ts'))) as Record<string, (r: Request, c: unknown) => Promise<Response>>;
  const res = await mod[method](
    new Request(`http://arbor.test${path}`, { method, headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' }, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) }),
    { params: Promise.resolve(params) },
  );
  return { status: res.status, json: res.status === 204 ? undefined : ((await res.json()) as Record<string, any>) }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

test("another organization's endpoints and deliveries are not found, and stay as they were", async () => {
  const [a, b] = [await world(), await world()];
  const ids = { endpointId: b.endpoint.endpointId, messageId: b.messageId };
  assert.equal((await call('GET', '/api/v1/webhooks/[endpointId]/deliveries', a.admin, ids)).status, 404);
  assert.equal((await call('PATCH', '/api/v1/webhooks/[endpointId]', a.admin, ids, { enabled: false, expectedVersion: 1 })).status, 404);
  assert.equal((await call('DELETE', '/api/v1/webhooks/[endpointId]', a.admin, ids)).status, 404);
  assert.equal((await call('POST', '/api/v1/webhooks/[endpointId]/deliveries/[messageId]/resend', a.admin, ids)).status, 404);
  const listed = await call('GET', '/api/v1/webhooks', a.admin);
  assert.deepEqual(listed.json!.endpoints.map((e: { endpointId: string }) => e.endpointId), [a.endpoint.endpointId]);
  const [still] = await listEndpoints(b.db);
  assert.equal(still.enabled, true);
  assert.equal(still.version, b.endpoint.version);
  assert.equal((await listDeliveries(b.db, b.endpoint.endpointId)).items[0].state, 'pending');
});

test('a manager key may not manage webhooks; an admin key may', async () => {
  const w = await world();
  const refused = await call('GET', '/api/v1/webhooks', w.manager);
  assert.equal(refused.status, 403);
  assert.equal(refused.json!.error.code, 'authz.integrations.manage');
  const log = await call('GET', '/api/v1/webhooks/[endpointId]/deliveries', w.admin, { endpointId: w.endpoint.endpointId });
  assert.equal(log.status, 200);
  assert.equal(log.json!.items[0].messageId, w.messageId);
  const made = await call('POST', '/api/v1/webhooks', w.admin, {}, { url: 'http://127.0.0.1:9/other', eventTypes: ['unit.created'] });
  assert.equal(made.status, 201);
  assert.match(made.json!.secret, /^whsec_/);
});
