// A run whose process died: once its lease runs out, resumeRun carries it on from what its header
// recorded, and the end state is the one intended, with nothing applied twice.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { keys } from '../../lib/db';
import { getUnitOrThrow, renameUnit } from '../../lib/org';
import { applyChangeSet, readChangeSet, resumeRun } from '../../lib/change-sets';
import { lockOrder } from '../../lib/change-sets/apply/unit-locks';
import { assertMembershipInvariants } from '../members/membership-invariants';
import { directClient, tableName } from '../support/stack';
import { lockUnit } from '../support/units';
import {
  approve, assertNoLocks, auditEntries, draft, intendedAfter, reorgTenant, setUnitLimit, settled, standardOperations, treeState, unitItems, type ReorgTenant,
} from './fixtures';

class Killed extends Error {
  name = 'Killed';
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The standard set, approved, with the state before it. */
async function readySet(label: string) {
  const t = await reorgTenant(label);
  const researchId = ulid();
  const set = await draft(t, standardOperations(t, researchId));
  await approve(t, set.header.setId);
  const ready = await readChangeSet(t.db, set.header.setId);
  return { t, researchId, set: ready, before: await treeState(t.tenantId) };
}

/** Each change the set made is in the trail exactly once. */
async function assertAppliedOnce(t: ReorgTenant, setId: string) {
  const linked = (await auditEntries(t.tenantId)).filter((e) => e.changeSetId === setId);
  assert.deepEqual(linked.map((e) => e.action).sort(), ['membership.add', 'membership.remove', 'unit.create', 'unit.delete', 'unit.move', 'unit.rename']);
}

/**
 * Puts the set in the state a runner leaves when it dies while locking: applying, phase locking,
 * `locked` units held, its lease already run out.
 */
async function diedWhileLocking(t: ReorgTenant, setId: string, locked: number) {
  const set = await readChangeSet(t.db, setId);
  const order = lockOrder(set);
  for (const target of order.slice(0, locked)) await lockUnit(t.tenantId, target.unitId, setId);
  const now = Date.now();
  const run = {
    owner: ulid(), leaseUntil: now - 1000, leaseMs: 300, phase: 'locking', locked, next: 0,
    by: { userId: t.owner.userId, email: t.owner.email }, startedAt: new Date(now - 2000).toISOString(),
  };
  await directClient().send(new UpdateCommand({
    TableName: tableName(), Key: keys.changeSet(t.tenantId, setId),
    UpdateExpression: 'SET #status = :applying, #run = :run, #version = #version + :one',
    ConditionExpression: '#version = :v',
    ExpressionAttributeNames: { '#status': 'status', '#run': 'run', '#version': 'version' },
    ExpressionAttributeValues: { ':applying': 'applying', ':run': run, ':one': 1, ':v': set.header.version },
  }));
  return order;
}

describe('resumeRun', () => {
  for (const k of [1, 3, 5]) {
    test(`a run killed after operation ${k} is finished by whoever resumes it once its lease ran out`, async () => {
      const { t, researchId, set, before } = await readySet(`Killed ${k}`);
      const setId = set.header.setId;
      await assert.rejects(
        applyChangeSet(t.db, t.owner, setId, set.header.version, {
          leaseMs: 300,
          onStep: ({ phase, next }) => {
            if (phase === 'applying' && next === k) throw new Killed();
          },
        }),
        Killed,
      );
      const died = await readChangeSet(t.db, setId);
      assert.equal(died.header.status, 'applying');
      assert.equal(died.header.run?.next, k);
      // Still held: no one else edits a unit meanwhile.
      assert.equal((await unitItems(t.tenantId)).get(t.units.sales.id)?.lock, setId);

      // Within the lease, the run belongs to the runner that died: left alone.
      assert.equal((await resumeRun(t.db, setId)).status, 'applying');
      await pause(400);
      await resumeRun(t.db, setId);
      const ended = await settled(t.db, setId);
      assert.equal(ended.status, 'applied');
      assert.deepEqual(await treeState(t.tenantId), intendedAfter(t, before, researchId));
      await assertAppliedOnce(t, setId);
      await assertNoLocks(t.tenantId);
      await assertMembershipInvariants(t.tenantId, t.rootUnitId);
      assert.equal((await auditEntries(t.tenantId)).filter((e) => e.action === 'changeSet.apply').length, 1);
    });
  }

  test('a run killed while rolling back is rolled back to the end by whoever resumes it', async () => {
    const t = await reorgTenant('Killed back');
    const { units: u } = t;
    const set = await draft(t, [
      { kind: 'renameUnit', unitId: u.infra.id, name: 'Infrastructure' },
      { kind: 'moveUnit', unitId: u.platform.id, parentId: u.sales.id },
      { kind: 'createUnit', parentId: u.engineering.id, name: 'Research' },
    ], t.owner);
    await approve(t, set.header.setId);
    const before = await treeState(t.tenantId);
    const { header } = await readChangeSet(t.db, set.header.setId);
    // No room for another unit: the create fails and the run rolls back.
    await setUnitLimit(t.tenantId, Object.keys(before.units).length);
    await assert.rejects(
      applyChangeSet(t.db, t.owner, set.header.setId, header.version, {
        leaseMs: 300,
        onStep: ({ phase, next }) => {
          // Killed once the move is undone, before the rename is.
          if (phase === 'rollingBack' && next === 1) throw new Killed();
        },
      }),
      Killed,
    );
    const died = await readChangeSet(t.db, set.header.setId);
    assert.equal(died.header.run?.phase, 'rollingBack');
    assert.equal((await getUnitOrThrow(t.db, u.infra.id)).name, 'Infrastructure', 'the rename is not undone yet');
    await pause(400);
    await resumeRun(t.db, set.header.setId);
    const ended = await settled(t.db, set.header.setId);
    assert.equal(ended.status, 'failed');
    assert.equal(ended.run?.error?.code, 'tenant.unitLimit');
    assert.deepEqual(await treeState(t.tenantId), before);
    await assertNoLocks(t.tenantId);
    await assertMembershipInvariants(t.tenantId, t.rootUnitId);
    const linked = (await auditEntries(t.tenantId)).filter((e) => e.changeSetId === set.header.setId).map((e) => e.action).sort();
    assert.deepEqual(linked, ['unit.move', 'unit.move', 'unit.rename', 'unit.rename'], 'each change and its undoing, once');
  });

  test('a run that died while locking: resumed, it takes the remaining locks and applies', async () => {
    const { t, researchId, set, before } = await readySet('Died locking');
    const setId = set.header.setId;
    await diedWhileLocking(t, setId, 2);
    await resumeRun(t.db, setId);
    const ended = await settled(t.db, setId);
    assert.equal(ended.status, 'applied');
    assert.deepEqual(await treeState(t.tenantId), intendedAfter(t, before, researchId));
    await assertAppliedOnce(t, setId);
    await assertNoLocks(t.tenantId);
  });

  test('a run that died while locking, with a unit edited meanwhile: resumed, it stops and releases what it held', async () => {
    const { t, set, before } = await readySet('Died locking, edited');
    const setId = set.header.setId;
    const order = await diedWhileLocking(t, setId, 1);
    // A unit not locked yet changes (name and back: a new version, no conflict in the preview).
    const target = order.at(-1)!.unitId;
    const unit = await getUnitOrThrow(t.db, target);
    const renamed = await renameUnit(t.db, t.owner, { unitId: target, name: `${unit.name} x`, expectedVersion: unit.version });
    await renameUnit(t.db, t.owner, { unitId: target, name: unit.name, expectedVersion: renamed.version });
    await resumeRun(t.db, setId);
    const ended = await settled(t.db, setId);
    assert.equal(ended.status, 'failed');
    assert.equal(ended.run?.error?.code, 'changeSet.changed');
    assert.deepEqual(await treeState(t.tenantId), before);
    await assertNoLocks(t.tenantId);
    assert.equal((await auditEntries(t.tenantId)).filter((e) => e.changeSetId === setId).length, 0, 'nothing was applied');
  });
});
