// A check's cost and freshness (docs/checks.md, "Consistency", "Cost and speed"), against the
// local stack: at most two DynamoDB requests, none when this process's copy may answer; a check
// carrying a write's token sees the write, right after a membership change and right after a
// subtree move; a bounded staleness may answer from before the write within its window.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { check, checkBatch, type CheckInput, type Consistency } from '../../lib/checks';
import { consistencyTokenTime, issueConsistencyToken, type TenantDb } from '../../lib/db';
import { changeRole, readUnitMember } from '../../lib/members';
import { createUnit, getUnitOrThrow, moveUnit } from '../../lib/org';
import { rawClient } from '../support/raw-client';
import { checkWorld } from './world';

const anyone = { mayAsk: () => true };

async function countRequests<T>(db: TenantDb, work: () => Promise<T>): Promise<{ sent: string[]; result: T }> {
  const sent: string[] = [];
  const name = `countRequests-${Math.random()}`;
  rawClient(db).middlewareStack.add((next, context) => (args) => {
    sent.push(String(context.commandName).replace(/Command$/, ''));
    return next(args);
  }, { step: 'initialize', name });
  try {
    return { sent, result: await work() };
  } finally {
    rawClient(db).middlewareStack.remove(name);
  }
}

/** The token a write's answer carries (the Arbor-Consistency-Token header): the moment it returned. */
const tokenAfter = async (write: () => Promise<unknown>) => {
  await write();
  return issueConsistencyToken(Date.now());
};

describe('cost', async () => {
  const w = await checkWorld('Cost');
  const input: CheckInput = { subject: { userId: w.alice.userId }, permission: 'expenses.approve', unitId: w.cloud.id };

  test('a check is one Query and one BatchGetItem; explain adds one read of names', async () => {
    const { sent, result } = await countRequests(w.db, () => check(w.db, input, anyone));
    assert.equal(result.allowed, true);
    assert.deepEqual(sent.sort(), ['BatchGetItem', 'Query']);
    const explained = await countRequests(w.db, () => check(w.db, input, { ...anyone, explain: true }));
    assert.deepEqual(explained.sent.sort(), ['BatchGetItem', 'BatchGetItem', 'Query']);
  });

  test('a check the cache may answer sends nothing', async () => {
    const fresh = { mode: 'minimizeLatency', maxStalenessSeconds: 30 } as const;
    await check(w.db, input, { ...anyone, consistency: fresh });
    const { sent, result } = await countRequests(w.db, () => check(w.db, input, { ...anyone, consistency: fresh }));
    assert.deepEqual([sent, result.allowed], [[], true]);
    const token = await countRequests(w.db, () => check(w.db, input, { ...anyone, consistency: { mode: 'atLeastAsFresh', token: issueConsistencyToken(Date.now() - 60_000 + 2_000) } }));
    assert.deepEqual(token.sent, [], 'a copy read after an old token answers it');
    const full = await countRequests(w.db, () => check(w.db, input, anyone));
    assert.deepEqual(full.sent.sort(), ['BatchGetItem', 'Query'], 'fullyConsistent never answers from a copy');
  });

  test('a subject by email adds one index Query, none once held; a batch looks each address up once', async () => {
    const byEmail: CheckInput = { ...input, subject: { email: w.carol.email } };
    const { sent } = await countRequests(w.db, () => check(w.db, byEmail, anyone));
    assert.deepEqual(sent.sort(), ['BatchGetItem', 'Query', 'Query']);
    const held = await countRequests(w.db, () => check(w.db, byEmail, { ...anyone, consistency: { mode: 'minimizeLatency' } }));
    assert.deepEqual(held.sent, []);
    const batch = await countRequests(w.db, () => checkBatch(w.db, Array.from({ length: 10 }, () => byEmail), anyone));
    assert.deepEqual(batch.sent.sort(), ['BatchGetItem', 'Query', 'Query']);
  });

  test('a batch: one Query per distinct subject and one BatchGetItem of the distinct units', async () => {
    const people = [w.alice, w.bob, w.carol, w.dave];
    const units = [w.root, w.engineering, w.cloud, w.sales];
    const inputs: CheckInput[] = Array.from({ length: 100 }, (_, i) => ({ subject: { userId: people[i % 4].userId }, permission: 'tree.read', unitId: units[Math.floor(i / 4) % 4].id }));
    const { sent, result } = await countRequests(w.db, () => checkBatch(w.db, inputs, anyone));
    assert.equal(result.results.length, 100);
    assert.deepEqual(sent.sort(), ['BatchGetItem', 'Query', 'Query', 'Query', 'Query']);
  });
});

