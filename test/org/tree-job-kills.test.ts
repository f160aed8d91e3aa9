// Crash safety of large moves and deletes: a real child process runs the job and is SIGKILLed at
// a chosen point — between lock batches, after the commit, between waves of steps, inside a wave
// (other steps written or in flight), just before the finishing transaction, and while another
// process was already recovering it. Each point is followed by recovery on another "instance"
// (this process, once the lease has run out) and a full consistency check of the tenant.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { BatchGetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../../lib/db';
import {
  createUnit, getTreeJob, getUnit, getUnitOrThrow, listSubtree, renameUnit, resumeTreeJobs, settleBackgroundJobs, type Unit,
} from '../../lib/org';
import { allNameWordKeys, nameWordItems } from '../../lib/items/name-words';
import { directClient, tableName } from '../support/stack';
import { checkTree } from './support/check-tree';
import { code, orgTenant } from './support/org-fixtures';
import { runKilledWorker, waitForLeaseToExpire } from './support/killed-worker';
import { buildTree } from './support/tree-fixture';

interface KillPoint {
  op: 'move' | 'delete';
  /** Where the job's process dies (see support/move-worker.ts). */
  stopAt: string;
  /** Where the process that took the job over dies too, before a third finishes it. */
  resumeStopAt?: string;
}

// The subtree below has 122 units in 5 levels and 303 memberships (one unit has 60, more than a
// step holds beside it, so it is done in slices): a move runs 2 lock batches, 1 member chunk and
// 10 steps in 6 waves; a delete 19 steps (the last three sweep deleted profiles' words).
const ALL_POINTS: KillPoint[] = [
  { op: 'move', stopAt: 'preparing:1' },
  { op: 'move', stopAt: 'preparing:2' },
  { op: 'move', stopAt: 'preparing:3' },
  { op: 'move', stopAt: 'committed:1' },
  { op: 'move', stopAt: 'step:1' },
  { op: 'move', stopAt: 'step:3' },
  { op: 'move', stopAt: 'committed:3' },
  { op: 'move', stopAt: 'step:6' },
  { op: 'move', stopAt: 'committed:5' },
  { op: 'move', stopAt: 'step:9' },
  { op: 'move', stopAt: 'step:10' },
  { op: 'move', stopAt: 'preparing:2', resumeStopAt: 'step:1' },
  { op: 'move', stopAt: 'committed:2', resumeStopAt: 'step:2' },
  { op: 'delete', stopAt: 'preparing:1' },
  { op: 'delete', stopAt: 'preparing:3' },
  { op: 'delete', stopAt: 'committed:1' },
  { op: 'delete', stopAt: 'step:2' },
  { op: 'delete', stopAt: 'step:9' },
  { op: 'delete', stopAt: 'committed:4' },
  { op: 'delete', stopAt: 'step:15' },
  { op: 'delete', stopAt: 'step:17' },
  { op: 'delete', stopAt: 'step:19' },
  { op: 'delete', stopAt: 'committed:3', resumeStopAt: 'step:3' },
  { op: 'delete', stopAt: 'preparing:2', resumeStopAt: 'rollingBack:1' },
];
const POINTS = process.env.KILL_ONLY ? ALL_POINTS.filter((p) => `${p.op}@${p.stopAt}` === process.env.KILL_ONLY) : ALL_POINTS;

/** A tenant with From / To under the root and, under From, the subtree that moves or goes. */
async function tenantWithSubtree() {
  const t = await orgTenant('Killco');
  const from = await createUnit(t.db, t.actor, { parentId: t.root.id, name: 'From' });
  const to = await createUnit(t.db, t.actor, { parentId: t.root.id, name: 'To' });
  const topTree = await buildTree(t.tenantId, from, { count: 1, fanout: 1, membersPerUnit: 3, users: 3, namePrefix: 'Top' });
  const [top] = topTree.units;
  const below = await buildTree(t.tenantId, top, { count: 120, fanout: 4, membersPerUnit: 2, users: 40 });
  const crowded = await buildTree(t.tenantId, top, { count: 1, fanout: 1, membersPerUnit: 60, users: 60, namePrefix: 'Crowded' });
  const subtree = [top, ...below.units, ...crowded.units];
  // Everyone is a member inside the subtree only: a delete removes their profiles too.
  const people = [...topTree.userIds, ...below.userIds, ...crowded.userIds];
  return { t, from, to, top: await getUnitOrThrow(t.db, top.id), subtree, people };
}

