// Audit-stream destinations against the local stack: validated per kind, secrets sealed and never
// returned, five at most, edits conditioned on the version, audited; and one tenant's ids answer
// "not found" to another, whose data is neither read nor changed.
import assert from 'node:assert/strict';
import { config } from '../../lib/config';
import { describe, test } from 'node:test';
import { listTenantAudit } from '../../lib/audit';
import { getItem, keys } from '../../lib/db';
import {
  backfillDestination, createDestination, testDestination, deleteDestination, listDestinations, readDestination, updateDestination, type DestinationInput,
} from '../../lib/audit-streaming';
import { newTenant } from '../support/fixtures';
import { directClient, tableName } from '../support/stack';
import { tenantDbFor } from '../support/tenant-db';
import { testPlatformDb } from '../support/tenancy';
import { streamReceiver } from '../support/stream-receivers';

async function world() {
  const t = await newTenant('Streams');
  const db = tenantDbFor(t.tenantId);
  const owner = { userId: t.ownerUserId, email: t.ownerEmail, name: 'Owner' };
  return { t, db, owner };
}
type World = Awaited<ReturnType<typeof world>>;

const create = (w: World, input: DestinationInput, policy?: { allowPrivateNetworks: boolean }) =>
  createDestination(w.db, w.owner, input, { platform: testPlatformDb(), policy });
const code = (c: string) => (e: unknown) => (e as { code?: string }).code === c;
const raw = (t: string, id: string) => getItem({ client: directClient(), tableName: tableName() }, keys.auditStreamDestination(t, id));

