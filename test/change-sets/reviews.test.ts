// Reviews: each touched area needs an approval from someone administering it, the author's own
// does not count, an edit asks for fresh approvals, a rejection sends the set back.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../../lib/db';
import { addOperations, previewChangeSet, readChangeSet, reviewChangeSet } from '../../lib/change-sets';
import { directClient, tableName } from '../support/stack';
import { approve, code, draft, reorgTenant, standardOperations } from './fixtures';

describe('reviewChangeSet', () => {
  test("the author's approval alone does not complete; the Sales manager and an admin do; an edit makes them stale", async () => {
    const t = await reorgTenant('Reviews');
    const { units: u, people: p } = t;
    const set = await draft(t, standardOperations(t));
    const setId = set.header.setId;
    const approvals = async () => (await previewChangeSet(t.db, await readChangeSet(t.db, setId))).approvals;
    const approvedBy = (state: Awaited<ReturnType<typeof approvals>>, unitId: string) => state.areas.find((a) => a.unitId === unitId)?.approvedBy?.userId;

    await approve(t, setId, p.em);
    let state = await approvals();
    assert.equal(state.complete, false);
    assert.ok(state.areas.every((a) => !a.approvedBy), "the author's approval covers nothing");

    await approve(t, setId, p.sm);
    state = await approvals();
    assert.equal(approvedBy(state, u.sales.id), p.sm.userId);
    assert.equal(approvedBy(state, u.engineering.id), undefined, 'the Sales manager does not administer Engineering');
    assert.equal(state.complete, false);

    await approve(t, setId, p.admin);
    state = await approvals();
    assert.equal(state.complete, true);
    assert.ok([p.sm.userId, p.admin.userId].includes(approvedBy(state, u.sales.id)!));
    assert.equal(approvedBy(state, u.engineering.id), p.admin.userId);

    // An edit of the operations: every earlier approval is for operations that no longer stand.
    const current = await readChangeSet(t.db, setId);
    await addOperations(t.db, await t.actor(p.em), setId, current.header.version, [{ kind: 'renameUnit', unitId: u.platform.id, name: 'Platform Team' }]);
    state = await approvals();
    assert.equal(state.complete, false);
    assert.ok(state.areas.every((a) => !a.approvedBy), 'approvals of earlier operations are stale');
    await approve(t, setId, p.admin);
    assert.equal((await approvals()).complete, true);
  });

  test("an owner's approval of their own set counts only where the organization allows it", async () => {
    const t = await reorgTenant('Self approval');
    const set = await draft(t, [{ kind: 'renameUnit', unitId: t.units.infra.id, name: 'Infrastructure' }], t.owner);
    await approve(t, set.header.setId, t.owner);
    const complete = async () => (await previewChangeSet(t.db, await readChangeSet(t.db, set.header.setId))).approvals.complete;
    assert.equal(await complete(), false);
    await directClient().send(new UpdateCommand({
      TableName: tableName(), Key: keys.tenantSettings(t.tenantId), UpdateExpression: 'SET ownersApproveOwnChangeSets = :on', ExpressionAttributeValues: { ':on': true },
    }));
    assert.equal(await complete(), true);
  });

  test('a rejection with a comment sets the set rejected; a reject needs a comment', async () => {
    const t = await reorgTenant('Rejects');
    const set = await draft(t, standardOperations(t));
    const setId = set.header.setId;
    const sm = await t.actor(t.people.sm);
    await assert.rejects(reviewChangeSet(t.db, sm, setId, { expectedVersion: set.header.version, decision: 'reject' }), code('changeSet.badOperation'));
    const header = await reviewChangeSet(t.db, sm, setId, { expectedVersion: set.header.version, decision: 'reject', comment: 'Sales is not ready for Platform.' });
    assert.equal(header.status, 'rejected');
    const stored = await readChangeSet(t.db, setId);
    assert.equal(stored.header.status, 'rejected');
    assert.equal(stored.reviews.find((r) => r.userId === t.people.sm.userId)?.comment, 'Sales is not ready for Platform.');
    const { approvals } = await previewChangeSet(t.db, stored);
    assert.equal(approvals.rejectedBy?.userId, t.people.sm.userId);
    assert.equal(approvals.rejectedBy?.comment, 'Sales is not ready for Platform.');
    assert.equal(approvals.complete, false);
    // A stale version is refused.
    await assert.rejects(approve(t, setId, t.people.admin).then(() => reviewChangeSet(t.db, sm, setId, { expectedVersion: set.header.version, decision: 'approve' })), code('changeSet.changed'));
  });

  test('someone who administers nothing the set touches is not a reviewer', async () => {
    const t = await reorgTenant('Outsiders');
    const set = await draft(t, [{ kind: 'renameUnit', unitId: t.units.infra.id, name: 'Infrastructure' }]);
    for (const who of [t.people.outsider, t.people.p1, t.people.sm]) {
      await assert.rejects(
        reviewChangeSet(t.db, await t.actor(who), set.header.setId, { expectedVersion: set.header.version, decision: 'approve' }),
        code('changeSet.notReviewer'),
        who.name,
      );
    }
    assert.deepEqual((await readChangeSet(t.db, set.header.setId)).reviews, []);
  });
});
