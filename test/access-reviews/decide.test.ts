// Deciding and delegating review items: only the item's reviewer decides (never the subject), a
// removal needs a reason, a stale version or a closed review changes nothing, a bulk decision
// answers per item, the counters follow, and a delegated item moves to the new reviewer's list.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  cancelReview, decideItem, decideItems, delegateItem, eligibleReviewers, listItemsToReview, listReviewItems, readReview, startReview, type ReviewItem,
} from '../../lib/access-reviews';
import { isArborError } from '../../lib/errors';
import { changeRole, readUnitMember } from '../../lib/members';
import { actorOf, reviewWorld, settings, storedReview } from './fixtures';

const code = (c: string) => (e: unknown) => isArborError(e) && e.code === c;
const refused = (reason: string) => (e: unknown) => isArborError(e) && e.code === 'authz.accessReview.decide' && e.details?.reason === reason;

async function started(label: string) {
  const w = await reviewWorld(label);
  const owner = await actorOf(w.db, w.owner);
  const header = await startReview(w.db, owner, settings(), { platform: w.platform });
  const items = (await listReviewItems(w.db, header.reviewId)).items;
  const of = (userId: string) => items.find((i) => i.subject.id === userId) as ReviewItem;
  return { ...w, ownerActor: owner, header, of };
}

describe('decideItem', () => {
  test('the reviewer keeps or removes with a reason; the counters and their list follow; the decision can change', async () => {
    const w = await started('Decide');
    const ada = await actorOf(w.db, w.ada);
    const bobItem = w.of(w.bob.userId);
    await assert.rejects(decideItem(w.db, ada, w.header.reviewId, bobItem.itemId, 1, { value: 'remove', reason: '' }), code('accessReview.reasonRequired'));
    await assert.rejects(decideItem(w.db, ada, w.header.reviewId, bobItem.itemId, 1, { value: 'keep', reason: 'x'.repeat(501) }), code('accessReview.reasonRequired'));
    const kept = await decideItem(w.db, ada, w.header.reviewId, bobItem.itemId, 1, { value: 'keep', reason: '' });
    assert.equal(kept.decision?.value, 'keep');
    assert.equal(kept.version, 2);
    assert.deepEqual((await listItemsToReview(w.db, w.ada.userId)).items, [], 'off the list once decided');
    let header = await readReview(w.db, w.header.reviewId);
    assert.deepEqual([header.counts.decided, header.counts.keep, header.counts.remove], [1, 1, 0]);
    assert.equal(header.version, w.header.version, "decisions leave the header's version alone");

    // Stale: the version the reviewer saw is no longer stored.
    await assert.rejects(decideItem(w.db, ada, w.header.reviewId, bobItem.itemId, 1, { value: 'remove', reason: 'left the team' }), code('accessReview.itemChanged'));
    const changed = await decideItem(w.db, ada, w.header.reviewId, bobItem.itemId, 2, { value: 'remove', reason: 'left the team' });
    assert.equal(changed.decision?.reason, 'left the team');
    header = await readReview(w.db, w.header.reviewId);
    assert.deepEqual([header.counts.decided, header.counts.keep, header.counts.remove], [1, 0, 1]);
  });

  test('nobody decides an item that is not theirs, nor their own access', async () => {
    const w = await started('DecideWho');
    const bob = await actorOf(w.db, w.bob);
    const owner = w.ownerActor;
    const before = await storedReview(w.db, w.header.reviewId);
    await assert.rejects(decideItem(w.db, bob, w.header.reviewId, w.of(w.bob.userId).itemId, 1, { value: 'keep', reason: '' }), code('authz.accessReview.decide'));
    // The owner reviews Ada's item, not the admin's own one (the admin does: the owner is its subject).
    await assert.rejects(decideItem(w.db, owner, w.header.reviewId, w.of(w.owner.userId).itemId, 1, { value: 'keep', reason: '' }), code('authz.accessReview.decide'));
    assert.deepEqual(await storedReview(w.db, w.header.reviewId), before, 'nothing changed');
  });

  test('a reviewer who no longer administers the unit cannot decide: nothing is written', async () => {
    const w = await started('DecideDemoted');
    const bobItem = w.of(w.bob.userId);
    assert.equal(bobItem.reviewer?.userId, w.ada.userId, 'Ada, managing Engineering, reviews Cloud');
    const held = (await readUnitMember(w.db, w.engineering.id, w.ada.userId))!;
    await changeRole(w.db, w.owner, { unitId: w.engineering.id, userId: w.ada.userId, role: 'member', expectedVersion: held.version });
    const before = await storedReview(w.db, w.header.reviewId);
    const ada = await actorOf(w.db, w.ada);
    await assert.rejects(decideItem(w.db, ada, w.header.reviewId, bobItem.itemId, 1, { value: 'keep', reason: '' }), refused('notManager'));
    await assert.rejects(delegateItem(w.db, ada, w.header.reviewId, bobItem.itemId, 1, w.admin.userId, 'on leave'), refused('notManager'));
    assert.deepEqual(await storedReview(w.db, w.header.reviewId), before, 'nothing changed');
  });

  test('a bulk decision answers per item; a closed review refuses every decision', async () => {
    const w = await started('DecideBulk');
    const owner = w.ownerActor;
    const [ada, adminItem] = [w.of(w.ada.userId), w.of(w.admin.userId)];
    const answers = await decideItems(w.db, owner, w.header.reviewId, [
      { itemId: ada.itemId, expectedVersion: 1 },
      { itemId: adminItem.itemId, expectedVersion: 7 },
      { itemId: w.of(w.bob.userId).itemId, expectedVersion: 1 },
    ], { value: 'keep', reason: 'still needed' });
    assert.equal(answers[0]?.item?.decision?.value, 'keep');
    assert.equal(answers[1]?.error?.code, 'accessReview.itemChanged');
    assert.equal(answers[2]?.error?.code, 'authz.accessReview.decide');
    await assert.rejects(decideItems(w.db, owner, w.header.reviewId, [], { value: 'keep', reason: '' }), code('accessReview.tooManyInBulk'));

    await cancelReview(w.db, owner, w.header.reviewId, w.header.version);
    await assert.rejects(decideItem(w.db, owner, w.header.reviewId, adminItem.itemId, 1, { value: 'keep', reason: '' }), code('accessReview.closed'));
    assert.deepEqual((await listItemsToReview(w.db, w.owner.userId)).items, [], 'a cancelled review leaves the lists');
  });
});

