// The owners' review page reads one page of the items, never the whole review: one GetItem of the
// header (whose counters give the totals) and one Query page, filtered by reviewer / undecided.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { decideItem, listReviewItems, startReview } from '../../lib/access-reviews';
import { authorize } from '../../lib/authz';
import type { TenantDb } from '../../lib/db';
import { loadActorAccess } from '../../lib/members';
import { loadReviewScreen } from '../../lib/screens/access-reviews';
import type { ScreenContext } from '../../lib/screens/screen-context';
import { countedDb } from '../support/counted-db';
import { actorOf, reviewWorld, settings } from './fixtures';

async function ownerScreen(db: TenantDb, userId: string) {
  const access = await loadActorAccess(db, userId);
  const { db: counted, sent } = countedDb(db);
  const ctx = { actor: { ...access, db: counted }, db: counted, authorize: (action: never, place: never) => authorize(access, action, place) } as unknown as ScreenContext;
  return { ctx, sent };
}

describe('loadReviewScreen', () => {
  test('one GetItem and one Query page; reviewer and undecided filtered by the Query; totals from the counters', async () => {
    const w = await reviewWorld('ReviewScreen');
    const owner = await actorOf(w.db, w.owner);
    const header = await startReview(w.db, owner, settings(), { platform: w.platform });
    const items = (await listReviewItems(w.db, header.reviewId)).items;
    const bobItem = items.find((i) => i.subject.id === w.bob.userId)!;
    await decideItem(w.db, await actorOf(w.db, w.ada), header.reviewId, bobItem.itemId, 1, { value: 'keep', reason: '' });

    const all = await ownerScreen(w.db, w.owner.userId);
    const view = await loadReviewScreen(all.ctx, header.reviewId, {});
    assert.deepEqual([...all.sent].sort(), ['GetCommand', 'QueryCommand']);
    assert.equal(view.items.length, items.length);
    assert.equal(view.nextCursor, undefined);
    assert.equal(view.review.counts.items, items.length);
    assert.equal(view.review.counts.decided, 1);

    const adas = await ownerScreen(w.db, w.owner.userId);
    const mine = await loadReviewScreen(adas.ctx, header.reviewId, { reviewer: w.ada.userId });
    assert.equal(adas.sent.filter((c) => c === 'QueryCommand').length, 1);
    assert.ok(mine.items.length > 0 && mine.items.every((i) => i.reviewer?.userId === w.ada.userId));
    assert.deepEqual(mine.reviewers.map((r) => r.userId), [w.ada.userId]);

    const open = await loadReviewScreen((await ownerScreen(w.db, w.owner.userId)).ctx, header.reviewId, { undecided: true });
    assert.equal(open.items.length, items.length - 1);
    assert.ok(open.items.every((i) => !i.decision));
  });
});
