// API keys against the real route handlers, the real tenancy (STS + the IAM gateway) and
// DynamoDB Local: a key acts exactly as its role on its unit, is audited as "API key <name>",
// reaches nothing of another tenant, stops when revoked or expired, cannot manage credentials,
// and its writes are bound to the key and its unit as a person's are to their membership.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { createApiKey, revokeApiKey } from '../../lib/api-keys';
import { entrySources } from '../../lib/api/with-actor';
import { listAudit } from '../../lib/audit';
import { keys } from '../../lib/db';
import { apiKeyHash } from '../../lib/api-keys/manage-keys';
import { addMembership } from '../../lib/members';
import { createUnit, deleteUnit, getUnitOrThrow, listChildren, moveUnit } from '../../lib/org';
import { person } from '../members/fixtures';
import { newTenant } from '../support/fixtures';
import { tenantDbFor } from '../support/tenant-db';
import { testOperatorDb, testPlatformDb } from '../support/tenancy';
import { rawClient } from '../support/raw-client';
import { callRoute } from './route-call';

async function world() {
  const t = await newTenant('Keys');
  const db = tenantDbFor(t.tenantId);
  const owner = { userId: t.ownerUserId, email: t.ownerEmail, name: 'Owner' };
  const eng = await createUnit(db, owner, { parentId: t.rootUnitId, name: 'Engineering' });
  const sales = await createUnit(db, owner, { parentId: t.rootUnitId, name: 'Sales' });
  const scope = { tenant: db, platform: testPlatformDb() };
  const engKey = await createApiKey(scope, { name: 'Eng sync', role: 'manager', unit: eng, expiresInDays: 30, actor: owner });
  return { t, db, owner, eng, sales, scope, engKey };
}

const call = callRoute;

const names = async (db: ReturnType<typeof tenantDbFor>, parentId: string) => (await listChildren(db, parentId)).items.map((u) => u.name);

