// What each kind sends for a batch, built without a network: the exact URL, headers and body
// (HTTPS JSON lines signed by Standard Webhooks, Splunk HEC events, Datadog logs, the S3 key).
import assert from 'node:assert/strict';
import { gunzipSync } from 'node:zlib';
import { test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { encodeTime } from 'ulid';
import { batchOf, httpRequestFor, objectKeyOf, type StreamedEntry } from '../../lib/audit-streaming/transport';
import { objectBody } from '../../lib/audit-streaming/transport/s3';
import { cursorBefore } from '../../lib/audit-streaming/manage';
import { newEndpointSecret } from '../../lib/webhooks';

const entry = (id: string, at: string): StreamedEntry => ({
  id, at, tenantId: 'T1', organizationId: 'T1', action: 'unit.create', actor: { userId: 'U1', email: 'ada@acme.test' }, target: { type: 'unit', id: 'X1', label: 'Sales' },
});
const batch = batchOf([entry('01JAAAAAAAAAAAAAAAAAAAAAAA', '2026-03-04T05:06:07.000Z'), entry('01JAAAAAAAAAAAAAAAAAAAAAAB', '2026-03-04T05:06:08.000Z')]);
const now = new Date('2026-03-04T05:07:00.000Z');

test('HTTPS: JSON lines, the batch id as webhook-id, a signature the spec’s sign() reproduces', () => {
  const secret = newEndpointSecret();
  const req = httpRequestFor({ kind: 'https', url: 'https://siem.example/in' }, secret, batch, now);
  assert.equal(req.url, 'https://siem.example/in');
  assert.equal(req.headers['content-type'], 'application/x-ndjson');
  assert.equal(req.headers['webhook-id'], 'batch_01JAAAAAAAAAAAAAAAAAAAAAAA_01JAAAAAAAAAAAAAAAAAAAAAAB');
  assert.equal(req.headers['webhook-timestamp'], String(now.getTime() / 1000));
  assert.equal(req.headers['webhook-signature'], new Webhook(secret).sign(batch.batchId, now, req.body));
  assert.deepEqual(req.body.trim().split('\n').map((l) => JSON.parse(l).id), batch.entries.map((e) => e.id));
});

test('Splunk HEC: the event endpoint, the token, one event object per entry', () => {
  const req = httpRequestFor({ kind: 'splunk', url: 'https://hec.example:8088', index: 'audit' }, 'tok', batch, now);
  assert.equal(req.url, 'https://hec.example:8088/services/collector/event');
  assert.equal(req.headers.authorization, 'Splunk tok');
  const events = req.body.split('\n').map((l) => JSON.parse(l));
  assert.deepEqual(events[0], { time: Date.parse(batch.entries[0].at) / 1000, host: 'arbor', source: 'arbor:audit', sourcetype: 'arbor:audit', index: 'audit', event: batch.entries[0] });
});

test('Datadog: the site’s logs intake, the API key, a JSON array of logs', () => {
  const req = httpRequestFor({ kind: 'datadog', site: 'datadoghq.eu', tags: ['env:prod'] }, 'key', batch, now);
  assert.equal(req.url, 'https://http-intake.logs.datadoghq.eu/api/v2/logs');
  assert.equal(req.headers['dd-api-key'], 'key');
  const logs = JSON.parse(req.body);
  assert.equal(logs.length, 2);
  assert.deepEqual({ ...logs[0], arbor: undefined }, { ddsource: 'arbor', service: 'arbor-audit', hostname: 'arbor', ddtags: 'source:arbor,env:prod,organization:T1', message: 'unit.create unit Sales', arbor: undefined });
  assert.deepEqual(logs[0].arbor, batch.entries[0]);
});

test('S3: one gzipped JSON-lines object per batch, keyed by day and first-last ids', () => {
  const key = objectKeyOf({ kind: 's3', bucket: 'b-1', region: 'eu-west-1', prefix: 'arbor/audit' }, batch);
  assert.equal(key, 'arbor/audit/2026/03/04/01JAAAAAAAAAAAAAAAAAAAAAAA-01JAAAAAAAAAAAAAAAAAAAAAAB.jsonl.gz');
  assert.deepEqual(gunzipSync(objectBody(batch)).toString('utf8').trim().split('\n').map((l) => JSON.parse(l)), batch.entries);
});

test('a backfill cursor sorts just before every entry made at or after its date', () => {
  const from = Date.parse('2026-03-04T00:00:00.000Z');
  const { cursor } = cursorBefore('2026-03-04', from + 3_600_000);
  const firstAtFrom = `${encodeTime(from, 10)}${'0'.repeat(16)}`;
  const lastBefore = `${encodeTime(from - 1, 10)}${'Z'.repeat(16)}`;
  assert.ok(firstAtFrom > cursor, 'an entry at the date is after the cursor: sent');
  assert.ok(!(lastBefore > cursor), 'an entry a millisecond earlier is not');
  assert.throws(() => cursorBefore('2026-03-05', from), { code: 'auditStream.badBackfill' });
  assert.throws(() => cursorBefore('2024-01-01', from), { code: 'auditStream.badBackfill' });
});
