// Starting a review: what it covers (elevated roles, custom roles, API keys, guests, directory
// rules), who reviews each item (the nearest administrator above, the owners at the top, never the
// subject, nobody when only the subject could), the why lines, and its bounds.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { listItemsToReview, listReviewItems, listReviews, readReview, startReview, type ReviewItem } from '../../lib/access-reviews';
import { createApiKey } from '../../lib/api-keys';
import { isArborError } from '../../lib/errors';
import { newTenant } from '../support/fixtures';
import { tenantDbFor } from '../support/tenant-db';
import { testPlatformDb } from '../support/tenancy';
import { actorOf, reviewWorld, settings, storedReview } from './fixtures';

const bySubject = (items: ReviewItem[]) => new Map(items.map((i) => [i.subject.id, i]));
const code = (c: string) => (e: unknown) => isArborError(e) && e.code === c;

describe('startReview', () => {
  test('elevated roles: one item per membership, each to the nearest administrator above, the owners at the top, never the subject', async () => {
    const w = await reviewWorld('StartRoles');
    const by = await actorOf(w.db, w.owner);
    const header = await startReview(w.db, by, settings(), { platform: w.platform });
    assert.equal(header.status, 'open');
    assert.equal(header.counts.items, 4);
    assert.ok(header.remindAt && header.remindAt < header.dueAt);
    const items = bySubject((await listReviewItems(w.db, header.reviewId)).items);
    // The owner's own item: the only owner started it, so the admin on the top unit judges it.
    assert.equal(items.get(w.owner.userId)?.reviewer?.userId, w.admin.userId);
    assert.equal(items.get(w.admin.userId)?.reviewer?.userId, w.owner.userId);
    assert.equal(items.get(w.ada.userId)?.reviewer?.userId, w.owner.userId, 'Engineering is under the top unit: the owners');
    assert.equal(items.get(w.bob.userId)?.reviewer?.userId, w.ada.userId, "Cloud's nearest administrator above is Engineering's manager");
    assert.equal(items.has(w.cy.userId), false, 'a member is not reviewed');
    assert.deepEqual(items.get(w.bob.userId)?.why, ['Manager of Cloud, held directly (reaches everything below it)']);
    assert.match(items.get(w.admin.userId)!.why[0]!, /^Admin on .* \(tenant-wide\)$/);
    assert.equal(items.get(w.bob.userId)?.basis.version, 1);

    const mine = await listItemsToReview(w.db, w.ada.userId);
    assert.deepEqual(mine.items.map((i) => i.subject.id), [w.bob.userId]);
    assert.equal((await readReview(w.db, header.reviewId)).name, 'Quarterly review');
    assert.deepEqual((await listReviews(w.db)).items.map((r) => r.reviewId), [header.reviewId]);
    const stored = await storedReview(w.db, header.reviewId);
    assert.equal(stored.find((s) => s.SK === 'REVIEW')?.GSI4PK, 'REVIEWSDUE');
  });

  test('nobody but the subject: the item has no reviewer', async () => {
    const t = await newTenant('Alone');
    const db = tenantDbFor(t.tenantId);
    const owner = { userId: t.ownerUserId, email: t.ownerEmail };
    const header = await startReview(db, await actorOf(db, owner), settings({ coverage: { roles: ['owner'] } }), { platform: testPlatformDb() });
    const [item] = (await listReviewItems(db, header.reviewId)).items;
    assert.equal(item?.reviewer, null);
  });

  test('API keys and guests: a key to the administrator above its unit, with its creator and last use; guests to the owners', async () => {
    const w = await reviewWorld('StartKeys');
    await createApiKey({ tenant: w.db, platform: w.platform }, { name: 'CI', role: 'manager', unit: w.cloud, expiresInDays: 30, actor: w.owner });
    const header = await startReview(w.db, await actorOf(w.db, w.owner), settings({ coverage: { apiKeys: true, guests: true } }), { platform: w.platform });
    const items = (await listReviewItems(w.db, header.reviewId)).items;
    const key = items.find((i) => i.kind === 'apiKey')!;
    assert.equal(key.subject.label, 'CI');
    assert.equal(key.reviewer?.userId, w.ada.userId);
    assert.match(key.why[0]!, /^API key 'CI' created by .* on \d{4}-\d\d-\d\d, role Manager on Cloud$/);
    assert.deepEqual(key.lastActivity, { kind: 'none' });
    const guests = items.filter((i) => i.kind === 'guest');
    assert.deepEqual(new Set(guests.map((g) => g.subject.id)), new Set([w.admin, w.ada, w.bob, w.cy, w.dee].map((p) => p.userId)));
    assert.ok(guests.every((g) => g.reviewer?.userId === w.owner.userId));
    assert.match(guests[0]!.why[0]!, /^Email domain example\.test is not among the organization's proven domains/);
  });

  test('bad settings are refused before anything is read or written', async () => {
    const w = await reviewWorld('StartBad');
    const by = await actorOf(w.db, w.owner);
    await assert.rejects(startReview(w.db, by, settings({ coverage: {} })), code('accessReview.badSettings'));
    await assert.rejects(startReview(w.db, by, settings({ durationDays: 0 })), code('accessReview.badSettings'));
    await assert.rejects(startReview(w.db, by, settings({ name: ' ' })), code('accessReview.badSettings'));
    // The name is visible text on one line, as a schedule's (one check for both).
    for (const name of ['Q3\nreview', 'Q3\u0007', 'Q3 \u202Eweiver', '\u200B\u200B']) {
      await assert.rejects(startReview(w.db, by, settings({ name })), code('accessReview.badSettings'), JSON.stringify(name));
    }
    await assert.rejects(startReview(w.db, by, settings({ coverage: { customRoles: ['nope'] } })), code('accessReview.unknownRoles'));
    assert.deepEqual((await listReviews(w.db)).items, []);
  });
});