describe('API keys', () => {
  after(() => {
    entrySources.beforeFirstWrite = undefined;
  });

  test('a manager key creates inside its unit, audited as the key, with the rate-limit headers', async () => {
    const w = await world();
    const { res, json } = await call('POST', '/api/v1/units', { bearer: w.engKey.secret, body: { parentId: w.eng.id, name: 'Platform' } });
    assert.equal(res.status, 201, JSON.stringify(json));
    assert.equal(json!.name, 'Platform');
    assert.ok(Number(res.headers.get('RateLimit-Limit')) > 0);
    assert.ok(res.headers.get('RateLimit-Remaining') !== null && res.headers.get('RateLimit-Reset') !== null);
    const [entry] = (await listAudit(w.db, { actorId: w.engKey.key.keyId })).items;
    assert.equal(entry.action, 'unit.create');
    assert.equal(entry.actor.name, 'API key Eng sync');
  });

  test('outside its subtree the key is refused like a manager, and nothing is written', async () => {
    const w = await world();
    const { res, json } = await call('POST', '/api/v1/units', { bearer: w.engKey.secret, body: { parentId: w.sales.id, name: 'Leads' } });
    assert.equal(res.status, 403);
    assert.equal(json!.error.code, 'authz.unit.create');
    assert.deepEqual(await names(w.db, w.sales.id), []);
  });

  test("another tenant's unit is simply not found, and that tenant is untouched", async () => {
    const [a, b] = [await world(), await world()];
    const read = await call('GET', '/api/v1/units/[unitId]', { bearer: a.engKey.secret, params: { unitId: b.eng.id } });
    assert.equal(read.res.status, 404);
    assert.doesNotMatch(JSON.stringify(read.json), /Engineering/);
    const write = await call('POST', '/api/v1/units', { bearer: a.engKey.secret, body: { parentId: b.eng.id, name: 'Intruder' } });
    assert.equal(write.res.status, 404);
    assert.deepEqual(await names(b.db, b.eng.id), []);
    assert.equal((await getUnitOrThrow(b.db, b.eng.id)).version, b.eng.version);
  });

  test('a key cannot manage credentials or sign-in: 403 apiKey.personOnly', async () => {
    const w = await world();
    const admin = await createApiKey(w.scope, { name: 'Admin key', role: 'admin', unit: { id: w.t.rootUnitId, path: `/${w.t.rootUnitId}/` }, expiresInDays: 7, actor: w.owner });
    for (const [method, route, body] of [
      ['GET', '/api/v1/api-keys', undefined],
      ['POST', '/api/v1/api-keys', { name: 'Escalate', unitId: w.t.rootUnitId, role: 'admin', expiresInDays: 30 }],
      ['POST', '/api/v1/directory/tokens', { label: 'x' }],
      ['GET', '/api/v1/settings/sso', undefined],
    ] as const) {
      const { res, json } = await call(method, route, { bearer: admin.secret, body });
      assert.equal(res.status, 403, `${method} ${route}`);
      assert.equal(json!.error.code, 'apiKey.personOnly');
    }
    assert.equal((await listAudit(w.db, { actorId: admin.key.keyId })).items.length, 0);
  });

  test('revoked, expired, unknown and malformed keys answer 401 and write nothing', async () => {
    const w = await world();
    const expiring = await createApiKey(w.scope, { name: 'Old', role: 'manager', unit: w.eng, expiresInDays: 1, actor: w.owner });
    await rawClient(testOperatorDb()).send(new UpdateCommand({
      TableName: testOperatorDb().tableName, Key: keys.accessToken(apiKeyHash(expiring.secret)),
      UpdateExpression: 'SET keyExpiresAt = :past', ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
    }));
    const revoked = await createApiKey(w.scope, { name: 'Gone', role: 'manager', unit: w.eng, expiresInDays: 30, actor: w.owner });
    await revokeApiKey(w.scope, { keyId: revoked.key.keyId, actor: w.owner });
    for (const [bearer, code] of [
      [expiring.secret, 'apiKey.expired'],
      [revoked.secret, 'apiKey.invalid'],
      [`arbor_key_${'A'.repeat(43)}`, 'apiKey.invalid'],
      ['not-a-key', 'apiKey.invalid'],
    ]) {
      const { res, json } = await call('POST', '/api/v1/units', { bearer, body: { parentId: w.eng.id, name: 'X' } });
      assert.equal(res.status, 401, bearer);
      assert.equal(json!.error.code, code);
    }
    assert.deepEqual(await names(w.db, w.eng.id), []);
  });

  test('a key whose unit was deleted stops: 401 apiKey.scopeGone', async () => {
    const w = await world();
    const team = await createUnit(w.db, w.owner, { parentId: w.eng.id, name: 'Team' });
    const key = await createApiKey(w.scope, { name: 'Team key', role: 'member', unit: team, expiresInDays: 30, actor: w.owner });
    await deleteUnit(w.db, w.owner, { unitId: team.id, expectedVersion: team.version });
    const { res, json } = await call('GET', '/api/v1/units/[unitId]', { bearer: key.secret, params: { unitId: w.eng.id } });
    assert.equal(res.status, 401);
    assert.equal(json!.error.code, 'apiKey.scopeGone');
  });

  test("a key's unit moved into another subtree: the key follows it", async () => {
    const w = await world();
    await moveUnit(w.db, w.owner, { unitId: w.eng.id, newParentId: w.sales.id, expectedVersion: w.eng.version });
    const { res } = await call('POST', '/api/v1/units', { bearer: w.engKey.secret, body: { parentId: w.eng.id, name: 'Platform' } });
    assert.equal(res.status, 201);
  });

  for (const race of ['revoked', 'unitMoved'] as const) {
    test(`the key ${race} between the decision and the write → 409 authz.stale, nothing written`, async () => {
      const w = await world();
      const team = await createUnit(w.db, w.owner, { parentId: w.t.rootUnitId, name: 'Elsewhere' });
      entrySources.beforeFirstWrite = async () => {
        if (race === 'revoked') await revokeApiKey(w.scope, { keyId: w.engKey.key.keyId, actor: w.owner });
        else await moveUnit(w.db, w.owner, { unitId: w.eng.id, newParentId: team.id, expectedVersion: (await getUnitOrThrow(w.db, w.eng.id)).version });
      };
      try {
        const { res, json } = await call('POST', '/api/v1/units', { bearer: w.engKey.secret, body: { parentId: w.eng.id, name: 'Platform' } });
        assert.equal(res.status, 409, JSON.stringify(json));
        assert.equal(json!.error.code, 'authz.stale');
      } finally {
        entrySources.beforeFirstWrite = undefined;
      }
      assert.deepEqual(await names(w.db, w.eng.id), []);
      assert.equal((await listAudit(w.db, { actorId: w.engKey.key.keyId })).items.length, 0);
    });
  }

  test('a member key reads its subtree and nothing more', async () => {
    const w = await world();
    const reader = await createApiKey(w.scope, { name: 'Reader', role: 'member', unit: w.eng, expiresInDays: 30, actor: w.owner });
    await addMembership(w.db, w.owner, { unitId: w.eng.id, role: 'member', ...person('Ann') });
    assert.equal((await call('GET', '/api/v1/units/[unitId]', { bearer: reader.secret, params: { unitId: w.eng.id } })).res.status, 200);
    assert.equal((await call('GET', '/api/v1/units/[unitId]', { bearer: reader.secret, params: { unitId: w.sales.id } })).res.status, 403);
    const write = await call('POST', '/api/v1/units', { bearer: reader.secret, body: { parentId: w.eng.id, name: 'Nope' } });
    assert.equal(write.res.status, 403);
  });
});
