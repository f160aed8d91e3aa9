// Audit streaming end to end below the browser: entries written by real changes come out of
// DynamoDB Local's stream, put their tenant's destinations on the queue, and reach local
// receivers that check what the real services check (signature, HEC token, Datadog key): in
// order, across batches, at least once after a crash between send and cursor, retried with
// backoff, caught up after a backfill, and never another tenant's. One tenant's hanging
// destination does not hold up another's. Each test drives the worker itself.
import assert from 'node:assert/strict';
import { gunzipSync } from 'node:zlib';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { after, before, describe, test } from 'node:test';
import { createUnit } from '../../lib/org';
import { tenancy } from '../../lib/tenancy';
import { backfillDestination, createDestination, readDestination, type DestinationSettings } from '../../lib/audit-streaming';
import { STREAM_CONSUMER, StreamLanes, deliverDestination, workOnce, workerFromConfig, type AuditStreamWorkerOptions } from '../../lib/audit-streaming/worker';
import { skipBacklog } from '../../lib/webhooks';
import { newTenant } from '../support/fixtures';
import { streamReceiver, type ReceiverKind, type StreamReceiver } from '../support/stream-receivers';
import { tenantDbFor } from '../support/tenant-db';
import { testPlatformDb } from '../support/tenancy';
import { directClient, stackEnv, tableName } from '../support/stack';
import { getItem, keys } from '../../lib/db';

let options: AuditStreamWorkerOptions;
const open: StreamReceiver[] = [];

async function world(label = 'Stream') {
  const t = await newTenant(label);
  const db = tenantDbFor(t.tenantId);
  const owner = { userId: t.ownerUserId, email: t.ownerEmail, name: 'Owner' };
  return { t, db, owner };
}
type World = Awaited<ReturnType<typeof world>>;

const settingsFor = (kind: ReceiverKind, url: string): DestinationSettings =>
  kind === 'https' ? { kind, url: `${url}/in` } : kind === 'splunk' ? { kind, url, index: 'arbor' } : { kind, url: `${url}/api/v2/logs`, service: 'arbor-test' };

/** A destination of `kind` for the tenant, its receiver checking the right secret. */
async function destinationFor(w: World, kind: ReceiverKind, extra: { backfillFrom?: string } = {}) {
  const r = await streamReceiver(kind);
  open.push(r);
  const secret = kind === 'https' ? undefined : `${kind}-secret-${w.t.tenantId.slice(-6)}`;
  const made = await createDestination(w.db, w.owner, { name: `${kind} receiver`, settings: settingsFor(kind, r.url), secret }, { platform: testPlatformDb(), ...extra });
  r.secret = made.signingSecret ?? secret!;
  return { r, id: made.destination.destinationId };
}

/** Runs worker passes until `done` holds. */
async function work(done: () => boolean | Promise<boolean>, extra: Partial<AuditStreamWorkerOptions> = {}, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`the worker did not get there in time (${open.map((r) => `${r.kind}: ${r.requests} requests, ${r.got.length} accepted`).join('; ')})`);
    const { read, outcomes } = await workOnce({ ...options, ...extra });
    if (read + outcomes.length === 0) await new Promise((r) => setTimeout(r, 100));
  }
}

const units = async (w: World, n: number, prefix = 'Unit') => {
  const made = [];
  for (let i = 0; i < n; i++) made.push(await createUnit(w.db, w.owner, { parentId: w.t.rootUnitId, name: `${prefix} ${i}` }));
  return made;
};

const unitIds = (r: StreamReceiver) => r.got.flatMap((b) => b.entries).filter((e) => e.action === 'unit.create').map((e) => String(e.target.id));

