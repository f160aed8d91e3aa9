// The entry-point wrappers with a real tenant on DynamoDB Local. The session is the one seam
// replaced: the actor source loads a known user's access exactly as lib/auth does after
// decoding a cookie (the HTTP matrix through real sessions lives with the API routes).
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { z } from 'zod';
import { createEntryPoints } from '../../lib/api/actor-entry';
import type { RequestActor } from '../../lib/auth';
import { type UnitRef } from '../../lib/authz';
import { keys, type TenantDb } from '../../lib/db';
import { addMembership, loadActorAccess } from '../../lib/members';
import { logTo } from '../../lib/observability';
import { rootPath, toUnit } from '../../lib/org/unit-item';
import { newTenant } from '../support/fixtures';
import { tenantDbFor } from '../support/tenant-db';
import { rawClient } from '../support/raw-client';

describe('withActor', () => {
  let db: TenantDb;
  let root: UnitRef;
  let memberId: string;
  let entry: ReturnType<typeof createEntryPoints<RequestActor>>;

  before(async () => {
    const t = await newTenant('Entry');
    db = tenantDbFor(t.tenantId);
    root = { id: t.rootUnitId, path: rootPath(t.rootUnitId), name: 'Top' };
    memberId = ulid();
    await addMembership(db, { userId: t.ownerUserId, email: t.ownerEmail }, {
      unitId: root.id, role: 'member', userId: memberId, email: `member@${t.domain}`, name: 'Member',
    });
    const load = async () => ({ ...(await loadActorAccess(db, memberId)), email: `member@${t.domain}`, db });
    entry = createEntryPoints({ load, require: load });
  });

  const call = (handler: (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>, init?: RequestInit, params = {}) =>
    handler(new Request('http://arbor.test/api/v1/x', init), { params: Promise.resolve(params) });

  const readRoot = async (tdb: TenantDb) => {
    const out = await tdb.client.send(new GetCommand({ TableName: tdb.tableName, Key: keys.unit(tdb.tenantId, root.id) }));
    return toUnit(out.Item!);
  };

  test('authorizes, then answers with JSON', async () => {
    const GET = entry.withActor({ params: z.object({ id: z.string() }) }, async ({ db: tdb, authorize, params }) => {
      const unit = await readRoot(tdb);
      authorize('tree.read', { unit: { id: unit.id, path: unit.path, name: unit.name } });
      return { id: params.id, name: unit.name };
    });
    const res = await call(GET, undefined, { id: root.id });
    assert.equal(res.status, 200);
    assert.equal((await res.json()).id, root.id);
  });

  test('a refusal is a 403 with the missing permission, and nothing is written', async () => {
    const before = await readRoot(db);
    const PATCH = entry.withActor({ body: z.object({ name: z.string().min(1) }) }, async ({ db: tdb, authorize, body }) => {
      const unit = await readRoot(tdb);
      authorize('unit.rename', { unit: { id: unit.id, path: unit.path, name: unit.name } });
      await rawClient(tdb).send(new PutCommand({ TableName: tdb.tableName, Item: { ...keys.unit(tdb.tenantId, unit.id), name: body.name } }));
    });
    const res = await call(PATCH, { method: 'PATCH', body: JSON.stringify({ name: 'Renamed' }) });
    assert.equal(res.status, 403);
    const body = await res.json();
    assert.equal(body.error.code, 'authz.unit.rename');
    assert.match(body.error.message, /You need to manage a unit above/);
    assert.deepEqual(await readRoot(db), before);
  });

  test('a write sent before authorize never reaches the table (500, logged)', async () => {
    const stray = ulid();
    const POST = entry.withActor({}, async ({ db: tdb, authorize }) => {
      await rawClient(tdb).send(new PutCommand({ TableName: tdb.tableName, Item: { ...keys.unit(tdb.tenantId, stray), type: 'stray' } }));
      authorize('tree.read', { unit: root });
    });
    const res = await quietly(() => call(POST, { method: 'POST' }));
    assert.equal(res.status, 500);
    assert.equal((await res.json()).error.code, 'internal');
    const out = await db.client.send(new GetCommand({ TableName: db.tableName, Key: keys.unit(db.tenantId, stray) }));
    assert.equal(out.Item, undefined);
  });

  test('a handler that never authorizes returns nothing it read (500)', async () => {
    const GET = entry.withActor({}, async ({ db: tdb }) => readRoot(tdb));
    const res = await quietly(() => call(GET));
    assert.equal(res.status, 500);
    assert.doesNotMatch(await res.text(), /Top|path/);
  });

  test('bad input is a 400 before the handler runs', async () => {
    let ran = false;
    const POST = entry.withActor({ body: z.object({ name: z.string().min(1) }) }, async () => {
      ran = true;
    });
    const res = await call(POST, { method: 'POST', body: JSON.stringify({ name: '' }) });
    assert.equal(res.status, 400);
    assert.equal((await res.json()).error.code, 'request.invalid');
    assert.equal((await call(POST, { method: 'POST', body: '{nope' })).status, 400);
    assert.equal(ran, false);
  });

  test('selfOnly routes need no place', async () => {
    const GET = entry.withActor({ selfOnly: true }, async ({ actor }) => ({ units: actor.memberships.map((m) => m.unitId) }));
    const res = await call(GET);
    assert.deepEqual(await res.json(), { units: [root.id] });
  });
});

/** Runs `fn` with the logger silenced (the wrapper logs unexpected errors on purpose). */
async function quietly<T>(fn: () => Promise<T>): Promise<T> {
  const restore = logTo({ write: () => {} });
  try {
    return await fn();
  } finally {
    restore();
  }
}
