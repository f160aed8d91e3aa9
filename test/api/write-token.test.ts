// Every successful write answers a consistency token (docs/api.md, docs/checks.md "Consistency"):
// the real route handlers, with an API key and with a person's session, against the local stack.
// The token stands for a moment after the write was acknowledged; reads and refusals carry none.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { createApiKey } from '../../lib/api-keys';
import { entrySources } from '../../lib/api/with-actor';
import { CONSISTENCY_TOKEN_HEADER, consistencyTokenTime } from '../../lib/db';
import { loadActorAccess } from '../../lib/members';
import { createUnit, getUnitOrThrow } from '../../lib/org';
import { startTreeJob } from '../../lib/org/jobs/run-tree-job';
import { callRoute } from '../api-keys/route-call';
import { newTenant } from '../support/fixtures';
import { tenantDbFor } from '../support/tenant-db';
import { testPlatformDb } from '../support/tenancy';

const load = entrySources.load;
after(() => {
  entrySources.load = load;
});

const tokenOf = (res: Response) => res.headers.get(CONSISTENCY_TOKEN_HEADER);

test('a write answers its token, issued once its writes were acknowledged; reads and refusals answer none', async () => {
  const t = await newTenant('Tokens');
  const db = tenantDbFor(t.tenantId);
  const owner = { userId: t.ownerUserId, email: t.ownerEmail, name: 'Owner' };
  const eng = await createUnit(db, owner, { parentId: t.rootUnitId, name: 'Engineering' });
  const { secret } = await createApiKey({ tenant: db, platform: testPlatformDb() }, { name: 'Sync', role: 'manager', unit: eng, expiresInDays: 1, actor: owner });

  const before = Date.now();
  const created = await callRoute('POST', '/api/v1/units', { bearer: secret, body: { parentId: eng.id, name: 'Platform' } });
  const answered = Date.now();
  assert.equal(created.res.status, 201);
  const time = consistencyTokenTime(tokenOf(created.res) ?? '');
  assert.ok(time !== undefined && time >= before && time <= answered, `token ${tokenOf(created.res)}`);

  const renamed = await callRoute('PATCH', '/api/v1/units/[unitId]', { bearer: secret, params: { unitId: created.json!.id }, body: { name: 'Platforms', expectedVersion: created.json!.version } });
  assert.equal(renamed.res.status, 200, JSON.stringify(renamed.json));
  assert.ok(consistencyTokenTime(tokenOf(renamed.res) ?? '')! >= time!);

  const read = await callRoute('GET', '/api/v1/units/[unitId]', { bearer: secret, params: { unitId: eng.id } });
  assert.equal(read.res.status, 200);
  assert.equal(tokenOf(read.res), null);
  const refused = await callRoute('POST', '/api/v1/units', { bearer: secret, body: { parentId: t.rootUnitId, name: 'Outside' } });
  assert.equal(refused.res.status, 403);
  assert.equal(tokenOf(refused.res), null);

  // A person's writes answer one too, a 204 included.
  entrySources.load = async () => loadActorAccess(db, t.ownerUserId);
  const removed = await callRoute('DELETE', '/api/v1/units/[unitId]', { params: { unitId: created.json!.id }, query: { expectedVersion: String(renamed.json!.version) } });
  assert.ok(removed.res.status >= 200 && removed.res.status < 300, `${removed.res.status} ${JSON.stringify(removed.json)}`);
  assert.notEqual(consistencyTokenTime(tokenOf(removed.res) ?? ''), undefined);
});

test("a finished job's status answers a token covering the job's writes", async () => {
  const t = await newTenant('JobTokens');
  const db = tenantDbFor(t.tenantId);
  const owner = { userId: t.ownerUserId, email: t.ownerEmail, name: 'Owner' };
  const [from, to] = [await createUnit(db, owner, { parentId: t.rootUnitId, name: 'Sales' }), await createUnit(db, owner, { parentId: t.rootUnitId, name: 'Field' })];
  const leaf = await createUnit(db, owner, { parentId: from.id, name: 'Leads' });
  const jobId = await startTreeJob(db, { kind: 'move', actor: owner, root: leaf, expectedVersion: leaf.version, toParent: await getUnitOrThrow(db, to.id) });
  const moved = Date.now();
  entrySources.load = async () => loadActorAccess(db, t.ownerUserId);
  const { res, json } = await callRoute('GET', '/api/v1/jobs/[jobId]', { params: { jobId } });
  assert.equal(res.status, 200);
  assert.equal(json!.finished, true);
  assert.ok(consistencyTokenTime(json!.consistencyToken)! >= moved);
  assert.equal(tokenOf(res), null);
});