describe('audit-stream delivery', { concurrency: 1, timeout: 600_000 }, () => {
  before(async () => {
    options = { ...workerFromConfig(), tenantDb: (id) => tenancy().tenantDb(id), idleMs: 50, batch: { settleMs: 0 }, retrySchedule: [100, 200] };
    await skipBacklog({ ...options, consumer: STREAM_CONSUMER });
  });
  after(async () => {
    for (const r of open) await r.close();
  });

  for (const kind of ['https', 'splunk', 'datadog'] as const) {
    test(`${kind}: every entry arrives in order, in the receiver's format, accepted by its check`, async () => {
      const w = await world();
      const { r, id } = await destinationFor(w, kind);
      const made = await units(w, 3);
      await work(() => unitIds(r).length >= 3).catch(async (e) => {
        throw new Error(`${(e as Error).message}: ${JSON.stringify((await readDestination(w.db, id)).health)}`);
      });
      assert.deepEqual(unitIds(r), made.map((u) => u.id));
      const ids = r.ids();
      assert.deepEqual(ids, [...ids].sort(), 'entry ids ascend');
      const entry = r.got[0].entries.find((e) => e.action === 'unit.create')!;
      assert.equal(entry.organizationId, w.t.tenantId);
      assert.equal(entry.tenantId, w.t.tenantId);
      assert.equal(entry.actor.userId, w.owner.userId);
      if (kind === 'https') {
        assert.equal(r.got[0].headers['content-type'], 'application/x-ndjson');
        assert.match(String(r.got[0].headers['webhook-id']), /^batch_/);
      }
      if (kind === 'splunk') assert.equal(r.got[0].path, '/services/collector/event');
      if (kind === 'datadog') assert.equal(r.got[0].path, '/api/v2/logs');
      const d = await readDestination(w.db, id);
      assert.equal(d.health.state, 'healthy');
      assert.equal(d.cursor, ids[ids.length - 1]);
      assert.ok(d.health.delivered >= 4, 'the creation entry and three units');
    });
  }

  test("a tenant's entries never reach another tenant's destination", async () => {
    const [a, b] = [await world('Alpha'), await world('Beta')];
    const ra = await destinationFor(a, 'https');
    const rb = await destinationFor(b, 'https');
    await units(a, 2, 'A');
    await units(b, 2, 'B');
    await work(() => unitIds(ra.r).length >= 2 && unitIds(rb.r).length >= 2);
    await work(async () => true);
    assert.ok(ra.r.got.flatMap((x) => x.entries).every((e) => e.organizationId === a.t.tenantId));
    assert.ok(rb.r.got.flatMap((x) => x.entries).every((e) => e.organizationId === b.t.tenantId));
  });

  test('large backlogs go in several batches, in order', async () => {
    const w = await world();
    const { r } = await destinationFor(w, 'https');
    const made = await units(w, 7);
    await work(() => unitIds(r).length >= 7, { batch: { settleMs: 0, entries: 2 } });
    assert.ok(r.got.length >= 4, `${r.got.length} batches`);
    assert.deepEqual(unitIds(r), made.map((u) => u.id));
    const ids = r.ids();
    assert.deepEqual(ids, [...new Set(ids)].sort(), 'no entry twice, none out of order');
  });

  test('a crash between sending and moving the cursor sends the same batch again (at least once)', async () => {
    const w = await world();
    const { r, id } = await destinationFor(w, 'https');
    await units(w, 1);
    const before = (await readDestination(w.db, id)).cursor;
    await work(() => r.got.length >= 1, { crashAfterSend: true });
    assert.equal((await readDestination(w.db, id)).cursor, before, 'the cursor did not move');
    // The crashed attempt's lease runs out; the next worker sends the batch again.
    await work(() => r.got.length >= 2, { leaseMs: 1, now: () => Date.now() + 61_000 });
    await work(async () => (await readDestination(w.db, id)).cursor !== before);
    assert.equal(r.got[1].headers['webhook-id'], r.got[0].headers['webhook-id'], 'the same batch id: the receiver drops the copy');
    assert.deepEqual(r.got[1].entries.map((e) => e.id), r.got[0].entries.map((e) => e.id));
  });

  test('a worker stalled between reading and claiming does not send from a cursor another moved on', async () => {
    const w = await world();
    const { r, id } = await destinationFor(w, 'https');
    await units(w, 2);
    const ref = { tenantId: w.t.tenantId, destinationId: id };
    let release!: () => void;
    let stalled!: () => void;
    const gate = new Promise<void>((res) => (release = res));
    const reached = new Promise<void>((res) => (stalled = res));
    // B reads the destination, then stalls before its claim; A delivers and moves the cursor on.
    const b = deliverDestination({ ...options, beforeClaim: () => (stalled(), gate) }, ref);
    await reached;
    assert.equal(await deliverDestination(options, ref), 'sent');
    const moved = (await readDestination(w.db, id)).cursor;
    assert.equal(unitIds(r).length, 2);
    release();
    assert.equal(await b, 'skipped', 'the stalled claim fails: the cursor is not the one it read');
    assert.equal(r.got.length, 1, 'the batch was not sent again from the old cursor');
    assert.equal((await readDestination(w.db, id)).cursor, moved, 'the cursor did not go back');
  });

  test("a destination that cannot be read parks its lane with backoff, not taken at every fill", async () => {
    const w = await world();
    const { id } = await destinationFor(w, 'https', { backfillFrom: new Date(Date.now() - 60_000).toISOString() });
    let reads = 0;
    let at = Date.now();
    const lanes = new StreamLanes({
      ...options, retrySchedule: [60_000, 120_000], now: () => at,
      tenantDb: async (tenantId) => {
        if (tenantId !== w.t.tenantId) return options.tenantDb(tenantId);
        reads++;
        throw new Error('access denied');
      },
    });
    await lanes.fill();
    await lanes.settled();
    assert.equal(reads, 1);
    await lanes.fill();
    await lanes.settled();
    assert.equal(reads, 1, 'parked: not taken again before its backoff ends');
    at += 61_000;
    await lanes.fill();
    await lanes.settled();
    assert.equal(reads, 2, 'taken again once the backoff ended');
    at += 61_000;
    await lanes.fill();
    await lanes.settled();
    assert.equal(reads, 2, 'the second backoff is longer');
    assert.ok(id);
  });

  test('a failing destination backs off, says why, and recovers', async () => {
    const w = await world();
    const { r, id } = await destinationFor(w, 'splunk');
    r.answer = (n) => (n <= 2 ? 503 : 200);
    await units(w, 1);
    await work(() => r.requests >= 1);
    const failing = await readDestination(w.db, id);
    assert.equal(failing.health.state, 'failing');
    assert.equal(failing.health.lastError, 'It answered HTTP 503.');
    assert.ok(failing.health.nextAttemptAt && Date.parse(failing.health.nextAttemptAt) > Date.now() - 1000);
    // The lag runs from the oldest entry not delivered yet, and ends when it is.
    const stored = async () => getItem({ client: directClient(), tableName: tableName() }, keys.auditStreamDestination(w.t.tenantId, id));
    assert.ok((await stored())!.pendingSince, 'the lag is counted while failing');
    const lag = (Date.now() - Date.parse(String((await stored())!.pendingSince))) / 1000;
    assert.ok(failing.lagSeconds >= 0 && failing.lagSeconds <= lag + 1, `lag ${failing.lagSeconds} s`);
    await work(() => unitIds(r).length >= 1);
    await work(async () => (await readDestination(w.db, id)).health.state === 'healthy');
    const healthy = await readDestination(w.db, id);
    assert.equal(healthy.health.failures, 0);
    assert.equal(healthy.health.lastError, undefined);
    assert.equal(healthy.lagSeconds, 0);
    assert.equal((await stored())!.pendingSince, undefined);
    assert.ok(r.requests >= 3);
  });

  test('a wrong key is a failure in words, not a delivery', async () => {
    const w = await world();
    const { r, id } = await destinationFor(w, 'datadog');
    r.secret = 'another-key';
    await units(w, 1);
    await work(() => r.requests >= 1);
    assert.equal((await readDestination(w.db, id)).health.lastError, 'It refused the credentials (HTTP 403).');
    assert.equal(r.got.length, 0);
  });

  test('a backfill sends again, in order, everything since a date', async () => {
    const w = await world();
    const early = await units(w, 2, 'Early');
    const { r, id } = await destinationFor(w, 'https');
    await units(w, 1, 'Late');
    await work(() => unitIds(r).length >= 1);
    assert.equal(unitIds(r).length, 1, 'a new destination starts at the end of the log');
    const d = await readDestination(w.db, id);
    await backfillDestination(w.db, w.owner, id, d.version, new Date(Date.now() - 3_600_000).toISOString());
    await work(() => unitIds(r).length >= 4);
    assert.deepEqual(unitIds(r).slice(1, 3), early.map((u) => u.id));
    assert.ok(r.got.flatMap((b) => b.entries).some((e) => e.action === 'tenant.create' || e.action === 'auditStream.create'));
  });

  test("one tenant's hanging destination does not delay another's", { timeout: 120_000 }, async () => {
    const [slow, fast] = [await world('Slow'), await world('Fast')];
    const s = await destinationFor(slow, 'https');
    s.r.answer = () => 'hang';
    const f = await destinationFor(fast, 'https');
    await units(slow, 1);
    await units(fast, 1);
    const timeoutMs = 20_000;
    const controller = new AbortController();
    const lanes = new StreamLanes({ ...options, timeoutMs });
    const running = lanes.run({ idleMs: 50, signal: controller.signal });
    try {
      // The stream marks both due; the lanes start both; the fast one answers while the slow one hangs.
      await work(() => unitIds(f.r).length >= 1 && s.r.requests >= 1, { concurrency: 0 });
      const waited = f.r.arrivals[f.r.arrivals.length - 1] - s.r.arrivals[0];
      assert.ok(waited < timeoutMs, `the fast destination's batch came ${waited} ms after the slow one's attempt began, not after its timeout`);
      assert.equal(s.r.got.length, 0);
    } finally {
      controller.abort();
      await running;
    }
    assert.match(String((await readDestination(slow.db, s.id)).health.lastError), /No answer within 20 seconds/);
  });
});

