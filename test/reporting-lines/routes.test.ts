// The reporting-line routes called as API keys would: who may set a manager (owners and admins
// anywhere; a manager of everywhere the person is, choosing someone they can see; a member never),
// who may read one, and another organization's people, which are simply not there.
import assert from 'node:assert/strict';
import { join, resolve } from 'node:path';
import { describe, test } from 'node:test';
import { createApiKey } from '../../lib/api-keys';
import { addMembership } from '../../lib/members';
import { CONSISTENCY_TOKEN_HEADER } from '../../lib/db';
import { getReportingLine } from '../../lib/reporting-lines';
import { testPlatformDb } from '../support/tenancy';
import { snapshotTenant } from '../members/membership-invariants';
import { person } from '../members/fixtures';
import { lineWorld, setLine } from './fixtures';

const ROOT = resolve(import.meta.dirname, '../..');
const MANAGER = '/api/v1/members/[userId]/manager';
const REPORTS = '/api/v1/members/[userId]/reports';

async function world(label = 'LineRoutes') {
  const w = await lineWorld(label);
  const scope = { tenant: w.db, platform: testPlatformDb() };
  const key = (name: string, role: 'admin' | 'manager' | 'member', unit: { id: string; path: string }) =>
    createApiKey(scope, { name, role, unit, expiresInDays: 1, actor: w.owner }).then((k) => k.secret);
  const [admin, engineeringManager, cloudMember] = await Promise.all([
    key('Admin', 'admin', w.root),
    key('Engineering manager', 'manager', w.engineering),
    key('Cloud member', 'member', w.cloud),
  ]);
  return { ...w, admin, engineeringManager, cloudMember };
}

