// The reviews' clock and evidence against the local stack, with times in the past instead of
// sleeps: a due schedule starts one review even when two wake-ups race; the reminder mails only the
// reviewers with something left, once; the deadline completes the review with its default; the
// evidence exports as CSV (formulas neutralized) and PDF from the stored items only.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import Papa from 'papaparse';
import {
  createSchedule, decideItem, listReviewItems, listReviews, listSchedules, readReview, reviewEvidenceCsv, reviewEvidencePdf, runDueReviews, startReview,
} from '../../lib/access-reviews';
import { waitForMail, mailTo } from '../support/mail';
import { testTenantDb } from '../support/tenancy';
import { actorOf, reviewWorld, settings } from './fixtures';

const DAY = 86_400_000;

/** Wake-ups at `at` until `done` holds: other suites' due things share the queues (ten of each per wake-up). */
async function wakeUntil(w: Awaited<ReturnType<typeof reviewWorld>>, at: Date, done: () => Promise<boolean>) {
  for (let i = 0; i < 30; i++) {
    await runDueReviews(w.platform, (t) => testTenantDb(t), at);
    if (await done()) return;
  }
  assert.fail('the clock did not get to it');
}

test('a due schedule starts one review, as its creator, even when two wake-ups race', async () => {
  const w = await reviewWorld('Clock');
  const owner = await actorOf(w.db, w.owner);
  const s = await createSchedule(w.db, owner, { ...settings({ name: 'Monthly managers', coverage: { roles: ['manager'] } }), everyMonths: 1, firstStartAt: new Date(Date.now() + 60_000).toISOString() });
  const at = new Date(Date.now() + 2 * 60_000);
  await Promise.all([runDueReviews(w.platform, (t) => testTenantDb(t), at), runDueReviews(w.platform, (t) => testTenantDb(t), at)]);
  await wakeUntil(w, at, async () => (await listSchedules(w.db))[0]!.nextStartAt !== s.nextStartAt);
  const reviews = (await listReviews(w.db)).items;
  assert.equal(reviews.length, 1);
  assert.equal(reviews[0]!.scheduleId, s.scheduleId);
  assert.equal(reviews[0]!.startedBy.userId, w.owner.userId);
  const [moved] = await listSchedules(w.db);
  assert.equal(Date.parse(moved!.nextStartAt), new Date(s.nextStartAt).setUTCMonth(new Date(s.nextStartAt).getUTCMonth() + 1));
});

test('the reminder goes once, to reviewers with something left; the deadline applies the default', async () => {
  const w = await reviewWorld('Remind');
  const owner = await actorOf(w.db, w.owner);
  const review = await startReview(w.db, owner, settings({ name: 'Managers', coverage: { roles: ['manager'] }, durationDays: 10, reminderDaysBefore: 3, defaultDecision: 'remove' }), { platform: w.platform });
  const items = (await listReviewItems(w.db, review.reviewId)).items;
  // Ada (Engineering's manager) reviews Bob (Cloud's) and decides it now; Ada's own item waits for its reviewer.
  const bobItem = items.find((i) => i.subject.id === w.bob.userId)!;
  const adaItem = items.find((i) => i.subject.id === w.ada.userId)!;
  assert.equal(bobItem.reviewer?.userId, w.ada.userId);
  const other = adaItem.reviewer!.email;
  await decideItem(w.db, await actorOf(w.db, w.ada), review.reviewId, bobItem.itemId, bobItem.version, { value: 'keep', reason: 'still leads Cloud' });
  // The start's mail first (SMTP is asynchronous), so what follows is counted from it.
  const adaMailBefore = (await waitForMail(w.ada.email, 1)).length;
  const otherMailBefore = (await waitForMail(other, 1)).length;

  const remindAt = new Date(Date.parse(review.remindAt!) + 1000);
  await wakeUntil(w, remindAt, async () => Boolean((await readReview(w.db, review.reviewId)).remindedAt));
  const reminders = await waitForMail(other, otherMailBefore + 1);
  assert.ok(reminders.some((m) => /^Reminder: \d+ items? left/.test(m.subject)));
  await runDueReviews(w.platform, (t) => testTenantDb(t), remindAt);
  await new Promise((r) => setTimeout(r, 500));
  assert.equal((await mailTo(other)).length, otherMailBefore + 1, 'reminded once');
  assert.equal((await mailTo(w.ada.email)).length, adaMailBefore, 'nothing left: no reminder');
  const ownerMailBefore = (await mailTo(w.owner.email)).length;

  const past = new Date(Date.parse(review.dueAt) + 1000);
  await wakeUntil(w, past, async () => (await readReview(w.db, review.reviewId)).status === 'completed');
  const done = new Map((await listReviewItems(w.db, review.reviewId)).items.map((i) => [i.subject.id, i]));
  assert.equal(done.get(w.bob.userId)?.outcome?.state, 'kept');
  assert.equal(done.get(w.ada.userId)?.decision?.automatic, true);
  assert.equal(done.get(w.ada.userId)?.outcome?.state, 'removed');
  const summary = (await waitForMail(w.owner.email, ownerMailBefore + 1)).find((m) => /is complete/.test(m.subject));
  assert.ok(summary, 'the owners get the summary');
  assert.match(summary.text, /Removed: \d+/);
});

test('evidence: CSV with formulas neutralized, and an A4 PDF, from the stored items', async () => {
  const w = await reviewWorld('Evidence');
  const owner = await actorOf(w.db, w.owner);
  const review = await startReview(w.db, owner, settings({ name: 'Q3 managers', coverage: { roles: ['manager'] } }), { platform: w.platform });
  const item = (await listReviewItems(w.db, review.reviewId)).items.find((i) => i.subject.id === w.ada.userId)!;
  await decideItem(w.db, owner, review.reviewId, item.itemId, item.version, { value: 'remove', reason: '=HYPERLINK("http://evil")' });

  const csv = await reviewEvidenceCsv(w.db, review.reviewId);
  assert.ok(csv.startsWith('\uFEFF'));
  const rows = Papa.parse<Record<string, string>>(csv.slice(1), { header: true, skipEmptyLines: true }).data;
  const ada = rows.find((r) => r.subject_email === w.ada.email)!;
  assert.equal(ada.decision, 'remove');
  assert.equal(ada.reason, `'=HYPERLINK("http://evil")`);
  assert.equal(ada.decided_by, w.owner.name);
  assert.equal(rows.length, review.counts.items);

  const pdf = Buffer.from(await reviewEvidencePdf(w.db, review.reviewId));
  assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
  assert.match(pdf.toString('latin1'), /\/MediaBox \[0 0 841\.89 595\.28\]/);
  await assert.rejects(reviewEvidenceCsv(w.db, '01J0000000000000000000000Z'), { code: 'accessReview.notFound' });
});