describe('audit-stream delivery to S3', { concurrency: 1, timeout: 120_000 }, () => {
  test('batches become gzipped JSON-lines objects in the local S3 server, read back in order', async () => {
    const w = await world('Bucket');
    const s3 = new S3Client({
      region: 'us-east-1', endpoint: stackEnv('ARBOR_LOCAL_S3_ENDPOINT'), forcePathStyle: true,
      credentials: { accessKeyId: stackEnv('ARBOR_LOCAL_S3_ACCESS_KEY_ID'), secretAccessKey: stackEnv('ARBOR_LOCAL_S3_SECRET_ACCESS_KEY') },
    });
    const bucket = stackEnv('ARBOR_LOCAL_S3_BUCKET');
    const prefix = `tests/${w.t.tenantId}`;
    const { destination } = await createDestination(w.db, w.owner, {
      name: 'Archive',
      settings: { kind: 's3', bucket, region: 'us-east-1', prefix, endpoint: stackEnv('ARBOR_LOCAL_S3_ENDPOINT'), accessKeyId: stackEnv('ARBOR_LOCAL_S3_ACCESS_KEY_ID') },
      secret: stackEnv('ARBOR_LOCAL_S3_SECRET_ACCESS_KEY'),
    }, { platform: testPlatformDb() });
    const made = await units(w, 5);
    const objects = async () => (await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: `${prefix}/` }))).Contents ?? [];
    const read = async () => {
      const entries: Record<string, any>[] = []; // eslint-disable-line @typescript-eslint/no-explicit-any
      for (const o of (await objects()).sort((a, b) => a.Key!.localeCompare(b.Key!))) {
        const body = Buffer.from(await (await s3.send(new GetObjectCommand({ Bucket: bucket, Key: o.Key }))).Body!.transformToByteArray());
        entries.push(...gunzipSync(body).toString('utf8').trim().split('\n').map((l) => JSON.parse(l)));
      }
      return entries;
    };
    let seen: Record<string, any>[] = []; // eslint-disable-line @typescript-eslint/no-explicit-any
    await work(async () => (seen = await read()).filter((e) => e.action === 'unit.create').length >= 5, { batch: { settleMs: 0, entries: 2 } });
    assert.deepEqual(seen.filter((e) => e.action === 'unit.create').map((e) => e.target.id), made.map((u) => u.id));
    const keys = (await objects()).map((o) => o.Key!);
    const day = new Date().toISOString().slice(0, 10).split('-').join('/');
    assert.ok(keys.every((k) => k.startsWith(`${prefix}/${day}/`) && /\/[0-9A-Z]{26}-[0-9A-Z]{26}\.jsonl\.gz$/.test(k)), keys.join(', '));
    assert.ok(seen.every((e) => e.organizationId === w.t.tenantId));
    assert.equal((await readDestination(w.db, destination.destinationId)).health.state, 'healthy');
  });
});
