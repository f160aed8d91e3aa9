// A review's lifecycle against the clock: a completion that stops partway is resumed by the clock
// once its lease passes (and not before), its audit entry carries the time it was written (not the
// wake-up's), monthly schedules keep the month's end, a scheduled start refused pauses its schedule
// and tells the owners, and an organization whose deletion is due is left alone.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { decodeTime } from 'ulid';
import { completeReview, createSchedule, draftRevert, listReviewItems, listReviews, listSchedules, readReview, runDueReviews, startReview } from '../../lib/access-reviews';
import { COMPLETION_LEASE_MS } from '../../lib/access-reviews/complete';
import { addMonths, nextStartAfter } from '../../lib/access-reviews/schedules';
import { getItem, keys, queryAll } from '../../lib/db';
import { scheduleTenantDeletion } from '../../lib/offboarding';
import { defineRoles } from '../members/fixtures';
import { waitForMail } from '../support/mail';
import { testTenantDb } from '../support/tenancy';
import { actorOf, reviewWorld, settings } from './fixtures';

const DAY = 86_400_000;

async function wakeUntil(w: Awaited<ReturnType<typeof reviewWorld>>, at: Date, done: () => Promise<boolean>) {
  for (let i = 0; i < 30; i++) {
    await runDueReviews(w.platform, (t) => testTenantDb(t), at);
    if (await done()) return;
  }
  assert.fail('the clock did not get to it');
}

