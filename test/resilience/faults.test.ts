// The main flows on a bad day: DynamoDB throttling, failing, cancelling transactions for
// conflicts, slow, dropping connections and losing answers to writes it applied; STS throttling
// and down. Afterwards nothing is lost or duplicated, counters and both membership directions
// agree, and the person saw a "try again" only where every retry had run out.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ulid } from 'ulid';
import { completeSignIn } from '../../lib/auth/complete-sign-in';
import { applyUnitOps, previewImport, type UnitOp } from '../../lib/bulk';
import { keys } from '../../lib/db';
import { toHttpError } from '../../lib/errors/http';
import { createInvitation } from '../../lib/invitations';
import { addMembership, changeRole, loadActorAccess, removeMembership } from '../../lib/members';
import { createUnit, deleteUnit, getUnitOrThrow, moveUnit, renameUnit, settleBackgroundJobs, type Unit } from '../../lib/org';
import { OPERATOR_ACTOR } from '../../lib/tenants';
import { claims, deps, tenantWithConnection } from '../auth/support';
import { assertMembershipInvariants, queryAll } from '../members/membership-invariants';
import { checkTree } from '../org/support/check-tree';
import { buildTree } from '../org/support/tree-fixture';
import { tenantDbFor } from '../support/tenant-db';
import { isolatedTenancy } from '../support/tenancy';
import { newDirectory, PATCH, user } from '../scim/support';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tenancy } from '../../lib/tenancy';
import { createEndpoint, listDeliveries } from '../../lib/webhooks';
import { runWebhookWorker, skipBacklog, workerFromConfig, type WorkerOptions } from '../../lib/webhooks/worker';
import { setTimeout as sleep } from 'node:timers/promises';
import { testPlatformDb } from '../support/tenancy';
import { BAD_DAY, faultStats, injectFaults, stopFaults } from './support/faults';

after(() => stopFaults());

/** What the person saw when something failed: a message that says to try again, and its code. */
const tryAgains: string[] = [];

/** Does `op` the way a person would: when told to try again, they click again (at most 5 times). */
async function asPerson<T>(what: string, op: () => Promise<T>): Promise<T> {
  for (let click = 1; ; click++) {
    try {
      return await op();
    } catch (e) {
      const { status, body } = toHttpError(e);
      assert.ok(
        (status === 503 || status === 409) && /try again/i.test(body.error.message),
        `${what}: the person saw ${status} ${body.error.code} "${body.error.message}"`,
      );
      tryAgains.push(`${what}: ${body.error.code}`);
      if (click >= 5) throw e;
    }
  }
}

