// Webhooks end to end below the browser: a change's audit entry (written in the change's own
// transaction) comes out of DynamoDB Local's stream, is queued for each endpoint that hears of it,
// and a real HTTP receiver gets it signed by the Standard Webhooks scheme and verifies it with the
// `standardwebhooks` library. Retries, resends and a worker killed mid-delivery all carry the same
// `webhook-id`; an endpoint failing for "a day" (shortened here) is switched off and its owners told.
// The tests run one after another: each drives the worker itself (the local stack starts one only
// for the browser suite and `npm run dev`).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { ulid } from 'ulid';
import { addMembership } from '../../lib/members';
import { createUnit } from '../../lib/org';
import { tenancy } from '../../lib/tenancy';
import { createEndpoint, listDeliveries, listEndpoints, messageIdOf, resendDelivery, rotateEndpointSecret } from '../../lib/webhooks';
import { DeliveryLanes, runWebhookWorker, skipBacklog, workerFromConfig, workOnce, type WorkerOptions } from '../../lib/webhooks/worker';
import { queueDeliveries } from '../../lib/webhooks/deliveries';
import { person } from '../members/fixtures';
import { newTenant } from '../support/fixtures';
import { waitForMail } from '../support/mail';
import { tenantDbFor } from '../support/tenant-db';
import { testPlatformDb } from '../support/tenancy';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A receiver whose answers the test scripts: 200 by default, or what `answer` says per request,
 * after `delayMs`. It counts the requests open at once and notes when the last one closed.
 */