test('a completion stopped partway stays queued under its lease; the clock resumes it once the lease passes', async () => {
  const w = await reviewWorld('Resume');
  const owner = await actorOf(w.db, w.owner);
  const header = await startReview(w.db, owner, settings({ coverage: { roles: ['manager'] }, defaultDecision: 'remove' }), { platform: w.platform });
  assert.equal(header.counts.items, 2);
  const t0 = new Date();
  await assert.rejects(completeReview(w.db, owner, header.reviewId, header.version, { platform: w.platform, now: t0, stopAfterItems: 1 }), /stopped after 1/);
  const raw = (await getItem(w.db, keys.accessReview(w.tenantId, header.reviewId)))!;
  assert.equal(raw.status, 'completing');
  assert.equal(raw.GSI4PK, keys.gsi4.reviewsDue(), 'still in the due queue');
  assert.ok(String(raw.GSI4SK).startsWith(new Date(t0.getTime() + COMPLETION_LEASE_MS).toISOString()), 'under its lease');
  assert.equal((await listReviewItems(w.db, header.reviewId)).items.filter((i) => i.outcome).length, 1);

  // While the lease holds, neither the clock nor the owner's second call takes it over.
  await runDueReviews(w.platform, (t) => testTenantDb(t), t0);
  assert.equal((await completeReview(w.db, owner, header.reviewId, undefined, { platform: w.platform, now: t0 })).status, 'completing');

  const later = new Date(t0.getTime() + COMPLETION_LEASE_MS + 60_000);
  await wakeUntil(w, later, async () => (await readReview(w.db, header.reviewId)).status === 'completed');
  const done = await readReview(w.db, header.reviewId);
  assert.equal(done.counts.removed, 2);
  assert.ok((await listReviewItems(w.db, header.reviewId)).items.every((i) => i.outcome?.state === 'removed'));
  const finished = (await getItem(w.db, keys.accessReview(w.tenantId, header.reviewId)))!;
  assert.equal(finished.GSI4PK, undefined, 'off the queue once finished');
  assert.equal(finished.leaseUntil, undefined);

  // The audit entry's id is the time it was written, not the wake-up's (6 minutes ahead): the streaming worker reads ids in order.
  const audit = await queryAll(w.db, { KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': keys.auditPartition(w.tenantId) } });
  const entry = audit.find((e) => e.action === 'accessReview.complete')!;
  assert.ok(decodeTime(String(entry.auditId)) <= Date.now(), 'written with its own time');
});

test('audit entries of a start, a decision and a completion given an old `now` still carry their write time', async () => {
  const w = await reviewWorld('Stale');
  const owner = await actorOf(w.db, w.owner);
  const before = Date.now();
  const old = new Date(before - DAY);
  const header = await startReview(w.db, owner, settings({ coverage: { roles: ['manager'] } }), { platform: w.platform, now: old });
  await completeReview(w.db, owner, header.reviewId, undefined, { platform: w.platform, now: old });
  const audit = await queryAll(w.db, { KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': keys.auditPartition(w.tenantId) } });
  for (const action of ['accessReview.start', 'accessReview.complete']) {
    const entry = audit.find((e) => e.action === action)!;
    assert.ok(decodeTime(String(entry.auditId)) >= before, `${action}: its id is its write time`);
  }
  assert.equal((await readReview(w.db, header.reviewId)).startedAt, old.toISOString(), 'the business fields keep `now`');
});

test('monthly starts count from the anchor: the month\'s end stays the month\'s end', () => {
  const table: [string, number, string, string][] = [
    ['2026-01-31T09:00:00.000Z', 1, '2026-02-01T00:00:00Z', '2026-02-28T09:00:00.000Z'],
    ['2026-01-31T09:00:00.000Z', 1, '2026-03-01T00:00:00Z', '2026-03-31T09:00:00.000Z'],
    ['2026-01-31T09:00:00.000Z', 1, '2026-04-01T00:00:00Z', '2026-04-30T09:00:00.000Z'],
    ['2026-01-31T09:00:00.000Z', 1, '2026-05-01T00:00:00Z', '2026-05-31T09:00:00.000Z'],
    ['2027-11-30T09:00:00.000Z', 3, '2028-01-01T00:00:00Z', '2028-02-29T09:00:00.000Z'],
    ['2027-11-30T09:00:00.000Z', 3, '2028-03-01T00:00:00Z', '2028-05-30T09:00:00.000Z'],
  ];
  for (const [anchor, every, now, next] of table) assert.equal(nextStartAfter(anchor, every, new Date(now)), next, `${anchor} every ${every} after ${now}`);
  // Any anchor, interval and wake-up: the next start is anchor + k·interval, the first after now.
  fc.assert(fc.property(
    fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }), fc.constantFrom(1, 3, 6, 12), fc.integer({ min: 0, max: 3000 }),
    (anchor, every, daysLater) => {
      const now = new Date(anchor.getTime() + daysLater * DAY);
      const next = nextStartAfter(anchor.toISOString(), every, now);
      const ks = Array.from({ length: 120 }, (_, k) => addMonths(anchor, (k + 1) * every).toISOString());
      return next === ks.find((at) => Date.parse(at) > now.getTime());
    },
  ));
});

test('a scheduled review refused at its start pauses its schedule, saying why, and the owners are told', async () => {
  const w = await reviewWorld('Refused');
  await defineRoles(w.tenantId, ['budget-approver']);
  const owner = await actorOf(w.db, w.owner);
  const s = await createSchedule(w.db, owner, {
    ...settings({ name: 'Budget approvers', coverage: { customRoles: ['budget-approver'] } }), everyMonths: 1, firstStartAt: new Date(Date.now() + 60_000).toISOString(),
  });
  // The role it covers is gone by its start: every start would be refused the same way.
  await defineRoles(w.tenantId, [], 2);
  const mailBefore = (await waitForMail(w.owner.email, 0)).length;
  await wakeUntil(w, new Date(Date.now() + 2 * 60_000), async () => !(await listSchedules(w.db))[0]!.enabled);
  const [paused] = await listSchedules(w.db);
  assert.match(paused!.pausedReason ?? '', /was refused/);
  assert.equal(paused!.scheduleId, s.scheduleId);
  assert.equal((await listReviews(w.db)).items.length, 0);
  const mail = await waitForMail(w.owner.email, mailBefore + 1);
  assert.ok(mail.some((m) => /Budget approvers.*paused/.test(m.subject)));
});

test('the clock leaves an organization whose deletion is due alone', async () => {
  const w = await reviewWorld('Leaving');
  const owner = await actorOf(w.db, w.owner);
  const s = await createSchedule(w.db, owner, { ...settings({ name: 'Managers' }), everyMonths: 1, firstStartAt: new Date(Date.now() + 60_000).toISOString() });
  const name = String((await getItem(w.db, keys.tenantSettings(w.tenantId)))!.name);
  await scheduleTenantDeletion(w.db, w.owner, { confirmName: name, now: Date.now() - 8 * DAY, graceDays: 7 });
  for (let i = 0; i < 5; i++) await runDueReviews(w.platform, (t) => testTenantDb(t), new Date(Date.now() + 2 * 60_000));
  assert.equal((await listReviews(w.db)).items.length, 0);
  assert.equal((await listSchedules(w.db))[0]!.nextStartAt, s.nextStartAt);
});

test('two revert drafts asked at once answer one change set; the loser\'s draft is removed', async () => {
  const w = await reviewWorld('Reverts');
  const owner = await actorOf(w.db, w.owner);
  const header = await startReview(w.db, owner, settings({ coverage: { roles: ['manager'] }, defaultDecision: 'remove' }), { platform: w.platform });
  await completeReview(w.db, owner, header.reviewId, undefined, { platform: w.platform });
  const [a, b] = await Promise.all([draftRevert(w.db, owner, header.reviewId), draftRevert(w.db, owner, header.reviewId)]);
  assert.equal(a.changeSetId, b.changeSetId);
  assert.equal((await readReview(w.db, header.reviewId)).revertChangeSetId, a.changeSetId);
  const sets = await queryAll(w.db, { IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': keys.gsi1.changeSets(w.tenantId) } });
  assert.equal(sets.filter((s) => String(s.name).startsWith('Revert:')).length, 1);
});