describe('consistency', async () => {
  const w = await checkWorld('Fresh');
  const asBob = (unitId: string): CheckInput => ({ subject: { userId: w.bob.userId }, permission: 'members.manage', unitId });
  const window: Consistency = { mode: 'minimizeLatency', maxStalenessSeconds: 60 };

  test("a check with a role change's token sees it; a bounded staleness may still answer from before", async () => {
    assert.equal((await check(w.db, asBob(w.sales.id), { ...anyone, consistency: window })).allowed, true);
    const membership = await readUnitMember(w.db, w.sales.id, w.bob.userId);
    const token = await tokenAfter(() => changeRole(w.db, w.owner, { unitId: w.sales.id, userId: w.bob.userId, role: 'member', expectedVersion: membership!.version }));
    assert.equal((await check(w.db, asBob(w.sales.id), { ...anyone, consistency: window })).allowed, true, 'the copy from before, within the window');
    const after = await check(w.db, asBob(w.sales.id), { ...anyone, consistency: { mode: 'atLeastAsFresh', token } });
    assert.equal(after.allowed, false);
    assert.ok(consistencyTokenTime(after.consistencyToken)! >= consistencyTokenTime(token)!, 'the answer stands at or after the write');
    assert.equal((await check(w.db, asBob(w.sales.id), { ...anyone, consistency: { mode: 'atLeastAsFresh', token: after.consistencyToken } })).allowed, false);
  });

  test("a check with a subtree move's token sees the new paths, the subject's and the unit's", async () => {
    const lab = await createUnit(w.db, w.owner, { parentId: w.cloud.id, name: 'Lab' });
    const asAlice: CheckInput = { subject: { userId: w.alice.userId }, permission: 'expenses.approve', unitId: lab.id };
    const fresh = (token: string) => check(w.db, asAlice, { ...anyone, consistency: { mode: 'atLeastAsFresh', token }, explain: true });
    assert.equal((await check(w.db, asAlice, { ...anyone, consistency: window })).allowed, true);

    // Engineering, where Alice's membership is, moves under Sales: her membership's path changes with
    // Lab's, so only a stale copy of one beside a fresh copy of the other could answer no.
    const moveTo = async (unitId: string, newParentId: string) =>
      tokenAfter(async () => moveUnit(w.db, w.owner, { unitId, newParentId, expectedVersion: (await getUnitOrThrow(w.db, unitId)).version }));
    const first = await moveTo(w.engineering.id, w.sales.id);
    const moved = await fresh(first);
    assert.equal(moved.allowed, true);
    const explained = moved.explanation as { grantedBy: { unitPath: string } };
    assert.equal(explained.grantedBy.unitPath, `${w.sales.path}${w.engineering.id}/`);

    // Cloud (and Lab with it) leaves Engineering: within the window the copy from before may answer.
    const second = await moveTo(w.cloud.id, w.root.id);
    assert.equal((await check(w.db, asAlice, { ...anyone, consistency: window })).allowed, true, 'the copy from before the move, within the window');
    assert.equal((await fresh(second)).allowed, false, 'Lab is no longer below Engineering');
  });

  test("one organization's copy never answers another's", async () => {
    const other = await checkWorld('FreshOther');
    await check(w.db, asBob(w.sales.id), { ...anyone, consistency: window });
    await assert.rejects(check(other.db, { subject: { userId: w.bob.userId }, permission: 'members.manage', unitId: other.sales.id }, { ...anyone, consistency: window }), { code: 'check.subjectNotFound' });
    await assert.rejects(check(other.db, asBob(w.sales.id), { ...anyone, consistency: window }), { code: 'check.unitNotFound' });
  });
});
