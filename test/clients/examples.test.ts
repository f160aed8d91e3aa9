// The guard examples (examples/nextjs, examples/express) let a request through only on an
// `allowed: true`, refuse a denial and an unknown subject with 403, and fail closed (503) when
// Arbor cannot answer. Arbor is the node:http stand-in (HTTP behaviour only; ./stand-in-server.ts).
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { NextRequest } from 'next/server';
import { ArborChecks } from '../../clients/typescript';
import { requirePermission, type ResponseLike } from '../../examples/express/require-permission';
import { guardRoute } from '../../examples/nextjs/route-guard';
import { answerCheck, refusal, startStandIn, SUBJECT, type Script, type StandIn } from './stand-in-server';

const UNIT = '01JABCDEFGHJKMNPQRSTVWXYZ0';

let standIn: StandIn;
let arbor: ArborChecks;

before(async () => {
  standIn = await startStandIn();
});
after(() => standIn.close());
beforeEach(() => {
  standIn.seen = [];
  standIn.answers = [];
  arbor = new ArborChecks({ baseUrl: standIn.baseUrl, apiKey: 'arbor_key_test', retry: { attempts: 1 } });
});

/** Arbor's answer, and the status the guarded route should answer with. */
const CASES: [string, Script, number][] = [
  ['allowed', answerCheck(true), 200],
  ['denied', answerCheck(false), 403],
  ['a subject Arbor does not know', refusal(404, 'check.subjectNotFound'), 403],
  ['a unit id that is no id', refusal(400, 'request.invalid'), 403],
  ['Arbor unavailable', refusal(503, 'service.unavailable'), 503],
];

describe('the Next.js route guard', () => {
  const route = () =>
    guardRoute<{ params: Promise<{ unitId: string }> }>(arbor, 'expenses.approve', {
      subjectOf: (request) => (request.headers.get('x-user') ? { userId: request.headers.get('x-user')! } : undefined),
      unitOf: async (_request, { params }) => (await params).unitId,
    }, () => new Response('approved'));
  const call = (user?: string) =>
    route()(new NextRequest('http://app.test/expenses/approve', { method: 'POST', headers: user ? { 'x-user': user } : {} }), { params: Promise.resolve({ unitId: UNIT }) });

  for (const [name, answer, status] of CASES) {
    test(`${name}: ${status}, in one check`, async () => {
      standIn.answers.push(answer);
      const response = await call(SUBJECT.userId);
      assert.equal(response.status, status);
      if (status === 200) assert.equal(await response.text(), 'approved');
      assert.equal(standIn.seen.length, 1);
      assert.deepEqual(standIn.seen[0].body, { subject: SUBJECT, permission: 'expenses.approve', unitId: UNIT });
    });
  }

  test('nobody signed in: 401, and Arbor is not asked', async () => {
    assert.equal((await call()).status, 401);
    assert.equal(standIn.seen.length, 0);
  });
});

describe('the Express middleware', () => {
  const middleware = () => requirePermission(arbor, 'expenses.approve', { subjectOf: () => SUBJECT, unitOf: (req) => req.params.unitId });

  for (const [name, answer, status] of CASES) {
    test(`${name}: ${status === 200 ? 'passed on' : status}`, async () => {
      standIn.answers.push(answer);
      let refused: number | undefined;
      let passed = false;
      const res: ResponseLike = { status: (code) => ((refused = code), { json: () => undefined }) };
      await middleware()({ params: { unitId: UNIT } }, res, () => (passed = true));
      assert.equal(passed, status === 200);
      assert.equal(refused, status === 200 ? undefined : status);
      assert.equal(standIn.seen[0].body?.unitId, UNIT);
    });
  }
});
