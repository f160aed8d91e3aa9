// The access-review routes as people call them: owners run reviews, a reviewer reads the reviews
// they have items in and only their own items, anyone else is told the review is not there; and
// another organization's review and item ids answer 404 with nothing of theirs read or changed.
import assert from 'node:assert/strict';
import { join, resolve } from 'node:path';
import { after, describe, test } from 'node:test';
import { entrySources } from '../../lib/api/with-actor';
import type { RequestActor } from '../../lib/auth';
import { listReviewItems, startReview } from '../../lib/access-reviews';
import { loadActorAccess } from '../../lib/members';
import type { TenantDb } from '../../lib/db';
import { actorOf, reviewWorld, settings, storedReview } from './fixtures';

const ROOT = resolve(import.meta.dirname, '../..');
type Handler = (r: Request, c: unknown) => Promise<Response>;

async function call(who: RequestActor, method: string, route: string, params: Record<string, string>, body?: unknown, search = '') {
  entrySources.load = async () => who;
  entrySources.require = async () => who;
  const path = route.replace(/\[(\w+)\]/g, (_, n: string) => params[n]!);
  const mod = (await import(join(ROOT, 'app', route, 'route.ts'))) as Record<string, Handler>;
  const res = await mod[method]!(
    new Request(`http://arbor.test${path}${search}`, { method, headers: { 'content-type': 'application/json' }, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) }),
    { params: Promise.resolve(params) },
  );
  return { status: res.status, json: (await res.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

const personOf = async (db: TenantDb, p: { userId: string; email: string; name?: string }) =>
  ({ ...(await loadActorAccess(db, p.userId)), email: p.email, name: p.name ?? p.email }) as RequestActor;

const R = '/api/v1/access-reviews';

describe('access-review routes', () => {
  after(() => {
    entrySources.beforeFirstWrite = undefined;
  });

  test('owners list, start and read; a reviewer reads their own items; anyone else is told nothing', async () => {
    const w = await reviewWorld('Routes');
    const [owner, ada, cy] = await Promise.all([personOf(w.db, w.owner), personOf(w.db, w.ada), personOf(w.db, w.cy)]);
    const started = await call(owner, 'POST', R, {}, settings());
    assert.equal(started.status, 201, JSON.stringify(started.json));
    const reviewId = started.json.reviewId as string;
    assert.deepEqual((await call(owner, 'GET', R, {})).json.items.map((r: { reviewId: string }) => r.reviewId), [reviewId]);
    assert.equal((await call(ada, 'GET', R, {})).status, 403);

    assert.equal((await call(ada, 'GET', `${R}/[reviewId]`, { reviewId })).status, 200);
    const adas = await call(ada, 'GET', `${R}/[reviewId]/items`, { reviewId }, undefined, `?reviewerId=${w.owner.userId}`);
    assert.deepEqual(adas.json.items.map((i: { subject: { id: string } }) => i.subject.id), [w.bob.userId], 'her own items, whatever she asks for');
    assert.equal((await call(cy, 'GET', `${R}/[reviewId]`, { reviewId })).status, 404);
    assert.equal((await call(cy, 'GET', `${R}/[reviewId]/items`, { reviewId })).status, 404);

    const assigned = await call(ada, 'GET', `${R}/assigned`, {});
    assert.equal(assigned.json.items.length, 1);
    assert.equal(assigned.json.reviews[0].name, 'Quarterly review');
    const item = assigned.json.items[0];
    const decided = await call(ada, 'POST', `${R}/[reviewId]/items/[itemId]/decision`, { reviewId, itemId: item.itemId }, { value: 'remove', reason: 'Moved teams', expectedVersion: 1 });
    assert.equal(decided.status, 200, JSON.stringify(decided.json));
    const stale = await call(ada, 'POST', `${R}/[reviewId]/items/[itemId]/decision`, { reviewId, itemId: item.itemId }, { value: 'keep', expectedVersion: 1 });
    assert.equal(stale.status, 409);
    assert.equal(stale.json.error.code, 'accessReview.itemChanged');
    const cyDecides = await call(cy, 'POST', `${R}/[reviewId]/items/[itemId]/decision`, { reviewId, itemId: item.itemId }, { value: 'keep', expectedVersion: 2 });
    assert.equal(cyDecides.status, 403);
    assert.equal((await call(ada, 'POST', `${R}/[reviewId]/complete`, { reviewId }, {})).status, 403);
    const done = await call(owner, 'POST', `${R}/[reviewId]/complete`, { reviewId }, { expectedVersion: 1 });
    assert.equal(done.status, 200, JSON.stringify(done.json));
    assert.equal(done.json.counts.removed, 1);
  });

  test("another organization's review and item ids answer 404, and nothing of theirs is read or changed", async () => {
    const [a, b] = await Promise.all([reviewWorld('RoutesA'), reviewWorld('RoutesB')]);
    const header = await startReview(a.db, await actorOf(a.db, a.owner), settings(), { platform: a.platform });
    const [item] = (await listReviewItems(a.db, header.reviewId, { reviewerId: a.owner.userId })).items;
    const before = await storedReview(a.db, header.reviewId);
    const bOwner = await personOf(b.db, b.owner);
    const reviewId = header.reviewId;
    const itemId = item!.itemId;
    const answers = [
      await call(bOwner, 'GET', `${R}/[reviewId]`, { reviewId }),
      await call(bOwner, 'GET', `${R}/[reviewId]/items`, { reviewId }),
      await call(bOwner, 'POST', `${R}/[reviewId]/items/[itemId]/decision`, { reviewId, itemId }, { value: 'remove', reason: 'x', expectedVersion: 1 }),
      await call(bOwner, 'POST', `${R}/[reviewId]/items/[itemId]/delegate`, { reviewId, itemId }, { toUserId: b.admin.userId, reason: 'x', expectedVersion: 1 }),
      await call(bOwner, 'GET', `${R}/[reviewId]/items/[itemId]/reviewers`, { reviewId, itemId }),
      await call(bOwner, 'POST', `${R}/[reviewId]/complete`, { reviewId }, {}),
      await call(bOwner, 'POST', `${R}/[reviewId]/cancel`, { reviewId }, { expectedVersion: 1 }),
      await call(bOwner, 'POST', `${R}/[reviewId]/revert`, { reviewId }),
    ];
    assert.deepEqual(answers.map((x) => x.status), [404, 404, 404, 404, 404, 404, 404, 404], JSON.stringify(answers.map((x) => x.json)));
    const bulk = await call(bOwner, 'POST', `${R}/[reviewId]/decisions`, { reviewId }, { items: [{ itemId, expectedVersion: 1 }], value: 'keep' });
    assert.equal(bulk.json.results[0].error.code, 'accessReview.notFound');
    assert.deepEqual((await call(bOwner, 'GET', R, {})).json.items, [], "B's list holds nothing of A's");
    assert.deepEqual(await storedReview(a.db, header.reviewId), before, "A's review unchanged");
  });
});
