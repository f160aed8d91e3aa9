// An operation's answer is checked against its schema in the test runs: what the reference says
// is what the handler sent, field for field, or the request fails loudly.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { ulid } from 'ulid';
import { z } from 'zod';
import { accepted } from '../../lib/api/accepted';
import { createEntryPoints } from '../../lib/api/actor-entry';
import { AnswerMismatch, checkAnswer } from '../../lib/api/answer-check';
import { operation } from '../../lib/api/operation';
import type { RequestActor } from '../../lib/auth';
import { addMembership, loadActorAccess } from '../../lib/members';
import { newTenant } from '../support/fixtures';
import { tenantDbFor } from '../support/tenant-db';

const units = z.object({ units: z.array(z.object({ id: z.string(), role: z.string() })) });
const job = z.object({ kind: z.literal('job'), jobId: z.string() });
const on = { ARBOR_CHECK_ANSWERS: '1' as const, ARBOR_BUG_LOG: undefined };

describe('checkAnswer', () => {
  test('passes an answer its schema describes exactly', () => {
    checkAnswer('listMine', units, { units: [{ id: 'u1', role: 'member' }] }, on);
  });

  test('refuses a missing or mistyped field, naming where', () => {
    assert.throws(() => checkAnswer('listMine', units, { units: [{ id: 'u1' }] }, on), (e: Error) => e instanceof AnswerMismatch && /\$\.units\.0\.role/.test(e.message));
    assert.throws(() => checkAnswer('listMine', units, { units: [{ id: 1, role: 'member' }] }, on), AnswerMismatch);
  });

  test('refuses a field the schema does not declare (it would reach callers undocumented)', () => {
    assert.throws(
      () => checkAnswer('listMine', units, { units: [{ id: 'u1', role: 'member', secretHash: 'x' }] }, on),
      (e: Error) => e instanceof AnswerMismatch && e.message.includes('$.units[0].secretHash'),
    );
  });

  test('checks the answer as JSON carries it (a Date is a string, undefined fields vanish)', () => {
    const at = z.object({ at: z.string(), note: z.string().optional() });
    checkAnswer('when', at, { at: new Date(0), note: undefined }, on);
  });

  test('refuses a body from an operation that declares none, or declares CSV', () => {
    assert.throws(() => checkAnswer('revoke', undefined, { ok: true }, on), AnswerMismatch);
    assert.throws(() => checkAnswer('export', { mediaType: 'text/csv', description: 'CSV' }, { ok: true }, on), AnswerMismatch);
  });

  test('records the mismatch in the bug log, so the run fails even if nobody reads the 500', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'arbor-answer-')), 'bugs.log');
    assert.throws(() => checkAnswer('listMine', units, {}, { ...on, ARBOR_BUG_LOG: file }), AnswerMismatch);
    assert.match(readFileSync(file, 'utf8'), /listMine: answer does not match its schema/);
  });

  test('does nothing when answers are not checked (production)', () => {
    checkAnswer('listMine', units, { nonsense: true }, { ARBOR_CHECK_ANSWERS: '0', ARBOR_BUG_LOG: undefined });
  });
});

describe('withActor answers as its operation declares', () => {
  let entry: ReturnType<typeof createEntryPoints<RequestActor>>;
  let rootId: string;
  const base = { path: '/api/v1/mine', summary: 'Mine', tag: 'Test', selfOnly: true } as const;
  const listMine = operation({ ...base, method: 'get', operationId: 'listMine', response: units });
  const startJob = operation({ ...base, method: 'post', operationId: 'startJob', response: units, accepted: job });

  before(async () => {
    const t = await newTenant('Answers');
    const db = tenantDbFor(t.tenantId);
    rootId = t.rootUnitId;
    const userId = ulid();
    await addMembership(db, { userId: t.ownerUserId, email: t.ownerEmail }, { unitId: rootId, role: 'member', userId, email: `m@${t.domain}`, name: 'M' });
    const load = async () => ({ ...(await loadActorAccess(db, userId)), email: `m@${t.domain}`, db });
    entry = createEntryPoints({ load, require: load });
  });

  const call = (handler: (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>, method = 'GET') =>
    handler(new Request('http://arbor.test/api/v1/mine', { method }), { params: Promise.resolve({}) });

  test('a handler answers its response schema (typed: another shape does not compile)', async () => {
    const GET = entry.withActor(listMine, async ({ actor }) => ({ units: actor.memberships.map((m) => ({ id: m.unitId, role: m.role })) }));
    const res = await call(GET);
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { units: [{ id: rootId, role: 'member' }] });
  });

  test('accepted(…) answers 202 with the accepted schema', async () => {
    const POST = entry.withActor(startJob, async () => accepted({ kind: 'job' as const, jobId: 'j1' }));
    const res = await call(POST, 'POST');
    assert.equal(res.status, 202);
    assert.deepEqual(await res.json(), { kind: 'job', jobId: 'j1' });
  });
});
