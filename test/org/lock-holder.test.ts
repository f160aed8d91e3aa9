// Lock holders: units locked with a holder's id (a change set being applied) refuse every edit,
// except those made through a db that holds that id (holdingLocks), which leave the units held.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { BatchGetCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { holdingLocks, keys, type TenantDb } from '../../lib/db';
import { addMembership, changeRole, removeMembership } from '../../lib/members';
import { createUnit, deleteUnit, getTreeJob, getUnitOrThrow, moveUnit, renameUnit, resumeTreeJobs, type Unit } from '../../lib/org';
import { directClient, tableName } from '../support/stack';
import { lockUnit } from '../support/units';
import { person } from '../members/fixtures';
import { snapshotTenant } from '../members/membership-invariants';
import { buildTree } from './support/tree-fixture';
import { code, orgTenant } from './support/org-fixtures';

const get = async (key: { PK: string; SK: string }) =>
  (await directClient().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;

async function locksOf(tenantId: string, unitIds: string[]): Promise<Map<string, unknown>> {
  const out = new Map<string, unknown>();
  for (let i = 0; i < unitIds.length; i += 100) {
    const read = await directClient().send(
      new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: unitIds.slice(i, i + 100).map((id) => keys.unit(tenantId, id)), ConsistentRead: true } } }),
    );
    for (const item of read.Responses?.[tableName()] ?? []) out.set(item.unitId as string, item.lock);
  }
  return out;
}

/** A tenant with units Alpha (with a child and one member) and Beta under the root. */
async function heldTree() {
  const t = await orgTenant('Holders');
  const alpha = await createUnit(t.db, t.actor, { parentId: t.root.id, name: 'Alpha' });
  const beta = await createUnit(t.db, t.actor, { parentId: t.root.id, name: 'Beta' });
  const leaf = await createUnit(t.db, t.actor, { parentId: t.root.id, name: 'Leaf' });
  const ada = person('Ada');
  const membership = await addMembership(t.db, t.actor, { unitId: alpha.id, role: 'member', ...ada });
  return { ...t, alpha, beta, leaf, ada, membership };
}

type Held = Awaited<ReturnType<typeof heldTree>>;

/** Every edit of Alpha (and of Leaf, for the delete) through `db`, each expected to be refused. */
function edits(t: Held, db: TenantDb) {
  const newcomer = person('Newcomer');
  return {
    rename: () => renameUnit(db, t.actor, { unitId: t.alpha.id, name: 'Renamed', expectedVersion: t.alpha.version }),
    move: () => moveUnit(db, t.actor, { unitId: t.alpha.id, newParentId: t.beta.id, expectedVersion: t.alpha.version }),
    delete: () => deleteUnit(db, t.actor, { unitId: t.leaf.id, expectedVersion: t.leaf.version }),
    createUnder: () => createUnit(db, t.actor, { parentId: t.alpha.id, name: 'Child' }),
    addMembership: () => addMembership(db, t.actor, { unitId: t.alpha.id, role: 'member', ...newcomer }),
    changeRole: () => changeRole(db, t.actor, { unitId: t.alpha.id, userId: t.ada.userId, role: 'manager', expectedVersion: t.membership.version }),
    removeMembership: () => removeMembership(db, t.actor, { unitId: t.alpha.id, userId: t.ada.userId, expectedVersion: t.membership.version }),
  };
}

async function assertAllRefused(t: Held, db: TenantDb, lock: string) {
  const before = await snapshotTenant(t.tenantId, t.rootUnitId);
  for (const [name, edit] of Object.entries(edits(t, db))) {
    await assert.rejects(edit(), (e: Error & { code?: string; details?: { jobId?: string } }) => {
      assert.equal(e.code, 'unit.locked', `${name}: ${e.message}`);
      assert.equal(e.details?.jobId, lock, name);
      return true;
    }, name);
  }
  assert.deepEqual(await snapshotTenant(t.tenantId, t.rootUnitId), before, 'nothing was written');
}

