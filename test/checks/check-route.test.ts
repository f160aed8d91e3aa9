// POST /api/v1/checks and /api/v1/checks/batch through the real route handlers, against the local
// stack: the console's decisions for built-in and custom roles at every reach, the organization's
// own permissions, explanations, subjects by id, email and external id, who may ask, and the
// errors: another organization's person is "not found", never "denied".
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkWorld, ask, provision } from './world';
import { newTenant } from '../support/fixtures';
import { checkCaches } from '../../lib/checks/read-cache';

describe('a single check', async () => {
  const w = await checkWorld();
  const run = (body: Record<string, unknown>, bearer = w.admin) => ask('/api/v1/checks', bearer, body);
  const allowed = async (userId: string, permission: string, unitId: string) => {
    const { status, json } = await run({ subject: { userId }, permission, unitId });
    assert.equal(status, 200, JSON.stringify(json));
    return json.allowed as boolean;
  };

  test('custom roles reach as defined: subtree, the unit only, below only', async () => {
    assert.equal(await allowed(w.alice.userId, 'expenses.approve', w.engineering.id), true);
    assert.equal(await allowed(w.alice.userId, 'expenses.approve', w.cloud.id), true);
    assert.equal(await allowed(w.alice.userId, 'expenses.approve', w.sales.id), false);
    assert.equal(await allowed(w.carol.userId, 'expenses.approve', w.cloud.id), true);
    assert.equal(await allowed(w.carol.userId, 'expenses.approve', w.engineering.id), false);
    assert.equal(await allowed(w.dave.userId, 'expenses.approve', w.engineering.id), false);
    assert.equal(await allowed(w.dave.userId, 'expenses.approve', w.cloud.id), true);
  });

  test("built-in roles: owners everything everywhere, managers Arbor's manager permissions in their subtree", async () => {
    assert.equal(await allowed(w.ownerUserId, 'expenses.approve', w.cloud.id), true);
    assert.equal(await allowed(w.ownerUserId, 'unit.delete', w.sales.id), true);
    assert.equal(await allowed(w.bob.userId, 'members.manage', w.sales.id), true);
    assert.equal(await allowed(w.bob.userId, 'unit.rename', w.sales.id), false, 'a manager renames below their unit, not the unit itself');
    assert.equal(await allowed(w.bob.userId, 'members.manage', w.engineering.id), false);
    assert.equal(await allowed(w.bob.userId, 'expenses.approve', w.sales.id), false);
    assert.equal(await allowed(w.alice.userId, 'tree.read', w.cloud.id), true);
    assert.equal(await allowed(w.alice.userId, 'unit.create', w.cloud.id), false);
  });

  test('the answer names the subject, permission and unit, and a token to ask no older', async () => {
    const { json } = await run({ subject: { userId: w.alice.userId }, permission: 'expenses.approve', unitId: w.cloud.id });
    assert.deepEqual({ ...json, consistencyToken: undefined }, {
      allowed: true, subject: { userId: w.alice.userId }, permission: 'expenses.approve', unitId: w.cloud.id, consistencyToken: undefined,
    });
    assert.match(json.consistencyToken, /^v1\.[0-9a-z]+$/);
  });

  test('explain: which membership, which role, held where, reaching how; or the refusal in words', async () => {
    const yes = await run({ subject: { userId: w.alice.userId }, permission: 'expenses.approve', unitId: w.cloud.id, explain: true });
    const grant = { unitId: w.engineering.id, unitName: 'Engineering', unitPath: w.engineering.path, role: 'member', customRole: { key: 'approver-subtree', name: 'Approver (subtree)' }, reach: 'subtree' };
    assert.deepEqual(yes.json.explanation, { grantedBy: grant, grants: [grant] });
    const below = await run({ subject: { userId: w.dave.userId }, permission: 'expenses.approve', unitId: w.cloud.id, explain: true });
    assert.equal(below.json.explanation.grantedBy.reach, 'below');
    const manager = await run({ subject: { userId: w.bob.userId }, permission: 'unit.create', unitId: w.sales.id, explain: true });
    assert.deepEqual(manager.json.explanation.grantedBy, { unitId: w.sales.id, unitName: 'Sales', unitPath: w.sales.path, role: 'manager', reach: 'subtree' });
    const no = await run({ subject: { userId: w.alice.userId }, permission: 'expenses.approve', unitId: w.sales.id, explain: true });
    assert.equal(no.json.allowed, false);
    assert.equal(no.json.explanation.reason, 'permissionNotHeld');
    assert.match(no.json.explanation.message, /expenses\.approve.*Sales/);
  });

  test('subjects by email (any case) and by the directory external id', async () => {
    await provision(w.tenantId, w.carol, 'entra-carol-1');
    const byEmail = await run({ subject: { email: w.alice.email.toUpperCase() }, permission: 'expenses.approve', unitId: w.cloud.id });
    assert.deepEqual([byEmail.status, byEmail.json.allowed, byEmail.json.subject], [200, true, { userId: w.alice.userId }]);
    const byExternalId = await run({ subject: { externalId: 'entra-carol-1' }, permission: 'expenses.approve', unitId: w.cloud.id });
    assert.deepEqual([byExternalId.status, byExternalId.json.allowed, byExternalId.json.subject], [200, true, { userId: w.carol.userId }]);
    for (const subject of [{ email: 'nobody@example.test' }, { externalId: 'entra-nobody' }, { email: '\uD800@example.test' }, { externalId: 'x\uDC00' }, { email: ' ' }]) {
      const missing = await run({ subject, permission: 'tree.read', unitId: w.cloud.id });
      assert.deepEqual([missing.status, missing.json.error.code], [404, 'check.subjectNotFound']);
    }
  });

  test('a remembered email or external id must still be the person read: one that moved is looked up again', async () => {
    await provision(w.tenantId, w.dave, 'entra-moved-1');
    const fast = { mode: 'minimizeLatency', maxStalenessSeconds: 60 };
    // This process remembers the external id as Carol's, as it would have before the directory moved it to Dave.
    checkCaches.resolved.set(w.tenantId, 'externalId:entra-moved-1', w.carol.userId, Date.now());
    checkCaches.subjects.clear();
    const stale = await run({ subject: { externalId: 'entra-moved-1' }, permission: 'tree.read', unitId: w.cloud.id, consistency: fast });
    assert.deepEqual([stale.status, stale.json.error?.code], [404, 'check.subjectNotFound'], "Carol's partition does not carry it: nobody's, never Carol's answer");
    const again = await run({ subject: { externalId: 'entra-moved-1' }, permission: 'tree.read', unitId: w.cloud.id, consistency: fast });
    assert.deepEqual([again.status, again.json.subject], [200, { userId: w.dave.userId }], 'looked up again');
    checkCaches.resolved.set(w.tenantId, `email:${w.alice.email.toLowerCase()}`, w.bob.userId, Date.now());
    checkCaches.subjects.clear();
    const email = await run({ subject: { email: w.alice.email }, permission: 'tree.read', unitId: w.cloud.id, consistency: fast });
    assert.equal(email.status, 404);
    assert.deepEqual((await run({ subject: { email: w.alice.email }, permission: 'tree.read', unitId: w.cloud.id, consistency: fast })).json.subject, { userId: w.alice.userId });
  });

  test("another organization's person is not found, never denied, and nothing of theirs is said", async () => {
    const other = await newTenant('OtherOrg');
    for (const subject of [{ userId: other.ownerUserId }, { email: other.ownerEmail }]) {
      const { status, json } = await run({ subject, permission: 'tree.read', unitId: w.root.id, explain: true });
      assert.deepEqual([status, json.error.code], [404, 'check.subjectNotFound']);
      assert.doesNotMatch(JSON.stringify(json), new RegExp(`${other.tenantId}|OtherOrg|${other.ownerEmail}`, 'i'));
    }
    const theirUnit = await run({ subject: { userId: w.alice.userId }, permission: 'tree.read', unitId: other.rootUnitId });
    assert.deepEqual([theirUnit.status, theirUnit.json.error.code], [404, 'check.unitNotFound']);
  });

  test('errors: unknown unit, unknown permission, a token not ours, a malformed subject', async () => {
    const subject = { userId: w.alice.userId };
    const unit = await run({ subject, permission: 'tree.read', unitId: '01HZZZZZZZZZZZZZZZZZZZZZZZ' });
    assert.deepEqual([unit.status, unit.json.error.code], [404, 'check.unitNotFound']);
    const permission = await run({ subject, permission: 'wiki.publish', unitId: w.cloud.id });
    assert.deepEqual([permission.status, permission.json.error.code], [400, 'check.unknownPermission']);
    const token = await run({ subject, permission: 'tree.read', unitId: w.cloud.id, consistency: { mode: 'atLeastAsFresh', token: 'zookie-123' } });
    assert.deepEqual([token.status, token.json.error.code], [400, 'check.badToken']);
    const two = await run({ subject: { userId: w.alice.userId, email: w.alice.email }, permission: 'tree.read', unitId: w.cloud.id });
    assert.deepEqual([two.status, two.json.error.code], [400, 'request.invalid']);
  });

  test('who may ask: checks.run, then access.explain at the unit about the subject', async () => {
    const inside = await run({ subject: { userId: w.alice.userId }, permission: 'expenses.approve', unitId: w.cloud.id }, w.manager);
    assert.deepEqual([inside.status, inside.json.allowed], [200, true]);
    const outside = await run({ subject: { userId: w.bob.userId }, permission: 'members.manage', unitId: w.sales.id }, w.manager);
    assert.deepEqual([outside.status, outside.json.error.code], [403, 'authz.access.explain']);
    assert.doesNotMatch(JSON.stringify(outside.json), /"allowed"/);
    const member = await run({ subject: { userId: w.alice.userId }, permission: 'tree.read', unitId: w.cloud.id }, w.member);
    assert.deepEqual([member.status, member.json.error.code], [403, 'authz.checks.run']);
  });
});

