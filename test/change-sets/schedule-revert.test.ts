// Applying at a set time (GSI4 REORGSDUE, runDueChangeSets) and reverting an applied set as a
// new draft of its inverses.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { INDEX, keys } from '../../lib/db';
import { getUnitOrThrow, renameUnit } from '../../lib/org';
import {
  applyChangeSet, previewChangeSet, readChangeSet, revertChangeSet, runDueChangeSets, scheduleChangeSet,
} from '../../lib/change-sets';
import { assertMembershipInvariants } from '../members/membership-invariants';
import { testPlatformDb } from '../support/tenancy';
import { tenantDbFor } from '../support/tenant-db';
import {
  approve, assertNoLocks, code, draft, intendedAfter, reorgTenant, rowParents, standardOperations, treeState,
} from './fixtures';

/** This set's entry in the due queue (GSI4 REORGSDUE), read with the runtime's credentials. */
async function queued(tenantId: string, setId: string) {
  const platform = testPlatformDb();
  const out = await platform.client.send(new QueryCommand({
    TableName: platform.tableName, IndexName: INDEX.gsi4,
    KeyConditionExpression: 'GSI4PK = :pk', ExpressionAttributeValues: { ':pk': keys.gsi4.changeSetsDue() },
  }));
  return (out.Items ?? []).find((i) => String(i.GSI4SK).endsWith(`#${tenantId}#${setId}`));
}

const runDue = (now: number) => runDueChangeSets({ platform: testPlatformDb(), tenantDb: async (tenantId) => tenantDbFor(tenantId), now });

describe('scheduleChangeSet', () => {
  test('a ready set scheduled for a near time is applied by the due run', async () => {
    const t = await reorgTenant('Scheduled');
    const researchId = ulid();
    const set = await draft(t, standardOperations(t, researchId));
    const setId = set.header.setId;
    const em = await t.actor(t.people.em);
    // A minute ahead: on a loaded machine the approvals alone can take seconds; the due run is
    // given its clock, so nothing waits for it.
    const soon = new Date(Date.now() + 60_000).toISOString();
    await assert.rejects(scheduleChangeSet(t.db, em, setId, set.header.version, soon), code('changeSet.notReady'), 'not approved yet');
    await approve(t, setId);
    let { header } = await readChangeSet(t.db, setId);
    await assert.rejects(scheduleChangeSet(t.db, em, setId, header.version, new Date(Date.now() - 1000).toISOString()), code('changeSet.badSchedule'));
    const before = await treeState(t.tenantId);

    const scheduled = await scheduleChangeSet(t.db, em, setId, header.version, soon);
    assert.equal(scheduled.status, 'scheduled');
    assert.equal(scheduled.scheduledAt, new Date(soon).toISOString());
    const entry = await queued(t.tenantId, setId);
    assert.ok(entry, 'the set waits in the due queue');
    assert.equal(entry.GSI4SK, `${scheduled.scheduledAt}#${t.tenantId}#${setId}`);
    assert.equal(entry.tenantId, t.tenantId);

    // Before its time, the due run leaves it alone.
    await runDue(Date.now());
    assert.equal((await readChangeSet(t.db, setId)).header.status, 'scheduled');
    assert.deepEqual(await treeState(t.tenantId), before);

    assert.ok((await runDue(Date.now() + 120_000)) >= 1);
    ({ header } = await readChangeSet(t.db, setId));
    assert.equal(header.status, 'applied');
    assert.equal(header.run?.by.userId, t.people.em.userId, 'applied as whoever scheduled it');
    assert.deepEqual(await treeState(t.tenantId), intendedAfter(t, before, researchId));
    assert.equal(await queued(t.tenantId, setId), undefined, 'an applied set leaves the queue');
    await assertNoLocks(t.tenantId);
  });

  test('a set not ready at its time goes back to draft, saying why, and changes nothing', async () => {
    const t = await reorgTenant('Not ready');
    const set = await draft(t, standardOperations(t));
    const setId = set.header.setId;
    await approve(t, setId);
    const { header } = await readChangeSet(t.db, setId);
    await scheduleChangeSet(t.db, await t.actor(t.people.em), setId, header.version, new Date(Date.now() + 60_000).toISOString());
    const infra = await getUnitOrThrow(t.db, t.units.infra.id);
    await renameUnit(t.db, t.owner, { unitId: infra.id, name: 'Infra Team', expectedVersion: infra.version });
    const before = await treeState(t.tenantId);

    await runDue(Date.now() + 120_000);
    const after = await readChangeSet(t.db, setId);
    assert.equal(after.header.status, 'draft');
    assert.equal(after.header.lastError?.code, 'changeSet.notReady');
    assert.match(after.header.lastError?.message ?? '', /conflict/);
    assert.equal(after.header.scheduledAt, undefined);
    assert.equal(await queued(t.tenantId, setId), undefined, 'out of the queue');
    assert.deepEqual(await treeState(t.tenantId), before);
    await assertNoLocks(t.tenantId);
  });
});

describe('revertChangeSet', () => {
  test("an applied set's revert previews the tree before it, and applied puts it back with the same ids", async () => {
    const t = await reorgTenant('Revert');
    const set = await draft(t, standardOperations(t));
    const setId = set.header.setId;
    await approve(t, setId);
    const original = await treeState(t.tenantId);
    await applyChangeSet(t.db, t.owner, setId, (await readChangeSet(t.db, setId)).header.version);
    const researchId = set.operations[2]!.op.unitId;

    const owner = await t.actor(t.owner);
    await assert.rejects(revertChangeSet(t.db, owner, ulid()), code('changeSet.notFound'));
    const revert = await revertChangeSet(t.db, owner, setId);
    assert.equal(revert.header.status, 'draft');
    assert.equal(revert.header.revertOf, setId);
    assert.equal((await readChangeSet(t.db, setId)).header.revertedBy, revert.header.setId);

    const preview = await previewChangeSet(t.db, revert);
    assert.deepEqual(preview.conflicts, []);
    assert.deepEqual(preview.problems, []);
    assert.deepEqual(preview.tree.counts, { created: 1, renamed: 1, moved: 1, deleted: 1 });
    for (const [id, row] of Object.entries(rowParents(preview.tree.after))) assert.deepEqual(row, original.units[id], `${row.name} as it was`);
    assert.ok(preview.tree.after.some((r) => r.id === t.units.tools.id && r.marks.includes('created')), 'Tools comes back with its id');
    assert.ok(preview.tree.before.some((r) => r.id === researchId && r.marks.includes('deleted')));

    await approve(t, revert.header.setId);
    const ended = await applyChangeSet(t.db, t.owner, revert.header.setId, (await readChangeSet(t.db, revert.header.setId)).header.version);
    assert.equal(ended.status, 'applied');
    assert.deepEqual(await treeState(t.tenantId), original, 'the tree, ids and memberships are back');
    assert.equal((await getUnitOrThrow(t.db, t.units.tools.id)).name, 'Tools');
    await assertNoLocks(t.tenantId);
    await assertMembershipInvariants(t.tenantId, t.rootUnitId);
    // Only an applied set is reverted.
    await assert.rejects(revertChangeSet(t.db, owner, (await draft(t, [{ kind: 'renameUnit', unitId: t.units.infra.id, name: 'X' }])).header.setId), code('changeSet.notApplied'));
  });
});