describe('delegateItem', () => {
  test('the people offered are those the hand-over accepts: above the unit and the owners, never the subject, the reviewer or the caller', async () => {
    const w = await started('Eligible');
    const item = w.of(w.bob.userId);
    const offered = await eligibleReviewers(w.db, item, w.ada.userId);
    assert.deepEqual(offered.people.map((p) => p.userId).sort(), [w.owner.userId, w.admin.userId].sort());
    assert.equal(offered.more, false);
    assert.deepEqual((await eligibleReviewers(w.db, item, w.ada.userId, w.admin.email.toUpperCase())).people.map((p) => p.userId), [w.admin.userId]);
    assert.deepEqual((await eligibleReviewers(w.db, item, w.ada.userId, w.cy.email)).people, [], 'a member cannot judge it');
    assert.deepEqual((await eligibleReviewers(w.db, item, w.ada.userId, w.bob.email)).people, [], 'nor its subject');
    const ada = await actorOf(w.db, w.ada);
    const moved = await delegateItem(w.db, ada, w.header.reviewId, item.itemId, 1, offered.people[0]!.userId, 'on leave');
    assert.equal(moved.reviewer?.userId, offered.people[0]!.userId, 'the first one offered is accepted');
  });

  test('the reviewer hands an item to someone who administers its unit; not to its subject nor someone who cannot judge it', async () => {
    const w = await started('Delegate');
    const ada = await actorOf(w.db, w.ada);
    const item = w.of(w.bob.userId);
    await assert.rejects(delegateItem(w.db, ada, w.header.reviewId, item.itemId, 1, w.bob.userId, 'on leave'), code('accessReview.badDelegate'));
    await assert.rejects(delegateItem(w.db, ada, w.header.reviewId, item.itemId, 1, w.cy.userId, 'on leave'), code('accessReview.badDelegate'));
    await assert.rejects(delegateItem(w.db, ada, w.header.reviewId, item.itemId, 1, w.admin.userId, ''), code('accessReview.reasonRequired'));
    const moved = await delegateItem(w.db, ada, w.header.reviewId, item.itemId, 1, w.admin.userId, 'on leave');
    assert.equal(moved.reviewer?.userId, w.admin.userId);
    assert.equal(moved.delegatedBy?.userId, w.ada.userId);
    assert.ok((await listItemsToReview(w.db, w.admin.userId)).items.some((i) => i.itemId === item.itemId), "on the new reviewer's list");
    assert.deepEqual((await listItemsToReview(w.db, w.ada.userId)).items, []);
    const admin = await actorOf(w.db, w.admin);
    assert.equal((await decideItem(w.db, admin, w.header.reviewId, item.itemId, 2, { value: 'keep', reason: '' })).decision?.by.userId, w.admin.userId);
  });

  test("an owner does not hand on their own item, though owners hand on others' items: nothing is written", async () => {
    const w = await started('DelegateOwn');
    const ownItem = w.of(w.owner.userId);
    assert.notEqual(ownItem.reviewer?.userId, w.owner.userId, 'reviewed by someone else');
    const before = await storedReview(w.db, w.header.reviewId);
    await assert.rejects(delegateItem(w.db, w.ownerActor, w.header.reviewId, ownItem.itemId, 1, w.ada.userId, 'friendlier'), refused('ownAccess'));
    await assert.rejects(decideItem(w.db, w.ownerActor, w.header.reviewId, ownItem.itemId, 1, { value: 'keep', reason: '' }), refused('ownAccess'));
    assert.deepEqual(await storedReview(w.db, w.header.reviewId), before, 'nothing changed');
    const bobItem = w.of(w.bob.userId);
    assert.equal((await delegateItem(w.db, w.ownerActor, w.header.reviewId, bobItem.itemId, 1, w.admin.userId, 'Ada is away')).reviewer?.userId, w.admin.userId);
  });
});
