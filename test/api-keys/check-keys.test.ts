// Check keys (`scope: "check"`) against the real route handlers, tenancy and DynamoDB Local: made
// from Settings → API keys' operation with their scope listed and audited, they may call only
// check operations (anything else is 403 apiKey.checkOnly and changes nothing), never leave their
// own organization, and are remembered for check operations only: revoked, a key stops writing at
// once and stops asking checks within the memory's window.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { z } from 'zod';
import { createApiKey, createCheckKeyMemory, listApiKeys, loadApiKeyActor, revokeApiKey } from '../../lib/api-keys';
import { createEntryPoints } from '../../lib/api/actor-entry';
import { entrySources, withActor } from '../../lib/api/with-actor';
import { config } from '../../lib/config';
import { listAudit } from '../../lib/audit';
import { loadActorAccess } from '../../lib/members';
import { createUnit, getUnitOrThrow, listChildren } from '../../lib/org';
import { tenantDb } from '../../lib/tenancy';
import { keys } from '../../lib/db';
import { apiKeyHash } from '../../lib/api-keys/manage-keys';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { rawClient } from '../support/raw-client';
import { newTenant } from '../support/fixtures';
import { tenantDbFor } from '../support/tenant-db';
import { testOperatorDb, testPlatformDb } from '../support/tenancy';
import { callRoute } from './route-call';

async function world() {
  const t = await newTenant('CheckKeys');
  const db = tenantDbFor(t.tenantId);
  const owner = { userId: t.ownerUserId, email: t.ownerEmail, name: 'Owner' };
  const eng = await createUnit(db, owner, { parentId: t.rootUnitId, name: 'Engineering' });
  const stores = { tenant: db, platform: testPlatformDb() };
  const top = { id: t.rootUnitId, path: `/${t.rootUnitId}/` };
  const checker = await createApiKey(stores, { name: 'Expenses app', role: 'admin', scope: 'check', unit: top, expiresInDays: 30, actor: owner });
  return { t, db, owner, eng, stores, top, checker };
}

const deps = { platform: testPlatformDb(), tenantDb };