async function auditActions(tenantId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const entries = await queryAll({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': keys.auditPartition(tenantId) } });
  for (const item of entries) counts[item.action as string] = (counts[item.action as string] ?? 0) + 1;
  return counts;
}

const person = (label: string) => ({ userId: ulid(), email: `${label}-${ulid().toLowerCase()}@example.test`, name: label });

describe('faults survived', () => {
  test('the emulator answers each fault as AWS does, and the SDK retries what AWS says to retry', async () => {
    const t = await tenantWithConnection({ jit: true, label: 'Faults' });
    const db = tenantDbFor(t.tenantId);
    await getUnitOrThrow(db, t.rootUnitId); // credentials in hand before counting

    await injectFaults({ rules: [{ kind: 'throttling', count: 2 }, { kind: 'internalServerError', count: 1, operations: ['GetItem'] }] });
    assert.equal((await getUnitOrThrow(db, t.rootUnitId)).id, t.rootUnitId, 'three faults, then the read on the fourth attempt');
    assert.deepEqual((await faultStats()).injected, { 'dynamodb.throttling': 2, 'dynamodb.internalServerError': 1 });

    // A write whose answer is lost is sent again with the same ClientRequestToken: applied once.
    await injectFaults({ rules: [{ kind: 'lostResponse', count: 1 }] });
    const unit = await createUnit(db, OPERATOR_ACTOR, { parentId: t.rootUnitId, name: 'Applied once' });
    assert.deepEqual((await faultStats()).injected, { 'dynamodb.lostResponse': 1 });
    assert.equal((await getUnitOrThrow(db, t.rootUnitId)).childCount, 1);
    assert.equal((await auditActions(t.tenantId))['unit.create'], 1);

    // A transaction refused for capacity (a hot index key) is sent again by transactWrite.
    await injectFaults({ rules: [{ kind: 'transactionThrottled', count: 2 }] });
    await createUnit(db, OPERATOR_ACTOR, { parentId: t.rootUnitId, name: 'Hot key' });
    assert.deepEqual((await faultStats()).injected, { 'dynamodb.transactionThrottled': 2 });

    // Out of retries: a clear "try again" (503), nothing written; the next click works.
    await injectFaults({ rules: [{ kind: 'internalServerError', count: 5, operations: ['TransactWriteItems'] }] });
    const refused = await renameUnit(db, OPERATOR_ACTOR, { unitId: unit.id, name: 'Renamed', expectedVersion: unit.version }).catch((e) => e);
    const { status, body } = toHttpError(refused);
    assert.equal(status, 503);
    assert.equal(body.error.code, 'database.busy');
    assert.match(body.error.message, /Try again in a moment/);
    assert.equal((await getUnitOrThrow(db, unit.id)).name, 'Applied once');
    assert.equal((await renameUnit(db, OPERATOR_ACTOR, { unitId: unit.id, name: 'Renamed', expectedVersion: unit.version })).name, 'Renamed');
    await stopFaults();
  });

  test('create, rename, move small and large, delete, memberships, CSV import, invitations and sign-in on a bad day', async () => {
    const t = await tenantWithConnection({ jit: true, label: 'Badday' });
    const db = tenantDbFor(t.tenantId);
    const actor = OPERATOR_ACTOR;
    const root = await getUnitOrThrow(db, t.rootUnitId);
    // A 150-unit division to move as a journaled job, built before the faults start.
    const division = await createUnit(db, actor, { parentId: root.id, name: 'Division' });
    const built = await buildTree(t.tenantId, division, { count: 149, fanout: 5, membersPerUnit: 1, users: 30 });
    const before = await checkTree(t.tenantId, root.id);
    const auditBefore = await auditActions(t.tenantId);
    tryAgains.length = 0;

    await injectFaults(BAD_DAY);
    const started = performance.now();
    const units: Unit[] = [];
    for (const name of ['Sales', 'Support', 'Research', 'Legal', 'Finance', 'Ops']) {
      units.push(await asPerson(`create ${name}`, () => createUnit(db, actor, { parentId: root.id, name })));
    }
    const [sales, support, research, legal, finance, ops] = units;
    const renamed = await asPerson('rename', async () => {
      const current = await getUnitOrThrow(db, legal.id);
      return renameUnit(db, actor, { unitId: legal.id, name: 'Legal & Compliance', expectedVersion: current.version });
    });
    const move = async (unit: Unit, parent: Unit) =>
      asPerson(`move ${unit.name}`, async () => {
        const current = await getUnitOrThrow(db, unit.id);
        if (current.parentId === parent.id) return; // the click before was applied after all
        await moveUnit(db, actor, { unitId: unit.id, newParentId: parent.id, expectedVersion: current.version });
      });
    await move(support, sales);
    await move(division, research);
    const doomed = await asPerson('create child', () => createUnit(db, actor, { parentId: ops.id, name: 'Night shift' }));
    await asPerson('delete', async () => {
      const current = await getUnitOrThrow(db, ops.id);
      await deleteUnit(db, actor, { unitId: ops.id, expectedVersion: current.version, recursive: true });
    });

    const people = ['ada', 'bo', 'cy', 'di'].map(person);
    for (const p of people) await asPerson(`add ${p.name}`, () => addMembership(db, actor, { unitId: sales.id, role: 'member', ...p }));
    await asPerson('change role', async () => {
      const m = (await loadActorAccess(db, people[0].userId)).memberships.find((x) => x.unitId === sales.id)!;
      await changeRole(db, actor, { unitId: sales.id, userId: people[0].userId, role: 'manager', expectedVersion: m.version });
    });
    await asPerson('remove', async () => {
      const m = (await loadActorAccess(db, people[1].userId)).memberships.find((x) => x.unitId === sales.id)!;
      await removeMembership(db, actor, { unitId: sales.id, userId: people[1].userId, expectedVersion: m.version });
    });

    const access = await loadActorAccess(db, t.ownerUserId);
    const preview = await asPerson('import preview', () => previewImport(db, access, 'units', 'path\nFinance/Payroll\nFinance/Tax\nFinance/Tax/VAT\n'));
    await asPerson('import apply', () => applyUnitOps(db, actor, preview.ops as UnitOp[]));

    const invitee = `invitee-${ulid().toLowerCase()}@partner.test`;
    await asPerson('invite', () => createInvitation(db, actor, { email: invitee, unitId: research.id, role: 'manager' }));
    for (const email of [invitee, `jit-${ulid().toLowerCase()}@${t.domain}`]) {
      const out = await asPerson('sign in', () => completeSignIn(deps, { tenantId: t.tenantId, connection: t.connection, claims: claims(email) }));
      assert.ok(out.ok, `sign-in of ${email}`);
    }
    const elapsed = performance.now() - started;
    const stats = await faultStats();
    await stopFaults();
    await settleBackgroundJobs();
    console.log(`# bad day: ${Math.round(elapsed)} ms, ${stats.considered} requests met the plan, injected ${JSON.stringify(stats.injected)}; try again shown: ${tryAgains.length ? tryAgains.join('; ') : 'never'}`);
    for (const kind of ['throttling', 'provisionedThroughputExceeded', 'transactionConflict', 'lostResponse']) {
      assert.ok((stats.injected[`dynamodb.${kind}`] ?? 0) > 0, `the day had ${kind}`);
    }

    // Nothing lost, nothing duplicated: the tree and memberships agree with themselves…
    const state = await checkTree(t.tenantId, root.id);
    await assertMembershipInvariants(t.tenantId, root.id);
    // …and are exactly what the person did.
    const expectedUnits = new Set([...before.units.keys(), sales.id, support.id, research.id, legal.id, finance.id]);
    const byName = (name: string) => [...state.units.values()].filter((u) => u.name === name);
    for (const name of ['Payroll', 'Tax', 'VAT']) {
      assert.equal(byName(name).length, 1, `one ${name}`);
      expectedUnits.add(byName(name)[0].id);
    }
    assert.deepEqual(new Set(state.units.keys()), expectedUnits, 'every unit once; the deleted ones gone');
    assert.equal(state.units.has(doomed.id), false);
    assert.equal(state.units.get(legal.id)!.name, renamed.name);
    assert.equal(state.units.get(support.id)!.parentId, sales.id);
    assert.equal(state.units.get(division.id)!.parentId, research.id);
    for (const u of built.units) assert.ok(state.units.get(u.id)!.path.startsWith(state.units.get(division.id)!.path), 'the division moved whole');
    const salesMembers = [...state.memberships].filter((m) => m.startsWith(`${sales.id}/`)).sort();
    assert.deepEqual(salesMembers, [people[0], people[2], people[3]].map((p) => `${sales.id}/${p.userId}`).sort());
    const audit = await auditActions(t.tenantId);
    const added = (action: string) => (audit[action] ?? 0) - (auditBefore[action] ?? 0);
    assert.equal(added('unit.create'), 10, 'one audit entry per unit created');
    assert.equal(added('unit.rename'), 1);
    assert.equal(added('unit.move'), 2);
    assert.equal(added('unit.delete'), 1);
    assert.equal(added('membership.roleChange'), 1);
    assert.equal(added('invitation.create'), 1);
  });

  test('a directory sync on a bad day: every person and group once, memberships consistent', async () => {
    const d = await newDirectory('badsync');
    await injectFaults(BAD_DAY);
    // As Entra and Okta do: a 5xx or 429 is sent again; a 409 on a retried create means it was made.
    const idp = async (method: string, path: string, body?: unknown) => {
      for (let attempt = 1; ; attempt++) {
        const res = await d.call(method, path, body);
        if (res.status < 500 && res.status !== 429) return res;
        assert.ok(attempt < 5, `${method} ${path}: ${res.status} five times`);
        assert.match(String(res.body?.detail), /try again/i, `${method} ${path}: ${res.status} says to try again`);
      }
    };
    const names = ['ann', 'ben', 'cat', 'dan', 'eli', 'fay'];
    const ids: string[] = [];
    for (const name of names) {
      const res = await idp('POST', 'Users', user(d.domain, name));
      if (res.status === 409) {
        const found = await idp('GET', `Users?filter=${encodeURIComponent(`userName eq "${name}@${d.domain}"`)}`);
        ids.push(found.body!.Resources[0].id);
      } else {
        assert.equal(res.status, 201, JSON.stringify(res.body));
        ids.push(res.body!.id);
      }
    }
    const group = await idp('POST', 'Groups', { schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'], displayName: 'Leads', members: [] });
    assert.equal(group.status, 201, JSON.stringify(group.body));
    const added = await idp('PATCH', `Groups/${group.body!.id}`, { schemas: [PATCH], Operations: [{ op: 'add', path: 'members', value: ids.slice(0, 3).map((value) => ({ value })) }] });
    assert.ok(added.status < 300, JSON.stringify(added.body));
    const removed = await idp('DELETE', `Users/${ids[5]}`);
    assert.equal(removed.status, 204);
    const stats = await faultStats();
    await stopFaults();
    console.log(`# directory sync on a bad day: injected ${JSON.stringify(stats.injected)}`);

    const listed = await d.call('GET', 'Users?count=100');
    assert.deepEqual(listed.body!.Resources.map((r: { userName: string }) => r.userName).sort(), names.slice(0, 5).map((n) => `${n}@${d.domain}`));
    const members = await d.call('GET', `Groups/${group.body!.id}`);
    assert.deepEqual(members.body!.members.map((m: { value: string }) => m.value).sort(), ids.slice(0, 3).sort());
    await assertMembershipInvariants(d.tenantId, d.rootUnitId);
  });

  test('webhooks on a bad day: every event reaches its endpoint during the faults, each under one webhook-id', async () => {
    const t = await tenantWithConnection({ jit: true, label: 'Badhooks' });
    const db = tenantDbFor(t.tenantId);
    const ids: string[] = [];
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        ids.push(String(req.headers['webhook-id']));
        res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
      const options: WorkerOptions = { ...workerFromConfig(), tenantDb: (id) => tenancy().tenantDb(id), idleMs: 50, retrySchedule: [50, 100, 200] };
      await skipBacklog(options);
      const { endpoint } = await createEndpoint({ tenant: db, platform: testPlatformDb() }, OPERATOR_ACTOR, { url, eventTypes: ['unit.created'] });

      await injectFaults(BAD_DAY);
      for (const name of ['One', 'Two', 'Three', 'Four', 'Five', 'Six']) {
        await asPerson(`create ${name}`, () => createUnit(db, OPERATOR_ACTOR, { parentId: t.rootUnitId, name }));
      }
      // The worker as it runs in production, its stream loop and its delivery lanes side by side,
      // meeting the faults too. A short lease, so that an attempt whose record AWS kept refusing
      // is sent again (under the same id) within the test rather than in a minute.
      const stop = new AbortController();
      const worker = runWebhookWorker({ ...options, leaseMs: 5_000, signal: stop.signal });
      const delivered = async () => (await listDeliveries(db, endpoint.endpointId)).items.filter((d) => d.state === 'delivered').length;
      const started = Date.now();
      try {
        for (const deadline = Date.now() + 45_000; new Set(ids).size < 6 && Date.now() < deadline; ) await sleep(100);
        const duringFaults = new Set(ids).size;
        const tookMs = Date.now() - started;
        const stats = await faultStats();
        await stopFaults();
        for (const deadline = Date.now() + 30_000; (await delivered()) < 6 && Date.now() < deadline; ) await sleep(200);
        console.log(`# webhooks on a bad day: ${duringFaults} of 6 events delivered during the faults (in ${tookMs} ms), ${ids.length} deliveries of ${new Set(ids).size} in all; injected ${JSON.stringify(stats.injected)}`);
        // What is queued goes out whatever the stream does, and a shard that fails waits for the
        // next pass from its checkpoint while the others go on: the events leave during the faults.
        assert.equal(duringFaults, 6, `${duringFaults} of 6 events delivered while the faults lasted`);
      } finally {
        stop.abort();
        await worker;
      }
      assert.equal(new Set(ids).size, 6, 'every event delivered');
      const deliveries = (await listDeliveries(db, endpoint.endpointId)).items;
      assert.equal(deliveries.length, 6, 'one delivery per event, whatever was retried');
      assert.deepEqual(deliveries.map((d) => d.state), Array(6).fill('delivered'));
    } finally {
      await stopFaults();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });

  test('STS down: cached credentials keep serving; once they expire, a clear 503 until STS is back', async () => {
    const t = await tenantWithConnection({ jit: true, label: 'Stsdown' });
    // Six-second sessions (the test stack's STS grants them) so expiry comes within the test.
    const tenancy = isolatedTenancy({ sessionSeconds: 6 });
    const db = await tenancy.tenantDb(t.tenantId);
    await getUnitOrThrow(db, t.rootUnitId);
    await injectFaults({ rules: [{ service: 'sts', kind: 'unavailable' }] });
    const served: number[] = [];
    let refusal: unknown;
    const until = Date.now() + 12_000;
    while (Date.now() < until && !refusal) {
      try {
        await getUnitOrThrow(await tenancy.tenantDb(t.tenantId), t.rootUnitId);
        served.push(Date.now());
      } catch (e) {
        refusal = e;
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    assert.ok(served.length >= 8, `served from the cache while STS was down (${served.length} reads)`);
    assert.ok((await faultStats()).injected['sts.unavailable']! > 0, 'the background refresh met the outage');
    const { status, body } = toHttpError(refusal);
    assert.equal(status, 503);
    assert.equal(body.error.code, 'tenancy.credentialsUnavailable');
    assert.match(body.error.message, /Try again in a moment/);
    await stopFaults();
    assert.equal((await getUnitOrThrow(await tenancy.tenantDb(t.tenantId), t.rootUnitId)).id, t.rootUnitId, 'back once STS is');
  });
});