async function call(method: string, route: string, bearer: string, params: Record<string, string>, body?: unknown, search = '') {
  const path = route.replace(/\[(\w+)\]/g, (_, n: string) => params[n]!);
  const mod = (await import(join(ROOT, 'app', route, 'route.ts'))) as Record<string, (r: Request, c: unknown) => Promise<Response>>;
  const res = await mod[method]!(
    new Request(`http://arbor.test${path}${search}`, {
      method, headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' }, ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    }),
    { params: Promise.resolve(params) },
  );
  return { status: res.status, headers: res.headers, json: (await res.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

describe('PUT /api/v1/members/{userId}/manager', () => {
  test('an admin sets and clears a line; the answer carries the line, the manager and a consistency token', async () => {
    const w = await world();
    const set = await call('PUT', MANAGER, w.admin, { userId: w.ada.userId }, { managerId: w.dee.userId });
    assert.equal(set.status, 200, JSON.stringify(set.json));
    assert.deepEqual(set.json.manager, { userId: w.dee.userId, name: w.dee.name, email: w.dee.email });
    assert.equal(set.json.line.source, 'api');
    assert.ok(set.headers.get(CONSISTENCY_TOKEN_HEADER), 'a consistency token');
    const read = await call('GET', MANAGER, w.admin, { userId: w.ada.userId });
    assert.equal(read.json.line.managerId, w.dee.userId);
    const reports = await call('GET', REPORTS, w.admin, { userId: w.dee.userId });
    assert.deepEqual(reports.json.items.map((p: { userId: string }) => p.userId), [w.ada.userId]);
    const cleared = await call('PUT', MANAGER, w.admin, { userId: w.ada.userId }, { managerId: null, expectedVersion: 1 });
    assert.equal(cleared.status, 200);
    assert.equal(cleared.json.line, null);
  });

  test('a manager of Engineering sets lines inside it, not for someone also elsewhere, nor a manager they cannot see', async () => {
    const w = await world();
    const inside = await call('PUT', MANAGER, w.engineeringManager, { userId: w.ada.userId }, { managerId: w.bob.userId });
    assert.equal(inside.status, 200, JSON.stringify(inside.json));

    const before = await snapshotTenant(w.tenantId, w.rootUnitId);
    // Dee is in Sales: outside.
    const outside = await call('PUT', MANAGER, w.engineeringManager, { userId: w.dee.userId }, { managerId: w.bob.userId });
    assert.equal(outside.status, 403);
    assert.equal(outside.json.error.code, 'authz.reportingLine.change');
    // Dee as Cy's manager: Sales is not theirs to see.
    const hidden = await call('PUT', MANAGER, w.engineeringManager, { userId: w.cy.userId }, { managerId: w.dee.userId });
    assert.equal(hidden.status, 403);
    // Someone in Cloud and in Sales: not every unit of theirs is managed.
    const both = person('Eve Both');
    await addMembership(w.db, w.owner, { unitId: w.cloud.id, role: 'member', ...both });
    await addMembership(w.db, w.owner, { unitId: w.sales.id, role: 'member', ...both });
    const mid = await snapshotTenant(w.tenantId, w.rootUnitId);
    const split = await call('PUT', MANAGER, w.engineeringManager, { userId: both.userId }, { managerId: w.bob.userId });
    assert.equal(split.status, 403);
    assert.deepEqual(await snapshotTenant(w.tenantId, w.rootUnitId), mid);
    assert.notDeepEqual(before, mid);
  });

  test('a member is refused with nothing written, and may still read a line where they can see', async () => {
    const w = await world();
    await setLine(w.db, w.owner, w.cy.userId, w.bob.userId);
    const before = await snapshotTenant(w.tenantId, w.rootUnitId);
    const r = await call('PUT', MANAGER, w.cloudMember, { userId: w.ada.userId }, { managerId: w.bob.userId });
    assert.equal(r.status, 403);
    assert.equal(r.json.error.code, 'authz.reportingLine.change');
    assert.deepEqual(await snapshotTenant(w.tenantId, w.rootUnitId), before);
    const read = await call('GET', MANAGER, w.cloudMember, { userId: w.cy.userId });
    assert.equal(read.status, 200);
    assert.equal(read.json.manager.userId, w.bob.userId);
    assert.equal(read.json.canChange, false);
    // Dee is in Sales, which a Cloud member cannot see: not found.
    assert.equal((await call('GET', MANAGER, w.cloudMember, { userId: w.dee.userId })).status, 404);
  });

  test('a loop is 400 reportingLine.cycle, a bad body 400, a stale version 409; nothing written', async () => {
    const w = await world();
    await setLine(w.db, w.owner, w.ada.userId, w.bob.userId);
    const before = await snapshotTenant(w.tenantId, w.rootUnitId);
    const loop = await call('PUT', MANAGER, w.admin, { userId: w.bob.userId }, { managerId: w.ada.userId });
    assert.equal(loop.status, 400);
    assert.equal(loop.json.error.code, 'reportingLine.cycle');
    assert.match(loop.json.error.message, /Bob Noyce → Ada Lovelace → Bob Noyce/);
    assert.equal((await call('PUT', MANAGER, w.admin, { userId: w.bob.userId }, { managerId: 'nope' })).status, 400);
    assert.equal((await call('PUT', MANAGER, w.admin, { userId: w.bob.userId }, { manager: w.ada.userId })).status, 400);
    const self = await call('PUT', MANAGER, w.admin, { userId: w.bob.userId }, { managerId: w.bob.userId });
    assert.equal(self.json.error.code, 'reportingLine.self');
    const stale = await call('PUT', MANAGER, w.admin, { userId: w.ada.userId }, { managerId: w.cy.userId, expectedVersion: 3 });
    assert.equal(stale.status, 409);
    assert.equal(stale.json.error.code, 'reportingLine.versionConflict');
    assert.deepEqual(await snapshotTenant(w.tenantId, w.rootUnitId), before);
  });

  test('a loop refused to a unit manager names only the people they can see, the message and the chain alike', async () => {
    const w = await world('LinesHiddenLoop');
    // Ada (Cloud) → Dee (Sales) → Bob (Cloud): Bob → Ada would close it through Dee.
    await setLine(w.db, w.owner, w.ada.userId, w.dee.userId);
    await setLine(w.db, w.owner, w.dee.userId, w.bob.userId);
    const loop = await call('PUT', MANAGER, w.engineeringManager, { userId: w.bob.userId }, { managerId: w.ada.userId });
    assert.equal(loop.status, 400, JSON.stringify(loop.json));
    assert.equal(loop.json.error.code, 'reportingLine.cycle');
    assert.deepEqual(loop.json.error.details.chain, ['Bob Noyce', 'Ada Lovelace', 'someone outside your view', 'Bob Noyce']);
    assert.doesNotMatch(JSON.stringify(loop.json), /Dee|dee/);
    // An admin sees everyone: named.
    const named = await call('PUT', MANAGER, w.admin, { userId: w.bob.userId }, { managerId: w.ada.userId });
    assert.deepEqual(named.json.error.details.chain, ['Bob Noyce', 'Ada Lovelace', 'Dee Hock', 'Bob Noyce']);
  });

  test("another organization's people are not found as person or manager, and that organization is unchanged", async () => {
    const [w, other] = await Promise.all([world('LinesHere'), lineWorld('LinesThere')]);
    await setLine(other.db, other.owner, other.ada.userId, other.bob.userId);
    const theirs = await snapshotTenant(other.tenantId, other.rootUnitId);
    const asManager = await call('PUT', MANAGER, w.admin, { userId: w.ada.userId }, { managerId: other.bob.userId });
    assert.equal(asManager.status, 404);
    assert.equal(asManager.json.error.code, 'reportingLine.managerNotFound');
    const asPerson = await call('PUT', MANAGER, w.admin, { userId: other.ada.userId }, { managerId: w.bob.userId });
    assert.equal(asPerson.json.error.code, 'reportingLine.personNotFound');
    const clearTheirs = await call('PUT', MANAGER, w.admin, { userId: other.ada.userId }, { managerId: null });
    assert.equal(clearTheirs.status, 404);
    assert.equal((await call('GET', MANAGER, w.admin, { userId: other.ada.userId })).status, 404);
    assert.equal((await call('GET', REPORTS, w.admin, { userId: other.bob.userId })).status, 404);
    assert.deepEqual(await snapshotTenant(other.tenantId, other.rootUnitId), theirs);
    assert.equal((await getReportingLine(other.db, other.ada.userId))?.managerId, other.bob.userId);
  });
});

describe('DELETE /api/v1/members/{userId} and reporting lines', () => {
  test('removing a manager from the organization answers 200 and clears their line and their reports\' lines', async () => {
    const w = await world('LinesRemoved');
    await setLine(w.db, w.owner, w.ada.userId, w.bob.userId);
    await setLine(w.db, w.owner, w.cy.userId, w.bob.userId);
    await setLine(w.db, w.owner, w.bob.userId, w.dee.userId);
    const removed = await call('DELETE', '/api/v1/members/[userId]', w.admin, { userId: w.bob.userId });
    assert.equal(removed.status, 200, JSON.stringify(removed.json));
    assert.equal(removed.json.removed, 1);
    for (const p of [w.ada, w.bob, w.cy]) assert.equal(await getReportingLine(w.db, p.userId), undefined, p.name);
  });
});