describe('lock holders', () => {
  test('through a plain db, every edit of a unit a holder locked is refused and writes nothing', async () => {
    const t = await heldTree();
    const holder = ulid();
    for (const u of [t.alpha, t.leaf]) await lockUnit(t.tenantId, u.id, holder);
    await assertAllRefused(t, t.db, holder);
  });

  test('through a db holding another id, a unit locked by someone else is still refused', async () => {
    const t = await heldTree();
    const other = ulid();
    for (const u of [t.alpha, t.leaf]) await lockUnit(t.tenantId, u.id, other);
    await assertAllRefused(t, holdingLocks(t.db, ulid()), other);
  });

  test('through the holding db, every edit succeeds and the units stay held', async () => {
    const t = await heldTree();
    const holder = ulid();
    for (const u of [t.root, t.alpha, t.beta, t.leaf]) await lockUnit(t.tenantId, u.id, holder);
    const db = holdingLocks(t.db, holder);
    assert.equal(db.lockHolder, holder);
    assert.equal(t.db.lockHolder, undefined, 'the original db is left as it was');

    const renamed = await renameUnit(db, t.actor, { unitId: t.alpha.id, name: 'Renamed', expectedVersion: t.alpha.version });
    const child = await createUnit(db, t.actor, { parentId: t.alpha.id, name: 'Child' });
    assert.equal(child.parentId, t.alpha.id);
    const added = await addMembership(db, t.actor, { unitId: t.alpha.id, role: 'member', ...person('Newcomer') });
    const changed = await changeRole(db, t.actor, { unitId: t.alpha.id, userId: t.ada.userId, role: 'manager', expectedVersion: t.membership.version });
    assert.equal(changed.role, 'manager');
    await removeMembership(db, t.actor, { unitId: t.alpha.id, userId: added.userId, expectedVersion: added.version });
    const moved = await moveUnit(db, t.actor, { unitId: t.alpha.id, newParentId: t.beta.id, expectedVersion: renamed.version });
    assert.equal(moved.kind, 'moved');
    assert.deepEqual(await deleteUnit(db, t.actor, { unitId: t.leaf.id, expectedVersion: t.leaf.version }), { kind: 'deleted', units: 1, memberships: 0 });

    const alpha = await getUnitOrThrow(t.db, t.alpha.id);
    assert.equal(alpha.name, 'Renamed');
    assert.equal(alpha.parentId, t.beta.id);
    assert.equal(alpha.memberCount, 1);
    assert.equal(alpha.childCount, 1);
    assert.equal((await getUnitOrThrow(t.db, child.id)).path, `${alpha.path}${child.id}/`);
    assert.equal((await get(keys.unitMember(t.tenantId, t.alpha.id, t.ada.userId)))?.unitPath, alpha.path);
    assert.equal(await get(keys.unit(t.tenantId, t.leaf.id)), undefined);
    const locks = await locksOf(t.tenantId, [t.root.id, t.alpha.id, t.beta.id]);
    for (const [id, lock] of locks) assert.equal(lock, holder, `unit ${id} is still held`);
    assert.equal((await locksOf(t.tenantId, [child.id])).get(child.id), undefined, 'a unit created under a held one is not held');
  });

  test('a unit created with an id chosen in advance; the same id again is a typed error', async () => {
    const t = await orgTenant('Chosen ids');
    const id = ulid();
    const unit = await createUnit(t.db, t.actor, { parentId: t.root.id, name: 'Chosen', unitId: id });
    assert.equal(unit.id, id);
    assert.equal(unit.path, `${t.root.path}${id}/`);
    assert.equal((await getUnitOrThrow(t.db, id)).name, 'Chosen');
    const before = await snapshotTenant(t.tenantId, t.rootUnitId);
    await assert.rejects(createUnit(t.db, t.actor, { parentId: t.root.id, name: 'Another', unitId: id }), code('unit.exists'));
    assert.deepEqual(await snapshotTenant(t.tenantId, t.rootUnitId), before, 'nothing was written');
    await assert.rejects(createUnit(t.db, t.actor, { parentId: t.root.id, name: 'Bad', unitId: 'not-an-id' }), code('unit.badId'));
  });
});

