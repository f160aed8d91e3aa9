// The check client's HTTP behaviour (clients/typescript): what it sends, which consistency token it
// asks for, what it retries and how long it waits, and the errors it throws. The server here is a
// small node:http stand-in that scripts answers, for the client's HTTP handling only; the client
// against the real API and engine is e2e/checks.spec.ts.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { ArborChecks, ArborError, isItemError } from '../../clients/typescript';
import { CONSISTENCY_TOKEN_HEADER, issueConsistencyToken } from '../../lib/db/consistency-token';
import { answerCheck, json, refusal, startStandIn, SUBJECT as ADA, type Script, type StandIn } from './stand-in-server';

const UNIT = '01JABCDEFGHJKMNPQRSTVWXYZ0';
const KEY = 'arbor_key_test';

let standIn: StandIn;
let seen: StandIn['seen'];
let answers: Script[];

const allowed = (token?: string) => answerCheck(true, token);

const client = (options: Partial<ConstructorParameters<typeof ArborChecks>[0]> = {}) =>
  new ArborChecks({ baseUrl: standIn.baseUrl, apiKey: KEY, retry: { baseDelayMs: 5, maxDelayMs: 20 }, ...options });

before(async () => {
  standIn = await startStandIn();
});

after(() => standIn.close());

beforeEach(() => {
  seen = standIn.seen = [];
  answers = standIn.answers = [];
});

describe('requests', () => {
  test('a check is a POST of its body with the key as bearer; no token known, no consistency sent', async () => {
    answers.push(allowed());
    const result = await client().check(ADA, 'expenses.approve', UNIT, { explain: true });
    assert.equal(result.allowed, true);
    assert.equal(seen[0].method, 'POST');
    assert.equal(seen[0].url, '/api/v1/checks');
    assert.equal(seen[0].headers.authorization, `Bearer ${KEY}`);
    assert.equal(seen[0].headers['content-type'], 'application/json');
    assert.deepEqual(seen[0].body, { subject: ADA, permission: 'expenses.approve', unitId: UNIT, explain: true });
  });

  test('each operation goes to its path with its body', async () => {
    const c = client();
    const empty: Script = (_req, res) => json(res, 200, { items: [], results: [], opsVersion: 1, consistencyToken: issueConsistencyToken() });
    answers.push(empty, empty, empty, empty);
    await c.checkBatch([{ subject: ADA, permission: 'unit.create', unitId: UNIT }]);
    await c.unitsWith({ email: 'ada@acme.test' }, 'unit.create', { limit: 10 });
    await c.subjectsWith('unit.create', UNIT, { cursor: 'abc' });
    await c.whatIf('01JABCDEFGHJKMNPQRSTVWXYZ2', [{ subject: { externalId: 'ext-1' }, permission: 'unit.create', unitId: UNIT }], { explain: true });
    assert.deepEqual(seen.map((s) => s.url), ['/api/v1/checks/batch', '/api/v1/checks/units', '/api/v1/checks/subjects', '/api/v1/change-sets/01JABCDEFGHJKMNPQRSTVWXYZ2/checks']);
    assert.deepEqual({ ...seen[1].body, consistency: undefined }, { subject: { email: 'ada@acme.test' }, permission: 'unit.create', limit: 10, consistency: undefined });
    assert.equal(seen[2].body?.cursor, 'abc');
    assert.equal(seen[3].body?.consistency, undefined, 'a what-if takes no consistency');
  });

  test('the page iterator follows nextCursor to the last page', async () => {
    const page = (items: string[], nextCursor?: string): Script => (_req, res) =>
      json(res, 200, { items: items.map((userId) => ({ userId })), nextCursor, consistencyToken: issueConsistencyToken() });
    answers.push(page(['a', 'b'], 'c1'), page(['c'], 'c2'), page([]));
    const got: string[] = [];
    for await (const p of client().subjectsWithPages('unit.create', UNIT, { limit: 2 })) got.push(...p.items.map((i) => i.userId));
    assert.deepEqual(got, ['a', 'b', 'c']);
    assert.deepEqual(seen.map((s) => s.body?.cursor), [undefined, 'c1', 'c2']);
  });

  test('isItemError tells a batch item that could not be answered from a result', () => {
    assert.equal(isItemError({ error: { code: 'check.subjectNotFound', message: '…' } }), true);
    assert.equal(isItemError({ allowed: false, subject: ADA, permission: 'p', unitId: UNIT, consistencyToken: 'v1.0' }), false);
  });
});

