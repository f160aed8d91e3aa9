// A route handler through the shared entry point (withActor) writes one access line: the request
// id it answered with, the tenant, the actor's id (never their email or name), the route's
// pattern, status, duration, and the DynamoDB requests and capacity the request used. Against
// DynamoDB Local with a real tenant; the session is the one seam replaced, as in test/authz.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { z } from 'zod';
import { createEntryPoints } from '../../lib/api/actor-entry';
import { operation } from '../../lib/api/operation';
import type { RequestActor } from '../../lib/auth';
import { keys } from '../../lib/db';
import { addMembership, loadActorAccess } from '../../lib/members';
import { logTo, REQUEST_ID_HEADER } from '../../lib/observability';
import { rootPath } from '../../lib/org/unit-item';
import { newTenant } from '../support/fixtures';
import { tenantDbFor } from '../support/tenant-db';

const unitRoute = { path: '/api/v1/units/{unitId}', summary: 'A unit', tag: 'Units' } as const;
const getUnit = operation({ ...unitRoute, method: 'get', operationId: 'getUnit', response: z.object({ name: z.string() }) });
const deleteUnit = operation({ ...unitRoute, method: 'delete', operationId: 'deleteUnit' });

describe('the access line of a withActor route', () => {
  const lines: Record<string, unknown>[] = [];
  const restore = logTo({ write: (s: string) => void lines.push(JSON.parse(s)) });
  after(restore);
  let entry: ReturnType<typeof createEntryPoints<RequestActor>>;
  let tenantId: string;
  let memberId: string;
  let rootId: string;
  const memberName = 'Philippa Observed';
  let memberEmail: string;

  before(async () => {
    const t = await newTenant('Logs');
    tenantId = t.tenantId;
    rootId = t.rootUnitId;
    const db = tenantDbFor(t.tenantId);
    memberId = ulid();
    memberEmail = `philippa@${t.domain}`;
    await addMembership(db, { userId: t.ownerUserId, email: t.ownerEmail }, { unitId: rootId, role: 'member', userId: memberId, email: memberEmail, name: memberName });
    const load = async () => ({ ...(await loadActorAccess(db, memberId)), email: memberEmail, name: memberName, db });
    entry = createEntryPoints({ load, require: load });
  });

  test('names request, tenant, actor, route, status, duration and DynamoDB usage', async () => {
    const GET = entry.withActor(getUnit, async ({ db, authorize }) => {
      const out = await db.client.send(new GetCommand({ TableName: db.tableName, Key: keys.unit(db.tenantId, rootId), ConsistentRead: true }));
      authorize('tree.read', { unit: { id: rootId, path: rootPath(rootId), name: String(out.Item?.name) } });
      return { name: out.Item?.name };
    });
    lines.length = 0;
    const res = await GET(new Request(`http://arbor.test/api/v1/units/${rootId}?q=${encodeURIComponent(memberEmail)}`, { headers: { [REQUEST_ID_HEADER]: 'alb-trace-000001' } }), {
      params: Promise.resolve({ unitId: rootId }),
    });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get(REQUEST_ID_HEADER), 'alb-trace-000001');
    const access = lines.filter((l) => l.type === 'access');
    assert.equal(access.length, 1, JSON.stringify(lines));
    const line = access[0] as Record<string, unknown> & { dynamodb: Record<string, number> };
    assert.equal(line.requestId, 'alb-trace-000001');
    assert.equal(line.tenantId, tenantId);
    assert.equal(line.actorId, memberId);
    assert.equal(line.actorType, 'user');
    assert.equal(line.route, '/api/v1/units/{unitId}');
    assert.equal(line.method, 'GET');
    assert.equal(line.status, 200);
    assert.equal(typeof line.durationMs, 'number');
    assert.ok(line.dynamodb.requests >= 1, JSON.stringify(line));
    assert.ok(line.dynamodb.consumedRcu > 0, JSON.stringify(line));
    const text = JSON.stringify(lines);
    assert.ok(!text.includes(memberEmail) && !text.includes('Philippa'), `personal data in the log: ${text}`);
  });

  test('a refusal is logged with its status and the actor who was refused', async () => {
    const DELETE = entry.withActor(deleteUnit, async ({ authorize }) => {
      authorize('unit.delete', { unit: { id: rootId, path: rootPath(rootId), name: 'Top' } });
    });
    lines.length = 0;
    const res = await DELETE(new Request(`http://arbor.test/api/v1/units/${rootId}`, { method: 'DELETE' }), { params: Promise.resolve({ unitId: rootId }) });
    assert.equal(res.status, 403);
    const line = lines.find((l) => l.type === 'access')!;
    assert.equal(line.status, 403);
    assert.equal(line.actorId, memberId);
    assert.match(String(res.headers.get(REQUEST_ID_HEADER)), /^[0-9a-f-]{36}$/);
    assert.equal(line.requestId, res.headers.get(REQUEST_ID_HEADER));
  });
});