describe('a tree job through a holding db', () => {
  /** North (with a 120-unit subtree, one member each, under Big) and South, all held by `holder` where given. */
  async function bigTree(holder: string) {
    const t = await orgTenant('Held jobs');
    const north = await createUnit(t.db, t.actor, { parentId: t.root.id, name: 'North' });
    const south = await createUnit(t.db, t.actor, { parentId: t.root.id, name: 'South' });
    const big = await createUnit(t.db, t.actor, { parentId: north.id, name: 'Big' });
    const built = await buildTree(t.tenantId, big, { count: 119, fanout: 4, membersPerUnit: 1, users: 30 });
    // Some units of the subtree are held already, the rest are not: the job takes both.
    for (const u of [north, south, big, ...built.units.slice(0, 10)]) await lockUnit(t.tenantId, u.id, holder);
    return { t, north, south, big, subtree: [big.id, ...built.units.map((u) => u.id)] };
  }

  async function assertHeldUnder(tenantId: string, parent: Unit, subtree: string[], holder: string) {
    const locks = await locksOf(tenantId, subtree);
    assert.equal(locks.size, subtree.length);
    for (const [id, lock] of locks) assert.equal(lock, holder, `unit ${id} is handed back to the holder`);
    const top = await get(keys.unit(tenantId, subtree[0]));
    assert.equal(top?.parentId, parent.id);
    const paths = await Promise.all(subtree.map((id) => get(keys.unit(tenantId, id))));
    for (const u of paths) assert.ok((u?.path as string).startsWith(top?.path as string));
  }

  test('a large move runs as a job and leaves every unit of the subtree held by the holder', async () => {
    const holder = ulid();
    const { t, north, south, big, subtree } = await bigTree(holder);
    const db = holdingLocks(t.db, holder);
    await assert.rejects(moveUnit(t.db, t.actor, { unitId: big.id, newParentId: south.id, expectedVersion: big.version }), code('unit.locked'));

    const result = await moveUnit(db, t.actor, { unitId: big.id, newParentId: south.id, expectedVersion: big.version });
    assert.equal(result.kind, 'job');
    const jobId = result.kind === 'job' ? result.jobId : '';
    assert.equal((await getTreeJob(t.db, jobId)).status, 'done');
    assert.equal((await get(keys.treeJob(t.tenantId, jobId)))?.lockHolder, holder);
    await assertHeldUnder(t.tenantId, south, subtree, holder);
    for (const id of [north.id, south.id]) assert.equal((await locksOf(t.tenantId, [id])).get(id), holder);
    // Still refused to everyone else.
    await assert.rejects(createUnit(t.db, t.actor, { parentId: subtree[5], name: 'Late' }), code('unit.locked'));
  });

  test('a job resumed through a plain db hands the units back to the holder it recorded', async () => {
    const holder = ulid();
    const { t, south, big, subtree } = await bigTree(holder);
    // The steps after the commit are dropped, as if the process died there.
    const result = await moveUnit(holdingLocks(t.db, holder), t.actor, { unitId: big.id, newParentId: south.id, expectedVersion: big.version }, {
      leaseMs: 300, background: () => undefined,
    });
    const jobId = result.kind === 'job' ? result.jobId : '';
    assert.equal((await getTreeJob(t.db, jobId)).status, 'committed');
    await new Promise((r) => setTimeout(r, 400));
    await resumeTreeJobs(t.db);
    assert.equal((await getTreeJob(t.db, jobId)).status, 'done');
    await assertHeldUnder(t.tenantId, south, subtree, holder);
  });
});