describe('a batch', async () => {
  const w = await checkWorld('Batch');

  test('100 checks with mixed answers and errors, in the order asked', async () => {
    const kinds = [
      { subject: { userId: w.alice.userId }, permission: 'expenses.approve', unitId: w.cloud.id },
      { subject: { userId: w.alice.userId }, permission: 'expenses.approve', unitId: w.sales.id },
      { subject: { email: w.bob.email }, permission: 'members.manage', unitId: w.sales.id },
      { subject: { userId: w.carol.userId }, permission: 'wiki.publish', unitId: w.cloud.id },
      { subject: { userId: w.dave.userId }, permission: 'tree.read', unitId: '01HZZZZZZZZZZZZZZZZZZZZZZZ' },
    ];
    const checks = Array.from({ length: 100 }, (_, i) => kinds[i % kinds.length]);
    const { status, json } = await ask('/api/v1/checks/batch', w.admin, { checks, explain: true });
    assert.equal(status, 200, JSON.stringify(json));
    assert.equal(json.results.length, 100);
    json.results.forEach((r: Record<string, any>, i: number) => { // eslint-disable-line @typescript-eslint/no-explicit-any
      const expected = [true, false, true, 'check.unknownPermission', 'check.unitNotFound'][i % kinds.length];
      if (typeof expected === 'boolean') {
        assert.equal(r.allowed, expected, `check ${i}`);
        assert.equal(r.unitId, checks[i].unitId);
        assert.equal(r.consistencyToken, json.consistencyToken);
        assert.ok(r.explanation);
      } else assert.equal(r.error.code, expected, `check ${i}`);
    });
  });

  test("a check the caller may not ask about is its refusal in place; more than 100 checks are refused whole", async () => {
    const checks = [
      { subject: { userId: w.alice.userId }, permission: 'expenses.approve', unitId: w.cloud.id },
      { subject: { userId: w.bob.userId }, permission: 'members.manage', unitId: w.sales.id },
    ];
    const { status, json } = await ask('/api/v1/checks/batch', w.manager, { checks });
    assert.equal(status, 200);
    assert.equal(json.results[0].allowed, true);
    assert.equal(json.results[1].error.code, 'authz.access.explain');
    const tooMany = await ask('/api/v1/checks/batch', w.admin, { checks: Array.from({ length: 101 }, () => checks[0]) });
    assert.deepEqual([tooMany.status, tooMany.json.error.code], [400, 'request.invalid']);
  });
});
