// Property (docs/checks.md, "Consistency"): after a random write made through the domain (a
// membership added, removed, its role or custom roles changed, a custom role changed, a subtree
// moved), with this process's caches primed by checks made BEFORE the write:
// - `atLeastAsFresh` with a token issued once the write was acknowledged sees the write, and its
//   answer stands at or after the token;
// - `fullyConsistent` (the default) always sees it;
// - `minimizeLatency` answers either way, but a stale answer says so: its token is older than the
//   write, and never older than the staleness allowed.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { check, type CheckInput, type Consistency } from '../../lib/checks';
import { consistencyTokenTime, issueConsistencyToken } from '../../lib/db';
import { Reference } from '../authz/support/reference-evaluator';
import { PERMISSIONS, refWorld, storeWorld, worldSpecArb, type StoredWorld, type WorldSpec } from './support/check-world';
import { applied, write, writeArb, type WorldWrite } from './support/world-writes';

const mayAsk = () => true;
const STALENESS_S = 60;

interface Question {
  person: string;
  permission: string;
  unit: string;
}

const caseArb = worldSpecArb.chain((spec) => fc.record({ spec: fc.constant(spec), change: writeArb(spec), pick: fc.array(fc.nat(), { minLength: 2, maxLength: 2 }) }));

function answer(spec: WorldSpec, q: Question): boolean {
  return new Reference(refWorld(spec)).holdsOver({ userId: q.person, memberships: spec.people[q.person] }, q.permission, q.unit, 'unit');
}

/** Every question whose answer the write changes (at most 4), and two others. */
function questionsAbout(before: WorldSpec, after: WorldSpec, pick: number[]): Question[] {
  const all = Object.keys(before.people).flatMap((person) =>
    PERMISSIONS.flatMap((permission) => Object.keys(before.parents).map((unit) => ({ person, permission, unit }))),
  );
  const changed = all.filter((q) => answer(before, q) !== answer(after, q)).slice(0, 4);
  return [...changed, ...pick.map((n) => all[n % all.length])];
}

const input = (w: StoredWorld, q: Question): CheckInput => ({ subject: { userId: w.ids[q.person] }, permission: q.permission, unitId: w.ids[q.unit] });
const ask = (w: StoredWorld, q: Question, consistency?: Consistency) => check(w.db, input(w, q), { mayAsk, ...(consistency ? { consistency } : {}) });

describe('a check after a write', () => {
  test('sees it with the write token or fully consistent; a stale answer only within the staleness allowed', async (t) => {
    const kinds = new Set<WorldWrite['kind']>();
    let stale = 0;
    await fc.assert(
      fc.asyncProperty(caseArb, async ({ spec, change, pick }) => {
        kinds.add(change.kind);
        const w = await storeWorld(spec);
        const after = applied(spec, change);
        const questions = questionsAbout(spec, after, pick);
        // Prime every cache the engine keeps with answers from before the write.
        for (const q of questions) {
          const primed = await ask(w, q, { mode: 'minimizeLatency', maxStalenessSeconds: STALENESS_S });
          assert.equal(primed.allowed, answer(spec, q), `before ${JSON.stringify(q)}`);
        }
        await write(w, spec, change);
        const token = issueConsistencyToken(Date.now());
        const tokenTime = consistencyTokenTime(token)!;
        const say = (q: Question) => `${JSON.stringify(q)} after ${JSON.stringify(change)} in ${JSON.stringify(spec)}`;
        // minimizeLatency first, while the primed copies are all there is: it may answer from them.
        for (const q of questions) {
          const asked = Date.now();
          const quick = await ask(w, q, { mode: 'minimizeLatency', maxStalenessSeconds: STALENESS_S });
          const stands = consistencyTokenTime(quick.consistencyToken)!;
          assert.ok(stands >= asked - STALENESS_S * 1000, `no older than allowed: ${say(q)}`);
          if (quick.allowed !== answer(after, q)) {
            stale++;
            assert.ok(stands < tokenTime, `a stale answer stands before the write: ${say(q)}`);
          }
        }
        for (const q of questions) {
          const fresh = await ask(w, q, { mode: 'atLeastAsFresh', token });
          assert.equal(fresh.allowed, answer(after, q), `atLeastAsFresh ${say(q)}`);
          assert.ok(consistencyTokenTime(fresh.consistencyToken)! >= tokenTime, `its answer stands after the token: ${say(q)}`);
          assert.equal((await ask(w, q)).allowed, answer(after, q), `default ${say(q)}`);
          assert.equal((await ask(w, q, { mode: 'fullyConsistent' })).allowed, answer(after, q), `fullyConsistent ${say(q)}`);
        }
      }),
      { numRuns: 14, seed: 20261128, endOnFailure: true },
    );
    assert.ok(kinds.has('move'), `a subtree move was among the writes (${[...kinds].join(', ')})`);
    // How often the primed copies answered minimizeLatency: the token checks above had those copies to refuse.
    t.diagnostic(`writes: ${[...kinds].join(', ')}; stale minimizeLatency answers: ${stale}`);
  });

  test('right after a subtree move, a token check sees the subject and the unit at their new paths', async () => {
    // u1 (holding the subject's manager membership) moves from under u0 to under u2: u3 below u1
    // comes along, u2's other child u4 is left behind.
    const spec: WorldSpec = {
      parents: { u0: null, u1: 'u0', u2: 'u0', u3: 'u1', u4: 'u2' },
      roles: [{ key: 'role-0', permissions: ['expenses.approve'], reach: 'below' }],
      people: { p0: [{ unit: 'u1', role: 'manager', roles: ['role-0'] }, { unit: 'u4', role: 'member', roles: [] }] },
    };
    const w = await storeWorld(spec);
    const change: WorldWrite = { kind: 'move', unit: 'u2', parent: 'u3' };
    const questions: Question[] = ['u2', 'u4'].flatMap((unit) => ['expenses.approve', 'unit.rename', 'tree.read'].map((permission) => ({ person: 'p0', permission, unit })));
    for (const q of questions) await ask(w, q, { mode: 'minimizeLatency', maxStalenessSeconds: STALENESS_S });
    await write(w, spec, change);
    const token = issueConsistencyToken(Date.now());
    const after = applied(spec, change);
    for (const q of questions) {
      assert.equal(answer(after, q), true, `the model gives ${JSON.stringify(q)} after the move`);
      if (q.permission !== 'tree.read' || q.unit !== 'u4') assert.equal(answer(spec, q), false, `and not before: ${JSON.stringify(q)}`);
      assert.equal((await ask(w, q, { mode: 'atLeastAsFresh', token })).allowed, true, `atLeastAsFresh ${JSON.stringify(q)}`);
    }
  });
});
