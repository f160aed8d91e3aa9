import { describe, test, before } from 'node:test';
import assert from 'node:assert/strict';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { INDEX, keys } from '../../lib/db';
import {
  createUnit, getTreeJob, getUnitOrThrow, listChildren, listSubtree, moveUnit, renameUnit, resumeTreeJobs, settleBackgroundJobs,
  type TreeJob, type Unit,
} from '../../lib/org';
import { directClient, tableName } from '../support/stack';
import { checkTree } from './support/check-tree';
import { buildTree, type BuiltTree } from './support/tree-fixture';
import { code, orgTenant } from './support/org-fixtures';
import { runKilledWorker, waitForLeaseToExpire } from './support/killed-worker';

async function unfinishedJobs(tenantId: string) {
  const out = await directClient().send(
    new QueryCommand({
      TableName: tableName(), IndexName: INDEX.gsi1, KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.gsi1.treeJobs(tenantId) },
    }),
  );
  return out.Items ?? [];
}

describe('moves larger than one transaction (journaled jobs)', () => {
  let t: Awaited<ReturnType<typeof orgTenant>>;
  let north: Unit;
  let south: Unit;
  let big: Unit;
  let built: BuiltTree;
  let expected: { units: Set<string>; memberships: Set<string> };

  before(async () => {
    t = await orgTenant('Bigco');
    north = await createUnit(t.db, t.actor, { parentId: t.root.id, name: 'North' });
    south = await createUnit(t.db, t.actor, { parentId: t.root.id, name: 'South' });
    big = await createUnit(t.db, t.actor, { parentId: north.id, name: 'Big division' });
    built = await buildTree(t.tenantId, big, { count: 299, fanout: 5, membersPerUnit: 1, users: 60 });
    const state = await checkTree(t.tenantId, t.root.id);
    expected = { units: new Set(state.units.keys()), memberships: state.memberships };
    assert.equal(built.units.length + 1, 300);
  });

  async function assertMovedUnder(parent: Unit) {
    const state = await checkTree(t.tenantId, t.root.id);
    assert.deepEqual(new Set(state.units.keys()), expected.units, 'every unit present exactly once');
    assert.deepEqual(state.memberships, expected.memberships, 'every membership kept');
    const top = state.units.get(big.id)!;
    assert.equal(top.parentId, parent.id);
    assert.equal(top.path, `${parent.path}${big.id}/`);
    for (const u of built.units) assert.ok(state.units.get(u.id)!.path.startsWith(top.path));
    const listed = (await listSubtree(t.db, parent.id, { limit: 1000 })).items;
    assert.equal(listed.length, expected.units.size - 2);
    big = top;
  }

  test('a 300-unit subtree with 299 memberships moves as a job, every path rewritten', async () => {
    const progress: TreeJob['status'][] = [];
    const started = performance.now();
    let committedAt = 0;
    const result = await moveUnit(t.db, t.actor, { unitId: big.id, newParentId: south.id, expectedVersion: big.version }, {
      onProgress: (p) => {
        if (p.status === 'committed' && !committedAt) committedAt = performance.now();
        progress.push(p.status);
      },
    });
    const ms = performance.now() - started;
    assert.equal(result.kind, 'job');
    const job = await getTreeJob(t.db, result.kind === 'job' ? result.jobId : '');
    assert.equal(job.status, 'done');
    assert.equal(job.finished, true);
    assert.equal(job.done, job.total);
    assert.equal(job.total, 300 + 299);
    assert.deepEqual([...new Set(progress)], ['preparing', 'committed', 'done']);
    console.log(`# 300-unit / 299-membership move: ${Math.round(ms)} ms (locked and committed after ${Math.round(committedAt - started)} ms)`);
    await assertMovedUnder(south);
    assert.equal((await getUnitOrThrow(t.db, north.id)).childCount, 0);
    assert.equal((await getUnitOrThrow(t.db, south.id)).childCount, 1);
  });

  test('killed while locking: the next run rolls back (lazily, on a read) and the tree is as before', async () => {
    const { jobId, last } = await runKilledWorker({ op: 'move', tenantId: t.tenantId, unit: big, newParentId: north.id, stopAt: 'preparing:3' });
    assert.equal(last?.status, 'preparing');
    // Locked, not yet committed: edits are refused, reads still see the tree as it was.
    const lockedChild = built.units[0];
    await assert.rejects(renameUnit(t.db, t.actor, { unitId: big.id, name: 'X', expectedVersion: big.version }), code('unit.locked'));
    assert.equal((await listSubtree(t.db, t.root.id, { limit: 1000 })).items.length, 303);
    assert.equal((await getUnitOrThrow(t.db, lockedChild.id)).path.startsWith(big.path), true);

    await waitForLeaseToExpire();
    await listSubtree(t.db, south.id, { limit: 1000 }); // meets the expired lock: resumes in the background
    await settleBackgroundJobs();
    const job = await getTreeJob(t.db, jobId);
    assert.equal(job.status, 'rolledBack');
    assert.equal(job.error?.code, 'job.interrupted');
    await assertMovedUnder(south);
  });

  test('killed after the commit, half-way through rewriting paths: readers are protected, recovery completes the move', async () => {
    const { jobId, last } = await runKilledWorker({ op: 'move', tenantId: t.tenantId, unit: big, newParentId: north.id, stopAt: 'committed:4' });
    assert.equal(last?.status, 'committed');

    // The move has happened for point reads; path-ordered reads refuse a torn page.
    assert.deepEqual((await listChildren(t.db, north.id)).items.map((u) => u.id), [big.id]);
    assert.equal((await listChildren(t.db, south.id)).items.length, 0);
    const deepest = built.units.at(-1)!;
    assert.ok((await getUnitOrThrow(t.db, deepest.id)).path.startsWith(`${north.path}${big.id}/`), 'T2 shows the path after the move');
    await assert.rejects(listSubtree(t.db, t.root.id, { limit: 1000 }), code('tree.moveInProgress'));
    // The old place still holds the units not yet rewritten: refused as well, never half a tree.
    await assert.rejects(listSubtree(t.db, south.id), code('tree.moveInProgress'));
    // Units are released deepest first, each once everything below it is rewritten: an edit
    // there lands at the new path; the moved root stays locked until the job is done.
    const carried = await createUnit(t.db, t.actor, { parentId: deepest.id, name: 'New' });
    assert.ok(carried.path.startsWith(`${north.path}${big.id}/`), 'created at the path after the move');
    expected.units.add(carried.id);
    await assert.rejects(createUnit(t.db, t.actor, { parentId: big.id, name: 'New' }), code('unit.locked'));
    const midway = await getTreeJob(t.db, jobId);
    assert.equal(midway.finished, false);
    assert.ok(midway.done > 0 && midway.done < midway.total, `progress ${midway.done}/${midway.total}`);

    await waitForLeaseToExpire();
    const resumed = await resumeTreeJobs(t.db);
    await settleBackgroundJobs();
    assert.ok(resumed.some((j) => j.id === jobId));
    assert.equal((await getTreeJob(t.db, jobId)).status, 'done');
    assert.deepEqual(await unfinishedJobs(t.tenantId), []);
    await assertMovedUnder(north);
  });
});