/**
 * Nothing of a deleted unit is left: its partition (item and memberships) and its name words;
 * nor of the people who were members there only: their profiles and name words.
 */
async function assertGone(tenantId: string, units: Unit[], people: string[]) {
  for (const u of units) {
    const out = await directClient().send(
      new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': keys.unit(tenantId, u.id).PK }, ConsistentRead: true }),
    );
    assert.deepEqual(out.Items, [], `items left of deleted unit ${u.id}`);
  }
  const words = [
    ...units.flatMap((u) => nameWordItems(tenantId, { kind: 'unit', id: u.id }, u.name).map((w) => ({ PK: w.PK, SK: w.SK }))),
    ...people.flatMap((id) => [keys.tenantUser(tenantId, id), ...allNameWordKeys(tenantId, { kind: 'tenantUser', id })]),
  ];
  for (let i = 0; i < words.length; i += 100) {
    const out = await directClient().send(new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: words.slice(i, i + 100), ConsistentRead: true } } }));
    assert.deepEqual(out.Responses?.[tableName()], [], 'name words, or profiles and their words, left of the deleted');
  }
}

describe(`large moves and deletes killed at ${POINTS.length} points recover to a consistent tenant`, { concurrency: 4 }, () => {
  for (const point of POINTS) {
    const label = `${point.op} killed at ${point.stopAt}${point.resumeStopAt ? `, its recovery killed at ${point.resumeStopAt}` : ''}`;
    test(label, async () => {
      const { t, from, to, top, subtree, people } = await tenantWithSubtree();
      const before = await checkTree(t.tenantId, t.root.id);
      const { jobId } = await runKilledWorker({ op: point.op, tenantId: t.tenantId, unit: top, newParentId: to.id, stopAt: point.stopAt });

      // Mid-job: the subtree's root refuses edits; readers see it before or after, never between.
      const killed = await getTreeJob(t.db, jobId);
      assert.equal(killed.finished, false, `${killed.status} at ${point.stopAt}`);
      const forward = killed.status === 'committed';
      const shown = await getUnit(t.db, top.id);
      if (point.op === 'delete') assert.equal(shown === undefined, forward);
      else assert.equal(shown?.parentId, forward ? to.id : from.id);
      if (shown) await assert.rejects(renameUnit(t.db, t.actor, { unitId: top.id, name: 'Renamed', expectedVersion: shown.version }), code('unit.locked'));
      await listSubtree(t.db, t.root.id, { limit: 1000 }).then(
        (page) => assert.equal(page.items.length, before.units.size - (point.op === 'delete' && forward ? subtree.length : 0)),
        (e) => assert.equal(e.code, 'tree.moveInProgress'),
      );

      if (point.resumeStopAt) {
        await waitForLeaseToExpire();
        await runKilledWorker({ op: 'resume', tenantId: t.tenantId, jobId, stopAt: point.resumeStopAt });
      }
      await waitForLeaseToExpire();
      await resumeTreeJobs(t.db);
      await settleBackgroundJobs();

      const job = await getTreeJob(t.db, jobId);
      assert.equal(job.status, forward ? 'done' : 'rolledBack');
      const after = await checkTree(t.tenantId, t.root.id);
      const gone = point.op === 'delete' && forward ? new Set(subtree.map((u) => u.id)) : new Set<string>();
      assert.deepEqual(new Set(after.units.keys()), new Set([...before.units.keys()].filter((id) => !gone.has(id))), 'every unit exactly once');
      assert.deepEqual(after.memberships, new Set([...before.memberships].filter((m) => !gone.has(m.split('/')[0]))), 'every membership, both directions');
      if (point.op === 'move') assert.equal(after.units.get(top.id)!.parentId, forward ? to.id : from.id);
      if (gone.size > 0) await assertGone(t.tenantId, subtree, people);
    });
  }
});