describe('consistency tokens', () => {
  test("an answer's token is not taken up: with no write known, every check keeps the server's default", async () => {
    const token = issueConsistencyToken(Date.now());
    answers.push(allowed(token), allowed());
    const c = client();
    await c.check(ADA, 'unit.create', UNIT);
    await c.check(ADA, 'unit.create', UNIT);
    assert.equal(seen[1].body?.consistency, undefined);
    assert.equal(c.consistencyToken, undefined);
  });

  test("a write's Arbor-Consistency-Token header is remembered; the write is not retried", async () => {
    const token = issueConsistencyToken(Date.now() + 60_000);
    answers.push((_req, res) => json(res, 200, { ok: true }, { [CONSISTENCY_TOKEN_HEADER]: token }), allowed(issueConsistencyToken(Date.now())));
    const c = client();
    assert.deepEqual(await c.write('PUT', '/api/v1/memberships/x/roles', { roles: ['approver'] }), { ok: true });
    await c.check(ADA, 'unit.create', UNIT);
    assert.deepEqual(seen[1].body?.consistency, { mode: 'atLeastAsFresh', token }, 'the write token, not the answer token');

    answers.push(refusal(503, 'service.unavailable'));
    await assert.rejects(c.write('POST', '/api/v1/units', {}), (e: ArborError) => e.status === 503);
    assert.equal(seen.length, 3, 'a write is sent once');
  });

  test('noteToken keeps the newest of ours and ignores older or foreign ones; a consistency named wins', async () => {
    const c = client();
    const newer = issueConsistencyToken(2_000_000_000_000);
    c.noteToken(newer);
    c.noteToken(issueConsistencyToken(1_000_000_000_000));
    c.noteToken('zookie-from-elsewhere');
    c.noteToken(undefined);
    assert.equal(c.consistencyToken, newer);
    answers.push(allowed(issueConsistencyToken(1)));
    await c.check(ADA, 'unit.create', UNIT, { consistency: { mode: 'minimizeLatency', maxStalenessSeconds: 10 } });
    assert.deepEqual(seen[0].body?.consistency, { mode: 'minimizeLatency', maxStalenessSeconds: 10 });
  });
});

describe('retries and errors', () => {
  test('a 429 is tried again after its Retry-After', async () => {
    answers.push(refusal(429, 'request.rateLimited', { 'Retry-After': '1' }), allowed());
    const result = await client().check(ADA, 'unit.create', UNIT);
    assert.equal(result.allowed, true);
    assert.ok(seen[1].at - seen[0].at >= 950, `waited ${seen[1].at - seen[0].at} ms`);
  });

  test('a 429 asking for more than maxRetryAfterMs is thrown at once, with its code and details', async () => {
    answers.push((_req, res) => json(res, 429, { error: { code: 'request.rateLimited', message: 'slow down', details: { retryAfterSeconds: 30 } } }, { 'Retry-After': '30' }));
    await assert.rejects(client().check(ADA, 'unit.create', UNIT), (e: unknown) => {
      assert.ok(e instanceof ArborError);
      assert.deepEqual([e.status, e.code, e.message, e.details], [429, 'request.rateLimited', 'slow down', { retryAfterSeconds: 30 }]);
      return true;
    });
    assert.equal(seen.length, 1);
  });

  test('502, 503 and 504 are tried again with backoff; after the last try the last error is thrown', async () => {
    answers.push(refusal(502, 'x.bad'), refusal(504, 'x.gateway'), allowed());
    assert.equal((await client().check(ADA, 'unit.create', UNIT)).allowed, true);
    assert.equal(seen.length, 3);

    seen = standIn.seen = [];
    answers.push(refusal(503, 'a.one'), refusal(503, 'a.two'), refusal(503, 'a.three'));
    await assert.rejects(client({ retry: { attempts: 3, baseDelayMs: 1, maxDelayMs: 2 } }).check(ADA, 'unit.create', UNIT), (e: ArborError) => e.code === 'a.three');
    assert.equal(seen.length, 3);
  });

  test('a refusal that retrying cannot change (400, 403, 404, 500) is thrown after one try', async () => {
    for (const [status, code] of [[400, 'check.unknownPermission'], [403, 'authz.forbidden'], [404, 'check.subjectNotFound'], [500, 'internal.error']] as const) {
      seen = standIn.seen = [];
      answers.push(refusal(status, code));
      await assert.rejects(client().check(ADA, 'unit.create', UNIT), (e: ArborError) => e.status === status && e.code === code);
      assert.equal(seen.length, 1, `${status} sent once`);
    }
  });

  test('an answer not in the error shape is client.unexpectedAnswer with its status', async () => {
    answers.push((_req, res) => {
      res.writeHead(418, { 'Content-Type': 'text/html' });
      res.end('<h1>teapot</h1>');
    });
    await assert.rejects(client().check(ADA, 'unit.create', UNIT), (e: ArborError) => e.status === 418 && e.code === 'client.unexpectedAnswer');
  });

  test('a success whose body is not JSON is client.unexpectedAnswer, not a network failure to retry', async () => {
    answers.push((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"allowed":tr');
    });
    await assert.rejects(client().check(ADA, 'unit.create', UNIT), (e: ArborError) => e.code === 'client.unexpectedAnswer');
    assert.equal(seen.length, 1);
  });

  test('a dropped connection is tried again; a connection never made ends as client.network', async () => {
    answers.push((_req, res) => res.socket?.destroy(), allowed());
    assert.equal((await client().check(ADA, 'unit.create', UNIT)).allowed, true);
    assert.equal(seen.length, 2);

    const nowhere = new ArborChecks({ baseUrl: 'http://127.0.0.1:1', apiKey: KEY, retry: { attempts: 2, baseDelayMs: 1, maxDelayMs: 1 } });
    await assert.rejects(nowhere.check(ADA, 'unit.create', UNIT), (e: ArborError) => e.status === 0 && e.code === 'client.network');
  });

  test('an answer slower than the timeout is tried again, then ends as client.timeout', async () => {
    const hang: Script = (_req, res) => setTimeout(() => json(res, 200, {}), 500).unref();
    answers.push(hang, hang);
    const started = Date.now();
    await assert.rejects(client({ timeoutMs: 100, retry: { attempts: 2, baseDelayMs: 1, maxDelayMs: 1 } }).check(ADA, 'unit.create', UNIT), (e: ArborError) => e.code === 'client.timeout');
    assert.equal(seen.length, 2);
    assert.ok(Date.now() - started < 450, 'each try stops at the timeout');
  });
});
