// Completing a review: undecided items take the default, removals go through the normal write
// path conditioned on the access as reviewed (changed since → unchanged; the last owner stays),
// each outcome and the counters are recorded, the change's audit entry names the review, a second
// call changes nothing, and the revert drafts a change set giving the roles back.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { completeReview, decideItem, draftRevert, listReviewItems, readReview, startReview, type ReviewItem } from '../../lib/access-reviews';
import { createApiKey } from '../../lib/api-keys';
import { readChangeSet } from '../../lib/change-sets';
import { getItem, keys, queryAll } from '../../lib/db';
import { changeRole } from '../../lib/members';
import { actorOf, reviewWorld, settings } from './fixtures';

describe('completeReview', () => {
  test('applies removals with outcomes, takes the default for undecided items, and drafts the revert', async () => {
    const w = await reviewWorld('Complete');
    const owner = await actorOf(w.db, w.owner);
    const header = await startReview(w.db, owner, settings({ defaultDecision: 'remove' }), { platform: w.platform });
    const items = (await listReviewItems(w.db, header.reviewId)).items;
    const of = (userId: string) => items.find((i) => i.subject.id === userId) as ReviewItem;
    await decideItem(w.db, owner, header.reviewId, of(w.ada.userId).itemId, 1, { value: 'remove', reason: 'moved teams' });
    await decideItem(w.db, owner, header.reviewId, of(w.admin.userId).itemId, 1, { value: 'remove', reason: 'no longer admin' });
    const admin = await actorOf(w.db, w.admin);
    await decideItem(w.db, admin, header.reviewId, of(w.owner.userId).itemId, 1, { value: 'remove', reason: 'try it' });
    // The admin's access changes after the decision: the removal must not apply to what nobody reviewed.
    await changeRole(w.db, w.owner, { unitId: w.root.id, userId: w.admin.userId, role: 'manager', expectedVersion: 1 });

    const done = await completeReview(w.db, owner, header.reviewId, header.version, { platform: w.platform });
    assert.equal(done.status, 'completed');
    assert.equal(done.completedBy?.userId, w.owner.userId);
    const after = new Map((await listReviewItems(w.db, header.reviewId)).items.map((i) => [i.subject.id, i]));
    assert.equal(after.get(w.ada.userId)?.outcome?.state, 'removed');
    assert.equal(after.get(w.bob.userId)?.outcome?.state, 'removed');
    assert.equal(after.get(w.bob.userId)?.decision?.automatic, true);
    assert.equal(after.get(w.admin.userId)?.outcome?.state, 'unchanged');
    assert.match(after.get(w.admin.userId)!.outcome!.detail!, /^Changed since/);
    assert.equal(after.get(w.owner.userId)?.outcome?.state, 'unchanged');
    assert.match(after.get(w.owner.userId)!.outcome!.detail!, /last owner/);
    const read = await readReview(w.db, header.reviewId);
    assert.deepEqual(read.counts, { items: 4, decided: 4, keep: 0, remove: 4, removed: 2, notRemoved: 2 });
    assert.equal((await getItem(w.db, keys.unitMember(w.tenantId, w.engineering.id, w.ada.userId)))?.role, 'member');
    assert.equal((await getItem(w.db, keys.unitMember(w.tenantId, w.cloud.id, w.bob.userId)))?.role, 'member');
    const audit = await queryAll(w.db, { KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': keys.auditPartition(w.tenantId) } });
    const roleChanges = audit.filter((e) => e.action === 'membership.roleChange' && e.accessReviewId === header.reviewId);
    assert.equal(roleChanges.length, 2, 'each removal is the normal change, naming the review');
    assert.equal(audit.filter((e) => e.action === 'accessReview.complete').length, 1);

    // Again: nothing more happens.
    assert.deepEqual(await completeReview(w.db, owner, header.reviewId, undefined, { platform: w.platform }), read);

    const revert = await draftRevert(w.db, owner, header.reviewId);
    const set = await readChangeSet(w.db, revert.changeSetId);
    assert.deepEqual(set.operations.map((o) => o.op as { userId: string }).sort((a, b) => a.userId.localeCompare(b.userId)), [
      { kind: 'changeRole', userId: w.ada.userId, unitId: w.engineering.id, role: 'manager' },
      { kind: 'changeRole', userId: w.bob.userId, unitId: w.cloud.id, role: 'manager' },
    ].sort((a, b) => a.userId.localeCompare(b.userId)));
    assert.equal((await draftRevert(w.db, owner, header.reviewId)).changeSetId, revert.changeSetId, 'asked again: the same draft');
  });

  test('the deadline revokes a key nobody kept; revert says keys cannot come back', async () => {
    const w = await reviewWorld('CompleteKey');
    const owner = await actorOf(w.db, w.owner);
    const { key } = await createApiKey({ tenant: w.db, platform: w.platform }, { name: 'Old CI', role: 'member', unit: w.sales, expiresInDays: 30, actor: w.owner });
    const header = await startReview(w.db, owner, settings({ coverage: { apiKeys: true }, defaultDecision: 'remove' }), { platform: w.platform });
    const done = await completeReview(w.db, 'deadline', header.reviewId, undefined, { platform: w.platform });
    assert.equal(done.counts.removed, 1);
    assert.equal(done.completedBy, undefined);
    assert.equal(await getItem(w.db, keys.apiKey(w.tenantId, key.keyId)), undefined);
    const revert = await draftRevert(w.db, owner, header.reviewId);
    assert.equal(revert.operations, 0);
    assert.match(revert.notRevertible[0]!, /Old CI/);
  });
});
