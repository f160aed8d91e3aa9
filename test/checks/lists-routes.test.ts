// POST /api/v1/checks/units, /api/v1/checks/subjects and /api/v1/change-sets/{setId}/checks
// through the real route handlers with API keys, against the local stack: who may call them, what
// a manager's key sees, and another organization's people, units and sets not found.
import assert from 'node:assert/strict';
import { join, resolve } from 'node:path';
import { describe, test } from 'node:test';
import { addOperations, createChangeSet } from '../../lib/change-sets';
import { actorFor } from '../change-sets/fixtures';
import { checkWorld } from './world';

const ROOT = resolve(import.meta.dirname, '../..');
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function post(route: string, params: Record<string, string>, bearer: string, body: unknown): Promise<{ status: number; json: Json }> {
  const file = route === 'whatIf' ? 'app/api/v1/change-sets/[setId]/checks/route.ts' : `app/api/v1/checks/${route}/route.ts`;
  const url = route === 'whatIf' ? `/api/v1/change-sets/${params.setId}/checks` : `/api/v1/checks/${route}`;
  const mod = (await import(join(ROOT, file))) as { POST: (r: Request, c: unknown) => Promise<Response> };
  const res = await mod.POST(
    new Request(`http://arbor.test${url}`, { method: 'POST', headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    { params: Promise.resolve(params) },
  );
  return { status: res.status, json: (await res.json()) as Json };
}

describe('the listing and what-if routes', async () => {
  const w = await checkWorld('ListRoutes');
  const other = await checkWorld('ListRoutesOther');
  const owner = await actorFor(w.db, w.ownerUserId);
  const header = await createChangeSet(w.db, owner, { name: 'Cloud to Sales', description: '' });
  const set = await addOperations(w.db, owner, header.setId, header.version, [{ kind: 'moveUnit', unitId: w.cloud.id, parentId: w.sales.id }]);
  const otherOwner = await actorFor(other.db, other.ownerUserId);
  const otherSet = await createChangeSet(other.db, otherOwner, { name: 'Theirs', description: '' });

  test('units: a manager key sees the owner’s reach as its own subtree; a member key may not ask at all', async () => {
    const admin = await post('units', {}, w.admin, { subject: { userId: w.alice.userId }, permission: 'expenses.approve' });
    assert.equal(admin.status, 200, JSON.stringify(admin.json));
    assert.deepEqual(admin.json.items.map((i: Json) => [i.unitName, i.scope]), [['Engineering', 'subtree']]);
    const manager = await post('units', {}, w.manager, { subject: { userId: w.ownerUserId }, permission: 'unit.create' });
    assert.equal(manager.status, 200, JSON.stringify(manager.json));
    assert.deepEqual(manager.json.items.map((i: Json) => [i.unitId, i.scope]), [[w.engineering.id, 'subtree']]);
    const member = await post('units', {}, w.member, { subject: { userId: w.ownerUserId }, permission: 'unit.create' });
    assert.equal(member.status, 403);
    assert.equal(member.json.error.code, 'authz.checks.run');
  });

  test('subjects: answered where the key may ask, refused elsewhere; bad input is a 400', async () => {
    const cloud = await post('subjects', {}, w.manager, { permission: 'expenses.approve', unitId: w.cloud.id });
    assert.equal(cloud.status, 200, JSON.stringify(cloud.json));
    const holders = cloud.json.items.map((i: Json) => i.userId);
    for (const p of [w.alice, w.carol, w.dave]) assert.ok(holders.includes(p.userId), `${p.name} approves at Cloud`);
    assert.match(cloud.json.consistencyToken, /^v1\./);
    const sales = await post('subjects', {}, w.manager, { permission: 'expenses.approve', unitId: w.sales.id });
    assert.equal(sales.status, 403);
    assert.equal(sales.json.error.code, 'authz.access.explain');
    const big = await post('subjects', {}, w.admin, { permission: 'expenses.approve', unitId: w.cloud.id, limit: 1000 });
    assert.equal(big.status, 400);
  });

  test('another organization’s person, unit and change set are not found, and say nothing more', async () => {
    const person = await post('units', {}, w.admin, { subject: { userId: other.alice.userId }, permission: 'unit.create' });
    assert.deepEqual([person.status, person.json.error.code], [404, 'check.subjectNotFound']);
    assert.equal(person.json.error.details, undefined);
    const unit = await post('subjects', {}, w.admin, { permission: 'unit.create', unitId: other.cloud.id });
    assert.deepEqual([unit.status, unit.json.error.code], [404, 'check.unitNotFound']);
    const foreignSet = await post('whatIf', { setId: otherSet.setId }, w.admin, { checks: [{ subject: { userId: w.alice.userId }, permission: 'unit.create', unitId: w.cloud.id }] });
    assert.deepEqual([foreignSet.status, foreignSet.json.error.code], [404, 'changeSet.notFound']);
  });

  test('what-if: Cloud moving to Sales takes it out of Alice’s reach and into Bob’s', async () => {
    const { status, json } = await post('whatIf', { setId: set.header.setId }, w.admin, {
      checks: [
        { subject: { userId: w.alice.userId }, permission: 'expenses.approve', unitId: w.cloud.id },
        { subject: { email: w.bob.email }, permission: 'members.manage', unitId: w.cloud.id },
        { subject: { userId: other.alice.userId }, permission: 'unit.create', unitId: w.cloud.id },
      ],
    });
    assert.equal(status, 200, JSON.stringify(json));
    assert.equal(json.opsVersion, set.header.opsVersion);
    assert.deepEqual(json.results.slice(0, 2).map((r: Json) => [r.before.allowed, r.after.allowed, r.changed]), [[true, false, true], [false, true, true]]);
    assert.equal(json.results[2].error.code, 'check.subjectNotFound');
  });
});