/** Entry points as the app builds them, with a memory of its own whose clock the test moves. */
function entryPointsWithMemory() {
  const clock = { now: 1_000_000 };
  const remembered = createCheckKeyMemory({ ttlMs: 10_000, now: () => clock.now });
  const { withActor } = createEntryPoints({
    load: () => Promise.reject(new Error('no sessions here')),
    require: () => Promise.reject(new Error('no sessions here')),
    fromBearer: (bearer, { check }) => (check ? remembered : loadApiKeyActor)(deps, bearer),
  });
  // A check operation reading one unit (as the check engine reads its target), and a write.
  const check = withActor({ check: true, body: z.object({ unitId: z.string() }) }, async (ctx) => {
    ctx.authorize('tenant.read', {});
    const unit = await getUnitOrThrow(ctx.db, ctx.body.unitId);
    return { unitId: unit.id, tenantId: ctx.actor.tenantId };
  });
  const write = withActor({ body: z.object({ parentId: z.string(), name: z.string() }) }, async (ctx) => {
    const parent = await getUnitOrThrow(ctx.db, ctx.body.parentId);
    ctx.authorize('unit.create', { parent });
    return { id: (await createUnit(ctx.db, ctx.actor, { parentId: parent.id, name: ctx.body.name })).id };
  });
  const post = (route: typeof check, bearer: string, body: unknown) =>
    route(new Request('http://arbor.test/api/v1/x', { method: 'POST', headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' }, body: JSON.stringify(body) }), undefined);
  return { clock, check: (bearer: string, body: unknown) => post(check, bearer, body), write: (bearer: string, body: unknown) => post(write, bearer, body) };
}

const codeOf = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;
const childNames = async (db: ReturnType<typeof tenantDbFor>, parentId: string) => (await listChildren(db, parentId)).items.map((u) => u.name);

describe('check keys', () => {
  const load = entrySources.load;
  after(() => {
    entrySources.load = load;
  });

  test('the console creates a check key: its scope is stored, listed, answered and audited; a key without one is full', async () => {
    const w = await world();
    const owner = await loadActorAccess(w.db, w.t.ownerUserId);
    entrySources.load = async () => owner;
    const created = await callRoute('POST', '/api/v1/api-keys', { body: { name: 'Wiki', unitId: w.eng.id, role: 'manager', scope: 'check', expiresInDays: 30 } });
    assert.equal(created.res.status, 201, JSON.stringify(created.json));
    assert.equal(created.json!.key.scope, 'check');
    const plain = await callRoute('POST', '/api/v1/api-keys', { body: { name: 'Sync', unitId: w.eng.id, role: 'manager', expiresInDays: 30 } });
    assert.equal(plain.json!.key.scope, 'full');
    const refused = await callRoute('POST', '/api/v1/api-keys', { body: { name: 'Odd', unitId: w.eng.id, role: 'manager', scope: 'read', expiresInDays: 30 } });
    assert.equal(refused.res.status, 400);

    const listed = await callRoute('GET', '/api/v1/api-keys');
    const scopes = Object.fromEntries((listed.json!.keys as { name: string; scope: string }[]).map((k) => [k.name, k.scope]));
    assert.deepEqual(scopes, { 'Expenses app': 'check', Wiki: 'check', Sync: 'full' });
    const audited = (await listAudit(w.db, { action: 'apiKey.create' })).items.map((e) => [e.target.label, (e.after as { scope?: string }).scope]);
    assert.deepEqual(audited.sort(), [['Expenses app', 'check'], ['Sync', 'full'], ['Wiki', 'check']]);
    assert.deepEqual((await listApiKeys(w.stores)).map((k) => k.scope).sort(), ['check', 'check', 'full']);
  });

  test('a check key calling a write or a read that is not a check: 403 apiKey.checkOnly, nothing changed', async () => {
    const w = await world();
    for (const [method, route, params, body] of [
      ['POST', '/api/v1/units', {}, { parentId: w.eng.id, name: 'Intruder' }],
      ['GET', '/api/v1/units/[unitId]', { unitId: w.eng.id }, undefined],
      ['PATCH', '/api/v1/units/[unitId]', { unitId: w.eng.id }, { name: 'Renamed', expectedVersion: w.eng.version }],
      ['GET', '/api/v1/audit', {}, undefined],
    ] as const) {
      const { res, json } = await callRoute(method, route, { bearer: w.checker.secret, params, body });
      assert.equal(res.status, 403, `${method} ${route}`);
      assert.equal(json!.error.code, 'apiKey.checkOnly', `${method} ${route}`);
      assert.equal(res.headers.get('Arbor-Consistency-Token'), null);
    }
    assert.deepEqual(await childNames(w.db, w.eng.id), []);
    assert.equal((await getUnitOrThrow(w.db, w.eng.id)).name, 'Engineering');
    assert.equal((await listAudit(w.db, { actorId: w.checker.key.keyId })).items.length, 0);
  });

  test('a check key cannot make keys (person-only comes first)', async () => {
    const w = await world();
    const { res, json } = await callRoute('POST', '/api/v1/api-keys', { bearer: w.checker.secret, body: { name: 'Escalate', unitId: w.t.rootUnitId, role: 'admin', expiresInDays: 30 } });
    assert.equal(res.status, 403);
    assert.equal(json!.error.code, 'apiKey.personOnly');
    assert.equal((await listApiKeys(w.stores)).length, 1);
  });

  test('a check key asks within its own organization only, and a check answers no consistency token', async () => {
    const [a, b] = [await world(), await world()];
    const app = entryPointsWithMemory();
    const own = await app.check(a.checker.secret, { unitId: a.eng.id });
    assert.equal(own.status, 200);
    assert.deepEqual(await own.json(), { unitId: a.eng.id, tenantId: a.t.tenantId });
    assert.equal(own.headers.get('Arbor-Consistency-Token'), null);
    const other = await app.check(a.checker.secret, { unitId: b.eng.id });
    assert.equal(other.status, 404);
    assert.doesNotMatch(await other.text(), /Engineering/);
  });

  test('revoked, a key stops writing at once, and stops asking checks within the memory window', async () => {
    const w = await world();
    const full = await createApiKey(w.stores, { name: 'Both', role: 'admin', unit: w.top, expiresInDays: 30, actor: w.owner });
    const app = entryPointsWithMemory();
    assert.equal((await app.check(full.secret, { unitId: w.eng.id })).status, 200);
    assert.equal((await app.check(w.checker.secret, { unitId: w.eng.id })).status, 200);
    await revokeApiKey(w.stores, { keyId: full.key.keyId, actor: w.owner });
    await revokeApiKey(w.stores, { keyId: w.checker.key.keyId, actor: w.owner });

    const write = await app.write(full.secret, { parentId: w.eng.id, name: 'After revoke' });
    assert.equal(write.status, 401);
    assert.equal(await codeOf(write), 'apiKey.invalid');
    assert.deepEqual(await childNames(w.db, w.eng.id), []);
    // Within the window, on this instance, the remembered key still asks.
    app.clock.now += 9_000;
    assert.equal((await app.check(w.checker.secret, { unitId: w.eng.id })).status, 200);
    app.clock.now += 1_001;
    const late = await app.check(w.checker.secret, { unitId: w.eng.id });
    assert.equal(late.status, 401);
    assert.equal(await codeOf(late), 'apiKey.invalid');
  });

  test("as the app wires it: a check operation takes the key from the memory and counts against the check limits", async () => {
    const w = await world();
    const route = withActor({ check: true }, async (ctx) => {
      ctx.authorize('tenant.read', {});
      return { ok: true };
    });
    const ask = () => route(new Request('http://arbor.test/api/v1/checks', { method: 'POST', headers: { authorization: `Bearer ${w.checker.secret}` } }), undefined);
    const first = await ask();
    assert.equal(first.status, 200);
    assert.equal(first.headers.get('RateLimit-Limit'), String(config().ARBOR_CHECK_RATE_PER_KEY));
    await revokeApiKey(w.stores, { keyId: w.checker.key.keyId, actor: w.owner });
    assert.equal((await ask()).status, 200, 'remembered for a few seconds');
    const write = await callRoute('POST', '/api/v1/units', { bearer: w.checker.secret, body: { parentId: w.eng.id, name: 'X' } });
    assert.equal(write.res.status, 401);
  });

  test('a refusal is never remembered: a key refused as expired works once its expiry is later', async () => {
    const w = await world();
    const app = entryPointsWithMemory();
    const setExpiry = (at: number) =>
      rawClient(testOperatorDb()).send(new UpdateCommand({
        TableName: testOperatorDb().tableName, Key: keys.accessToken(apiKeyHash(w.checker.secret)),
        UpdateExpression: 'SET keyExpiresAt = :at', ExpressionAttributeValues: { ':at': new Date(at).toISOString() },
      }));
    await setExpiry(Date.now() - 1000);
    const refused = await app.check(w.checker.secret, { unitId: w.eng.id });
    assert.equal(refused.status, 401);
    assert.equal(await codeOf(refused), 'apiKey.expired');
    await setExpiry(Date.now() + 86_400_000);
    assert.equal((await app.check(w.checker.secret, { unitId: w.eng.id })).status, 200);
});
});
