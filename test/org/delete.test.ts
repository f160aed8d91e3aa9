import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../../lib/db';
import { unitMemberItem, userMembershipItem } from '../../lib/members/membership-items';
import {
  countSubtree, createUnit, deleteUnit, getTreeJob, getUnit, getUnitOrThrow, listChildren, listSubtree, resumeTreeJobs,
  settleBackgroundJobs,
} from '../../lib/org';
import { siblingNameKey } from '../../lib/org/sibling-name';
import { directClient, tableName } from '../support/stack';
import { checkTree } from './support/check-tree';
import { runKilledWorker, waitForLeaseToExpire } from './support/killed-worker';
import { buildTree } from './support/tree-fixture';
import { code, orgTenant } from './support/org-fixtures';

const get = async (key: { PK: string; SK: string }) =>
  (await directClient().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;

describe('deleteUnit', () => {
  test('an empty unit goes in one transaction; root, stale version and non-empty units are refused', async () => {
    const t = await orgTenant();
    const a = await createUnit(t.db, t.actor, { parentId: t.root.id, name: 'Alpha' });
    const b = await createUnit(t.db, t.actor, { parentId: t.root.id, name: 'Beta' });
    await createUnit(t.db, t.actor, { parentId: b.id, name: 'Beta child' });

    await assert.rejects(deleteUnit(t.db, t.actor, { unitId: t.root.id, expectedVersion: 1, recursive: true }), code('unit.rootDelete'));
    await assert.rejects(deleteUnit(t.db, t.actor, { unitId: a.id, expectedVersion: 2 }), code('unit.versionConflict'));
    await assert.rejects(deleteUnit(t.db, t.actor, { unitId: b.id, expectedVersion: 1 }), (e: Error & { code?: string; details?: unknown }) => {
      assert.equal(e.code, 'unit.notEmpty');
      assert.deepEqual(e.details, { units: 2, memberships: 0 });
      return true;
    });

    assert.deepEqual(await deleteUnit(t.db, t.actor, { unitId: a.id, expectedVersion: 1 }), { kind: 'deleted', units: 1, memberships: 0 });
    assert.equal(await getUnit(t.db, a.id), undefined);
    assert.equal(await get(siblingNameKey(t.tenantId, t.root.id, 'Alpha')), undefined);
    // The name is free again.
    await createUnit(t.db, t.actor, { parentId: t.root.id, name: 'alpha' });
    await checkTree(t.tenantId, t.root.id);
  });

  test('recursive, in one transaction: units, both membership directions, profiles counted down or removed', async () => {
    const t = await orgTenant();
    const keep = await createUnit(t.db, t.actor, { parentId: t.root.id, name: 'Keep' });
    const doomed = await createUnit(t.db, t.actor, { parentId: t.root.id, name: 'Doomed' });
    const built = await buildTree(t.tenantId, doomed, { count: 6, fanout: 2, membersPerUnit: 1, users: 3 });
    // One of the three people is also a member of Keep: their profile must survive with count 1.
    const survivor = built.userIds[0];
    const now = new Date().toISOString();
    const m = { tenantId: t.tenantId, unitId: keep.id, userId: survivor, role: 'member' as const, email: 's@example.test', name: 'S', unitPath: keep.path, version: 1, createdAt: now, updatedAt: now };
    await directClient().send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: tableName(), Item: unitMemberItem(m) } },
          { Put: { TableName: tableName(), Item: userMembershipItem(m) } },
          { Update: { TableName: tableName(), Key: keys.tenantUser(t.tenantId, survivor), UpdateExpression: 'SET membershipCount = membershipCount + :one', ExpressionAttributeValues: { ':one': 1 } } },
          { Update: { TableName: tableName(), Key: keys.unit(t.tenantId, keep.id), UpdateExpression: 'SET memberCount = memberCount + :one', ExpressionAttributeValues: { ':one': 1 } } },
        ],
      }),
    );
    assert.deepEqual(await countSubtree(t.db, doomed.id), { units: 7, memberships: 6 });

    const result = await deleteUnit(t.db, t.actor, { unitId: doomed.id, expectedVersion: 1, recursive: true });
    assert.deepEqual(result, { kind: 'deleted', units: 7, memberships: 6 });
    const state = await checkTree(t.tenantId, t.root.id);
    assert.deepEqual(new Set(state.units.keys()), new Set([t.root.id, keep.id]));
    assert.equal((await get(keys.tenantUser(t.tenantId, survivor)))?.membershipCount, 1);
    for (const userId of built.userIds.slice(1)) assert.equal(await get(keys.tenantUser(t.tenantId, userId)), undefined);
  });

  test('a large recursive delete runs as a job; killed after its commit, it is completed by the next run', async () => {
    const t = await orgTenant();
    const gone = await createUnit(t.db, t.actor, { parentId: t.root.id, name: 'Gone' });
    const stays = await createUnit(t.db, t.actor, { parentId: t.root.id, name: 'Stays' });
    const built = await buildTree(t.tenantId, gone, { count: 119, fanout: 4, membersPerUnit: 1, users: 25 });
    await buildTree(t.tenantId, stays, { count: 5, fanout: 2, membersPerUnit: 1, users: 5 });

    const { jobId, last } = await runKilledWorker({ op: 'delete', tenantId: t.tenantId, unit: gone, stopAt: 'committed:3' });
    assert.equal(last?.status, 'committed');
    // Committed: gone for readers, though items remain until the job finishes.
    assert.deepEqual((await listChildren(t.db, t.root.id)).items.map((u) => u.name), ['Stays']);
    assert.equal(await getUnit(t.db, built.units.at(-1)!.id), undefined);
    assert.equal((await listSubtree(t.db, t.root.id, { limit: 1000 })).items.length, 1 + 1 + 5);

    await waitForLeaseToExpire();
    await resumeTreeJobs(t.db);
    await settleBackgroundJobs();
    const job = await getTreeJob(t.db, jobId);
    assert.equal(job.status, 'done');
    assert.equal(job.done, 120 + 119);
    const state = await checkTree(t.tenantId, t.root.id);
    assert.equal(state.units.size, 1 + 1 + 5);
    assert.equal(state.memberships.size, 1 + 5);
    for (const userId of built.userIds) assert.equal(await get(keys.tenantUser(t.tenantId, userId)), undefined);
    assert.equal((await getUnitOrThrow(t.db, t.root.id)).childCount, 1);
  });

  test('a large recursive delete without interruption', async () => {
    const t = await orgTenant();
    const gone = await createUnit(t.db, t.actor, { parentId: t.root.id, name: 'Gone' });
    await buildTree(t.tenantId, gone, { count: 60, fanout: 3, membersPerUnit: 1, users: 10 });
    const result = await deleteUnit(t.db, t.actor, { unitId: gone.id, expectedVersion: 1, recursive: true });
    assert.equal(result.kind, 'job');
    const state = await checkTree(t.tenantId, t.root.id);
    assert.equal(state.units.size, 1);
    await directClient().send(
      new UpdateCommand({ TableName: tableName(), Key: keys.tenantSettings(t.tenantId), UpdateExpression: 'SET unitLimit = :n', ExpressionAttributeValues: { ':n': 2 } }),
    );
    await createUnit(t.db, t.actor, { parentId: t.root.id, name: 'Gone' });
  });
});