describe('audit-stream destinations', () => {
  test('an HTTPS destination gets a signing secret, shown once and stored sealed', async () => {
    const w = await world();
    const { destination, signingSecret } = await create(w, { name: 'SIEM', settings: { kind: 'https', url: 'http://127.0.0.1:9/in' } });
    assert.match(signingSecret!, /^whsec_/);
    assert.equal(destination.secretHint, signingSecret!.slice(-4));
    assert.equal(destination.health.state, 'new');
    assert.equal(destination.lagSeconds, 0);
    const listed = await listDestinations(w.db);
    assert.deepEqual(listed.map((d) => d.destinationId), [destination.destinationId]);
    assert.ok(!JSON.stringify(listed).includes(signingSecret!.slice(6, 20)), 'never returned again');
    assert.ok(!('sealedSecret' in listed[0]) && !('leaseToken' in listed[0]));
    const stored = await raw(w.t.tenantId, destination.destinationId);
    assert.match(String(stored!.sealedSecret), /^v1\./);
    assert.ok(!JSON.stringify(stored).includes(signingSecret!.slice(6)));
    // Starts at the end of the log: the newest entry before it (the tenant's creation).
    const audit = await listTenantAudit(w.db);
    assert.equal(audit.items[0].action, 'auditStream.create');
    assert.equal(destination.cursor, audit.items[1].id);
    // The tenant is marked for the worker.
    assert.ok(await getItem(testPlatformDb(), keys.auditStreamTenant(w.t.tenantId)));
  });

  test('each kind is checked: URLs, Datadog sites, S3 names and credentials, secrets', async () => {
    const w = await world();
    const refused: [DestinationInput, string][] = [
      [{ name: 'x', settings: { kind: 'splunk', url: 'http://127.0.0.1:9' } }, 'auditStream.badSecret'],
      [{ name: 'x', settings: { kind: 'splunk', url: 'http://127.0.0.1:9' }, secret: 'a'.repeat(4097) }, 'auditStream.badSecret'],
      [{ name: 'x', settings: { kind: 'datadog', site: 'datadoghq.evil' }, secret: 'k' }, 'auditStream.badSettings'],
      [{ name: 'x', settings: { kind: 'datadog' }, secret: 'k' }, 'auditStream.badSettings'],
      // A role of Arbor's own account (the tenant access role's) is never a customer's.
      [{ name: 'x', settings: { kind: 's3', bucket: 'ok-bucket', region: 'eu-west-1', roleArn: config().ARBOR_TENANT_ROLE_ARN.replace(/role\/.*$/, 'role/admin') } }, 'auditStream.badSettings'],
      [{ name: 'x', settings: { kind: 's3', bucket: 'Bad_Bucket', region: 'eu-west-1', accessKeyId: 'AKIAEXAMPLEKEY12' }, secret: 's' }, 'auditStream.badSettings'],
      [{ name: 'x', settings: { kind: 's3', bucket: 'ok-bucket', region: 'mars-1', accessKeyId: 'AKIAEXAMPLEKEY12' }, secret: 's' }, 'auditStream.badSettings'],
      [{ name: 'x', settings: { kind: 's3', bucket: 'ok-bucket', region: 'eu-west-1', prefix: 'a/../b', accessKeyId: 'AKIAEXAMPLEKEY12' }, secret: 's' }, 'auditStream.badSettings'],
      [{ name: 'x', settings: { kind: 's3', bucket: 'ok-bucket', region: 'eu-west-1' } }, 'auditStream.badSettings'],
      [{ name: 'x', settings: { kind: 'https', url: 'ftp://example.com' } }, 'auditStream.badUrl'],
      [{ name: '', settings: { kind: 'https', url: 'http://127.0.0.1:9' } }, 'auditStream.badName'],
      [{ name: 'a\u202ename', settings: { kind: 'https', url: 'http://127.0.0.1:9' } }, 'auditStream.badName'],
      [{ name: 'x', settings: { kind: 'nope' } as never }, 'auditStream.badSettings'],
    ];
    for (const [input, expected] of refused) await assert.rejects(create(w, input), code(expected), JSON.stringify(input).slice(0, 120));
    const dd = await create(w, { name: 'Datadog EU', settings: { kind: 'datadog', site: 'datadoghq.eu', tags: ['env:prod'] }, secret: 'dd-key-1234' });
    assert.equal(dd.signingSecret, undefined);
    assert.equal(dd.destination.secretHint, '1234');
    const s3 = await create(w, { name: 'Archive', settings: { kind: 's3', bucket: 'audit-archive', region: 'eu-west-1', prefix: '/arbor/audit/', roleArn: 'arn:aws:iam::123456789012:role/arbor' } });
    assert.deepEqual(s3.destination.settings, { kind: 's3', bucket: 'audit-archive', region: 'eu-west-1', prefix: 'arbor/audit', roleArn: 'arn:aws:iam::123456789012:role/arbor' });
    assert.equal((await listDestinations(w.db)).length, 2, 'nothing refused was stored');
  });

  test('private and loopback hosts are refused outside the local stack', async () => {
    const w = await world();
    const strict = { allowPrivateNetworks: false };
    for (const url of ['http://example.com/in', 'https://127.0.0.1/in', 'https://10.1.2.3/in', 'https://[::1]/in', 'https://localhost/in', 'https://metadata.internal/x', 'https://169.254.169.254/latest']) {
      await assert.rejects(create(w, { name: 'x', settings: { kind: 'https', url } }, strict), code('auditStream.badUrl'), url);
    }
    await assert.rejects(create(w, { name: 'x', settings: { kind: 'splunk', url: 'https://192.168.0.10:8088' }, secret: 't' }, strict), code('auditStream.badUrl'));
    await assert.rejects(create(w, { name: 'x', settings: { kind: 's3', bucket: 'b-1', region: 'eu-west-1', endpoint: 'https://127.0.0.1:4569', accessKeyId: 'AKIAEXAMPLEKEY12' }, secret: 's' }, strict), code('auditStream.badUrl'));
    assert.equal((await listDestinations(w.db)).length, 0);
  });

  test('five destinations at most', async () => {
    const w = await world();
    for (let i = 0; i < 5; i++) await create(w, { name: `D${i}`, settings: { kind: 'https', url: 'http://127.0.0.1:9/in' } });
    await assert.rejects(create(w, { name: 'D6', settings: { kind: 'https', url: 'http://127.0.0.1:9/in' } }), code('auditStream.tooMany'));
  });

  test('edits are conditioned on the version seen, audited, and replace a secret only when given', async () => {
    const w = await world();
    const { destination } = await create(w, { name: 'HEC', settings: { kind: 'splunk', url: 'http://127.0.0.1:9/services/collector/event', index: 'main' }, secret: 'token-aaaa' });
    assert.equal((destination.settings as { url: string }).url, 'http://127.0.0.1:9', 'the collector path is Arbor’s to add');
    const renamed = await updateDestination(w.db, w.owner, destination.destinationId, 1, { name: 'Splunk' });
    assert.equal(renamed.secretHint, 'aaaa');
    await assert.rejects(updateDestination(w.db, w.owner, destination.destinationId, 1, { name: 'Stale' }), code('auditStream.changed'));
    const paused = await updateDestination(w.db, w.owner, destination.destinationId, 2, { enabled: false, secret: 'token-bbbb' });
    assert.equal(paused.health.state, 'paused');
    assert.equal(paused.secretHint, 'bbbb');
    const stored = await raw(w.t.tenantId, destination.destinationId);
    assert.equal(stored!.GSI4PK, undefined, 'a paused destination is off the queue');
    const back = await backfillDestination(w.db, w.owner, destination.destinationId, 3, new Date(Date.now() - 3_600_000).toISOString().slice(0, 10));
    assert.equal(back.version, 4);
    await assert.rejects(backfillDestination(w.db, w.owner, destination.destinationId, 4, '2999-01-01'), code('auditStream.badBackfill'));
    await assert.rejects(backfillDestination(w.db, w.owner, destination.destinationId, 4, '2001-01-01'), code('auditStream.badBackfill'));
    await assert.rejects(backfillDestination(w.db, w.owner, destination.destinationId, 4, 'yesterday'), code('auditStream.badBackfill'));
    await assert.rejects(deleteDestination(w.db, w.owner, destination.destinationId, 3), code('auditStream.changed'));
    await deleteDestination(w.db, w.owner, destination.destinationId, 4);
    await assert.rejects(readDestination(w.db, destination.destinationId), code('auditStream.notFound'));
    const actions = (await listTenantAudit(w.db)).items.map((e) => e.action);
    assert.deepEqual(actions.slice(0, 5), ['auditStream.delete', 'auditStream.backfill', 'auditStream.update', 'auditStream.update', 'auditStream.create']);
    assert.ok(!JSON.stringify((await listTenantAudit(w.db)).items).includes('token-'), 'no secret in the trail');
  });

  test('moving where a destination sends needs its secret again: the stored one never goes to a new host', async () => {
    const w = await world();
    const secretRefused = (e: unknown) => (e as { code?: string; details?: { problem?: string } }).code === 'auditStream.badSecret' && (e as { details: { problem: string } }).details.problem === 'targetChanged';
    const hec = (await create(w, { name: 'HEC', settings: { kind: 'splunk', url: 'http://127.0.0.1:9' }, secret: 'token-aaaa' })).destination;
    await assert.rejects(updateDestination(w.db, w.owner, hec.destinationId, 1, { settings: { kind: 'splunk', url: 'http://127.0.0.2:9' } }), secretRefused);
    assert.equal((await raw(w.t.tenantId, hec.destinationId))!.version, 1, 'nothing changed');
    const kept = await updateDestination(w.db, w.owner, hec.destinationId, 1, { settings: { kind: 'splunk', url: 'http://127.0.0.1:9', index: 'other' } });
    assert.equal(kept.secretHint, 'aaaa', 'same URL: the secret stays');
    const moved = await updateDestination(w.db, w.owner, hec.destinationId, 2, { settings: { kind: 'splunk', url: 'http://127.0.0.2:9' }, secret: 'token-bbbb' });
    assert.equal(moved.secretHint, 'bbbb');
    const dd = (await create(w, { name: 'DD', settings: { kind: 'datadog', site: 'datadoghq.eu' }, secret: 'dd-key-1234' })).destination;
    await assert.rejects(updateDestination(w.db, w.owner, dd.destinationId, 1, { settings: { kind: 'datadog', url: 'http://127.0.0.1:9/api/v2/logs' } }), secretRefused);
    await assert.rejects(updateDestination(w.db, w.owner, dd.destinationId, 1, { settings: { kind: 'datadog', site: 'datadoghq.com' } }), secretRefused);
    const s3 = { kind: 's3' as const, bucket: 'audit-bucket', region: 'eu-west-1', endpoint: 'http://127.0.0.1:9', accessKeyId: 'AKIAEXAMPLEKEY12' };
    const bucket = (await create(w, { name: 'S3', settings: s3, secret: 'secret-key-9999' })).destination;
    for (const change of [{ endpoint: 'http://127.0.0.2:9' }, { bucket: 'other-bucket' }, { region: 'us-east-1' }, { accessKeyId: 'AKIAOTHERKEY1234' }]) {
      await assert.rejects(updateDestination(w.db, w.owner, bucket.destinationId, 1, { settings: { ...s3, ...change } }), secretRefused, JSON.stringify(change));
    }
    assert.equal((await updateDestination(w.db, w.owner, bucket.destinationId, 1, { settings: { ...s3, prefix: 'arbor' } })).secretHint, '9999', 'a new prefix is the same place');
  });

  test("another tenant's destination answers not found, and is neither read nor changed", async () => {
    const [a, b] = [await world(), await world()];
    const { destination } = await create(b, { name: 'B only', settings: { kind: 'https', url: 'http://127.0.0.1:9/in' } });
    const before = await raw(b.t.tenantId, destination.destinationId);
    const id = destination.destinationId;
    await assert.rejects(readDestination(a.db, id), code('auditStream.notFound'));
    await assert.rejects(updateDestination(a.db, a.owner, id, 1, { name: 'Taken' }), code('auditStream.notFound'));
    await assert.rejects(backfillDestination(a.db, a.owner, id, 1, new Date().toISOString()), code('auditStream.notFound'));
    await assert.rejects(deleteDestination(a.db, a.owner, id, 1), code('auditStream.notFound'));
    await assert.rejects(readDestination(a.db, '../../x'), code('auditStream.notFound'));
    assert.deepEqual(await listDestinations(a.db), []);
    assert.deepEqual(await raw(b.t.tenantId, id), before);
  });

  test('a test entry is sent at once, in the kind’s format, and the cursor stays', async () => {
    const w = await world();
    const r = await streamReceiver('https');
    try {
      const { destination, signingSecret } = await create(w, { name: 'Receiver', settings: { kind: 'https', url: `${r.url}/in` } });
      r.secret = signingSecret!;
      const ok = await testDestination(w.db, w.owner, destination.destinationId);
      assert.equal(ok.ok, true);
      assert.equal(ok.status, 200);
      assert.equal(r.got.length, 1);
      assert.equal(r.got[0].entries[0].action, 'auditStream.test');
      assert.equal(r.got[0].entries[0].organizationId, w.t.tenantId);
      assert.equal((await readDestination(w.db, destination.destinationId)).cursor, destination.cursor);
      r.answer = () => 500;
      const failed = await testDestination(w.db, w.owner, destination.destinationId);
      assert.deepEqual({ ok: failed.ok, status: failed.status, error: failed.error }, { ok: false, status: 500, error: 'It answered HTTP 500.' });
      r.answer = () => 'hang';
      const hung = await testDestination(w.db, w.owner, destination.destinationId, { timeoutMs: 300 });
      assert.equal(hung.error, 'No answer within 300 ms.');
      const actions = (await listTenantAudit(w.db)).items.map((e) => e.action);
      assert.deepEqual(actions.slice(0, 3), ['auditStream.test', 'auditStream.test', 'auditStream.test']);
    } finally {
      await r.close();
    }
  });
});
