// Property: on random trees, catalogues and memberships written to the local stack through the
// app's own write functions, every check the engine answers (by user id, by email, one at a time
// and in a batch, and through POST /api/v1/checks for a sample) equals the reference evaluator's
// reading of the docs and the console's decision (lib/authz explainPermission on the subject's
// access as the console loads it).
import assert from 'node:assert/strict';
import { join, resolve } from 'node:path';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { createApiKey } from '../../lib/api-keys';
import { explainPermission } from '../../lib/authz';
import { check, checkBatch, type CheckInput, type CheckResult } from '../../lib/checks';
import { loadActorAccess } from '../../lib/members';
import { Reference } from '../authz/support/reference-evaluator';
import { testPlatformDb } from '../support/tenancy';
import { PERMISSIONS, pathOf, refWorld, storeWorld, worldSpecArb, type StoredWorld, type WorldSpec } from './support/check-world';

const ROOT = resolve(import.meta.dirname, '../..');
const mayAsk = () => true;

interface Question {
  person: string;
  permission: string;
  unit: string;
}

const caseArb = worldSpecArb.chain((spec) =>
  fc.record({
    spec: fc.constant(spec),
    questions: fc.array(
      fc.record({ person: fc.constantFrom(...Object.keys(spec.people)), permission: fc.constantFrom(...PERMISSIONS), unit: fc.constantFrom(...Object.keys(spec.parents)) }),
      { minLength: 10, maxLength: 30 },
    ),
  }),
);

/** What the docs say (the reference evaluator) about one question. */
function expected(spec: WorldSpec, q: Question): boolean {
  return new Reference(refWorld(spec)).holdsOver({ userId: q.person, memberships: spec.people[q.person] }, q.permission, q.unit, 'unit');
}

/** What the console decides: the subject's access loaded as for a request, then explainPermission. */
async function consoleDecides(spec: WorldSpec, w: StoredWorld, q: Question): Promise<boolean> {
  const access = await loadActorAccess(w.db, w.ids[q.person]);
  const path = `/${pathOf(spec.parents, q.unit).map((u) => w.ids[u]).join('/')}/`;
  return explainPermission(access, q.permission, { id: w.ids[q.unit], path }).allowed;
}

const asInput = (w: StoredWorld, q: Question): CheckInput => ({ subject: { userId: w.ids[q.person] }, permission: q.permission, unitId: w.ids[q.unit] });

async function postCheck(bearer: string, body: unknown) {
  const mod = (await import(join(ROOT, 'app/api/v1/checks/route.ts'))) as { POST: (r: Request, c: unknown) => Promise<Response> };
  const res = await mod.POST(
    new Request('http://arbor.test/api/v1/checks', { method: 'POST', headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    { params: Promise.resolve({}) },
  );
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

describe('check answers equal the reference evaluator and the console', () => {
  test('random organizations: single, by email, batch, and the route for a sample', async () => {
    await fc.assert(
      fc.asyncProperty(caseArb, async ({ spec, questions }) => {
        const w = await storeWorld(spec);
        const say = (q: Question) => `${JSON.stringify(q)} in ${JSON.stringify(spec)}`;
        for (const q of questions) {
          const want = expected(spec, q);
          const got = await check(w.db, asInput(w, q), { mayAsk });
          assert.equal(got.allowed, want, `check ${say(q)}`);
          assert.equal(await consoleDecides(spec, w, q), want, `console ${say(q)}`);
        }
        // By email (GSI2, eventually consistent: DynamoDB Local's index is current) the same answers.
        for (const q of questions.slice(0, 3)) {
          const got = await check(w.db, { ...asInput(w, q), subject: { email: w.emails[q.person] } }, { mayAsk, explain: true });
          assert.equal(got.allowed, expected(spec, q), `by email ${say(q)}`);
          assert.equal(got.subject.userId, w.ids[q.person]);
        }
        const batch = await checkBatch(w.db, questions.map((q) => asInput(w, q)), { mayAsk });
        assert.equal(batch.results.length, questions.length);
        batch.results.forEach((r, i) => {
          assert.ok(!('error' in r), `batch item ${i}: ${JSON.stringify(r)}`);
          assert.equal((r as CheckResult).allowed, expected(spec, questions[i]), `batch ${say(questions[i])}`);
        });
        // The route, with an admin's API key on the top unit: the same answers.
        const key = await createApiKey(
          { tenant: w.db, platform: testPlatformDb() },
          { name: 'Checks', role: 'admin', unit: { id: w.ids.u0, path: `/${w.ids.u0}/` }, expiresInDays: 1, actor: w.owner },
        );
        for (const q of questions.slice(0, 2)) {
          const res = await postCheck(key.secret, asInput(w, q));
          assert.equal(res.status, 200, JSON.stringify(res.json));
          assert.equal(res.json.allowed, expected(spec, q), `route ${say(q)}`);
        }
      }),
      { numRuns: 12, seed: 20261128, endOnFailure: true },
    );
  });
});