async function receiver(answer: (n: number) => number | 'hang' = () => 200, delayMs = 0) {
  const got: Received[] = [];
  const open = { now: 0, most: 0, lastClosedAt: 0 };
  const server: Server = createServer((req, res) => {
    open.most = Math.max(open.most, ++open.now);
    res.on('close', () => {
      open.now--;
      open.lastClosedAt = Date.now();
    });
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      got.push({ headers: req.headers, body });
      const a = answer(got.length);
      if (a === 'hang') return;
      setTimeout(() => res.writeHead(a, { 'content-type': 'text/plain' }).end(a < 300 ? 'ok' : 'receiver failed'), delayMs);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return { url, got, open, close: () => new Promise<void>((r) => server.close(() => r())), server };
}

let options: WorkerOptions;

/** Runs worker passes until `done` holds (the stream may hold every earlier suite's changes). */
async function work(done: () => boolean | Promise<boolean>, extra: Partial<WorkerOptions> = {}, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error('the worker did not get there in time');
    const { read, sent } = await workOnce({ ...options, ...extra });
    if (read + sent === 0) await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits until `done` holds (checked every 25 ms), for at most 30 s. */
async function until(done: () => boolean) {
  for (const deadline = Date.now() + 30_000; !done(); await new Promise((r) => setTimeout(r, 25))) {
    if (Date.now() > deadline) throw new Error('it did not happen in time');
  }
}

async function world() {
  const t = await newTenant('Hooks');
  const db = tenantDbFor(t.tenantId);
  const owner = { userId: t.ownerUserId, email: t.ownerEmail, name: 'Owner' };
  return { t, db, owner };
}

const scope = (w: { db: ReturnType<typeof tenantDbFor> }) => ({ tenant: w.db, platform: testPlatformDb() });

/** Queues `count` events of the organization for these endpoints directly, as the stream's reader would. */
async function queueEventsFor(w: Awaited<ReturnType<typeof world>>, endpointIds: string[], count: number) {
  for (let i = 0; i < count; i++) {
    const data = { organizationId: w.t.tenantId, actor: { id: w.owner.userId, email: w.owner.email }, target: { type: 'unit', id: ulid() } };
    await queueDeliveries(w.db, { messageId: messageIdOf(ulid()), type: 'unit.created', timestamp: new Date().toISOString(), data }, endpointIds);
  }
}

const verify = (secret: string, r: Received) =>
  new Webhook(secret).verify(r.body, { 'webhook-id': String(r.headers['webhook-id']), 'webhook-timestamp': String(r.headers['webhook-timestamp']), 'webhook-signature': String(r.headers['webhook-signature']) }) as { type: string; data: Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('webhook delivery', { concurrency: 1 }, () => {
  const open: { close(): Promise<void> }[] = [];
  before(async () => {
    options = { ...workerFromConfig(), tenantDb: (id) => tenancy().tenantDb(id), idleMs: 50 };
    // What the other suites wrote before this one began is no endpoint's business here.
    await skipBacklog(options);
  });
  after(async () => {
    for (const r of open) await r.close();
  });

  test('a change reaches its endpoint signed; the receiver verifies it with the library', async () => {
    const w = await world();
    const hook = await receiver();
    open.push(hook);
    const { endpoint, secret } = await createEndpoint(scope(w), w.owner, { url: hook.url, description: 'HR' });
    const unit = await createUnit(w.db, w.owner, { parentId: w.t.rootUnitId, name: 'Engineering' });
    await work(() => hook.got.length >= 1);
    const event = verify(secret, hook.got[0]);
    assert.equal(event.type, 'unit.created');
    assert.equal(event.data.organizationId, w.t.tenantId);
    assert.equal(event.data.target.id, unit.id);
    assert.match(String(hook.got[0].headers['webhook-id']), /^msg_/);
    const log = await listDeliveries(w.db, endpoint.endpointId);
    assert.equal(log.items[0].state, 'delivered');
    assert.equal(log.items[0].attempts[0].status, 200);
  });

  test('an endpoint hears only the event types it picked, and never another organization', async () => {
    const [a, b] = [await world(), await world()];
    const hook = await receiver();
    open.push(hook);
    await createEndpoint(scope(a), a.owner, { url: hook.url, eventTypes: ['membership.added'] });
    await createUnit(a.db, a.owner, { parentId: a.t.rootUnitId, name: 'Not heard' });
    await createUnit(b.db, b.owner, { parentId: b.t.rootUnitId, name: 'Other tenant' });
    await addMembership(a.db, a.owner, { unitId: a.t.rootUnitId, role: 'member', ...person('Ann') });
    await work(() => hook.got.length >= 1);
    await work(async () => true); // one more pass: anything else queued would be sent now
    assert.deepEqual(hook.got.map((r) => (JSON.parse(r.body) as { type: string; data: { organizationId: string } }).data.organizationId), [a.t.tenantId]);
    assert.equal((JSON.parse(hook.got[0].body) as { type: string }).type, 'membership.added');
  });

  test('a failed attempt is retried with the same webhook-id until it succeeds', async () => {
    const w = await world();
    const hook = await receiver((n) => (n < 3 ? 503 : 200));
    open.push(hook);
    const { endpoint, secret } = await createEndpoint(scope(w), w.owner, { url: hook.url });
    await createUnit(w.db, w.owner, { parentId: w.t.rootUnitId, name: 'Retried' });
    await work(() => hook.got.length >= 3, { retrySchedule: [50, 50, 50] });
    assert.equal(new Set(hook.got.map((r) => r.headers['webhook-id'])).size, 1);
    for (const r of hook.got) verify(secret, r);
    const [delivery] = (await listDeliveries(w.db, endpoint.endpointId)).items;
    assert.equal(delivery.state, 'delivered');
    assert.deepEqual(delivery.attempts.map((a) => a.status), [200, 503, 503]);
  });

  test('an endpoint failing for the whole window is switched off, audited, and its owners are told', async () => {
    const w = await world();
    const hook = await receiver(() => 500);
    open.push(hook);
    const { endpoint } = await createEndpoint(scope(w), w.owner, { url: hook.url });
    await createUnit(w.db, w.owner, { parentId: w.t.rootUnitId, name: 'Failing' });
    const extra = { retrySchedule: [40, 40, 40, 40], disableAfterMs: 100 };
    await work(async () => !(await listEndpoints(w.db)).find((e) => e.endpointId === endpoint.endpointId)?.enabled, extra);
    const [off] = await listEndpoints(w.db);
    assert.equal(off.enabled, false);
    assert.match(off.disabledReason ?? '', /failed every delivery/);
    const [mail] = await waitForMail(w.owner.email);
    assert.match(mail.subject, /webhook endpoint .* was switched off/);
    // Switched off: a later event is not sent to it.
    const before = hook.got.length;
    await createUnit(w.db, w.owner, { parentId: w.t.rootUnitId, name: 'After' });
    await work(async () => true, extra);
    await new Promise((r) => setTimeout(r, 200));
    await work(async () => true, extra);
    assert.equal(hook.got.length, before);
  });

  test('a resend sends the same message again under the same webhook-id', async () => {
    const w = await world();
    const hook = await receiver();
    open.push(hook);
    const { endpoint } = await createEndpoint(scope(w), w.owner, { url: hook.url });
    await createUnit(w.db, w.owner, { parentId: w.t.rootUnitId, name: 'Resent' });
    await work(() => hook.got.length >= 1);
    const [delivery] = (await listDeliveries(w.db, endpoint.endpointId)).items;
    await resendDelivery(w.db, w.owner, endpoint.endpointId, delivery.messageId);
    await work(() => hook.got.length >= 2);
    assert.equal(hook.got[1].headers['webhook-id'], hook.got[0].headers['webhook-id']);
    assert.equal(hook.got[1].body, hook.got[0].body);
  });

  test('after a secret is rolled, a delivery verifies with the new secret and, for a day, the old one', async () => {
    const w = await world();
    const hook = await receiver();
    open.push(hook);
    const { endpoint, secret: old } = await createEndpoint(scope(w), w.owner, { url: hook.url });
    const { secret: rolled, endpoint: after } = await rotateEndpointSecret(w.db, w.owner, endpoint.endpointId, endpoint.version);
    assert.notEqual(rolled, old);
    assert.ok(Date.parse(after.previousSecretUntil!) > Date.now() + 23 * 3_600_000);
    await createUnit(w.db, w.owner, { parentId: w.t.rootUnitId, name: 'Rolled' });
    await work(() => hook.got.length >= 1);
    assert.equal(verify(rolled, hook.got[0]).type, 'unit.created');
    assert.equal(verify(old, hook.got[0]).type, 'unit.created');
    assert.equal(String(hook.got[0].headers['webhook-signature']).split(' ').length, 2);
  });

  test('a worker killed mid-delivery loses nothing: the next one sends it, same webhook-id', async () => {
    const w = await world();
    const hook = await receiver((n) => (n === 1 ? 'hang' : 200));
    open.push(hook);
    const { endpoint } = await createEndpoint(scope(w), w.owner, { url: hook.url });
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/webhook-worker.ts', '--lease-ms', '1500'], { env: process.env, stdio: 'ignore' });
    const exited = new Promise((r) => child.on('exit', r));
    try {
      await createUnit(w.db, w.owner, { parentId: w.t.rootUnitId, name: 'Interrupted' });
      const deadline = Date.now() + 60_000;
      while (hook.got.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      assert.equal(hook.got.length, 1, 'the child worker started the delivery');
    } finally {
      child.kill('SIGKILL');
      await exited;
    }
    await work(() => hook.got.length >= 2);
    assert.equal(hook.got[1].headers['webhook-id'], hook.got[0].headers['webhook-id']);
    const [delivery] = (await listDeliveries(w.db, endpoint.endpointId)).items;
    assert.equal(delivery.state, 'delivered');
  });

  test("a receiver that hangs holds up only its own endpoint: another organization's events go out meanwhile, one at a time", async () => {
    const [stuck, other] = [await world(), await world()];
    const hang = await receiver(() => 'hang');
    const slowish = await receiver(() => 200, 150);
    open.push(hang, slowish);
    await createEndpoint(scope(stuck), stuck.owner, { url: hang.url });
    await createEndpoint(scope(other), other.owner, { url: slowish.url });
    const stop = new AbortController();
    const running = runWebhookWorker({ ...options, timeoutMs: 8_000, signal: stop.signal });
    try {
      await createUnit(stuck.db, stuck.owner, { parentId: stuck.t.rootUnitId, name: 'Never answered' });
      await until(() => hang.got.length === 1);
      for (const name of ['One', 'Two', 'Three']) await createUnit(other.db, other.owner, { parentId: other.t.rootUnitId, name });
      await until(() => slowish.got.length === 3 && slowish.open.now === 0);
      assert.equal(hang.open.now, 1, "the other organization's events all went out while the hanging attempt was still open");
      assert.equal(slowish.open.most, 1, 'one attempt at a time per endpoint');
    } finally {
      stop.abort();
      await running;
    }
    assert.equal(hang.open.now, 0, 'the worker stopped after its attempts in flight ended');
  });

  test('while one endpoint hangs, the lanes start the others from what they already read: the queue is not read again per delivery', async (t) => {
    const [stuck, other] = [await world(), await world()];
    const hang = await receiver(() => 'hang');
    const fast = await receiver();
    open.push(hang, fast);
    const stuckIds = [(await createEndpoint(scope(stuck), stuck.owner, { url: hang.url })).endpoint.endpointId];
    const otherIds: string[] = [];
    for (let e = 0; e < 3; e++) otherIds.push((await createEndpoint(scope(other), other.owner, { url: `${fast.url}/${e}` })).endpoint.endpointId);
    // The hanging endpoint's deliveries are the oldest: the head of the queue.
    await queueEventsFor(stuck, stuckIds, 10);
    await queueEventsFor(other, otherIds, 10);
    const lanes = new DeliveryLanes({ ...options, timeoutMs: 5_000 });
    const stop = new AbortController();
    const running = lanes.run({ idleMs: 50, signal: stop.signal });
    try {
      await until(() => fast.got.length === 30);
      assert.equal(hang.open.now, 1, 'the hanging attempt is still open');
    } finally {
      stop.abort();
      await running;
    }
    const reads = `${lanes.queueReads} queue reads (${lanes.queueItemsRead} items) for 30 deliveries`;
    t.diagnostic(reads);
    assert.ok(lanes.queueReads <= 10, reads);
  });

  test("a slow lane's waiting deliveries are parked until its attempt's deadline", async () => {
    const stuck = await world();
    const hang = await receiver(() => 'hang');
    open.push(hang);
    const { endpointId } = (await createEndpoint(scope(stuck), stuck.owner, { url: hang.url })).endpoint;
    await queueEventsFor(stuck, [endpointId], 3);
    const lanes = new DeliveryLanes({ ...options, timeoutMs: 2_400 });
    const startedAt = Date.now();
    await lanes.fill();
    await until(() => hang.got.length === 1);
    // Past half the timeout the lane is slow; what is kept is a second old, so this fill reads the queue again.
    await new Promise((r) => setTimeout(r, 1_300));
    await lanes.fill();
    await lanes.settled();
    const waiting = (await listDeliveries(stuck.db, endpointId)).items.filter((d) => d.attempts.length === 0);
    assert.equal(waiting.length, 2);
    for (const d of waiting) assert.ok(Date.parse(d.nextAttemptAt!) >= startedAt + 2_400, `parked until the attempt's deadline: ${d.nextAttemptAt}`);
  });

  test("endpoints on the server's own network are refused, and nothing is saved", async () => {
    const w = await world();
    for (const url of ['http://127.0.0.1:8080/hook', 'https://169.254.169.254/latest/meta-data', 'https://[::1]/x', 'https://10.0.0.7/x', 'https://localhost/x', 'http://example.com/x']) {
      await assert.rejects(createEndpoint(scope(w), w.owner, { url }, { allowPrivateNetworks: false }), (e: { code?: string }) => e.code === 'webhook.badUrl', url);
    }
    assert.deepEqual(await listEndpoints(w.db), []);
  });
});