describe('a large move racing with edits while it locks', () => {
  test('a unit created under a not-yet-locked unit moves along; edits under locked units are refused', async () => {
    const t = await orgTenant('Raceco');
    const from = await createUnit(t.db, t.actor, { parentId: t.root.id, name: 'From' });
    const to = await createUnit(t.db, t.actor, { parentId: t.root.id, name: 'To' });
    const top = await createUnit(t.db, t.actor, { parentId: from.id, name: 'Top' });
    const built = await buildTree(t.tenantId, top, { count: 150, fanout: 3 });
    const last = built.units.reduce((a, b) => (a.path > b.path ? a : b)); // locked in the last batch
    let late: Unit | undefined;
    let refused: string | undefined;

    const result = await moveUnit(t.db, t.actor, { unitId: top.id, newParentId: to.id, expectedVersion: 1 }, {
      onProgress: async (p) => {
        if (p.status !== 'preparing' || late) return;
        late = await createUnit(t.db, t.actor, { parentId: last.id, name: 'Created while locking' });
        refused = await createUnit(t.db, t.actor, { parentId: top.id, name: 'Refused' }).then(() => 'created', (e) => e.code);
      },
    });
    assert.equal(result.kind, 'job');
    assert.equal(refused, 'unit.locked');
    const state = await checkTree(t.tenantId, t.root.id);
    assert.equal(state.units.size, 1 + 3 + 150 + 1);
    const moved = state.units.get(late!.id)!;
    assert.equal(moved.path, `${state.units.get(last.id)!.path}${late!.id}/`);
    assert.ok(moved.path.startsWith(`${to.path}${top.id}/`));
  });
});
