// A full access review in Chromium against the whole local stack, in a tenant of its own. The
// owner starts a review of managers from the console (a summary before starting). Max, who manages
// Engineering, reviews Cloud's managers on his phone-sized list: keeps Cy, removes Dee with a
// reason, delegates Eve to Fay (an admin). The reminder goes out when its time has passed (the
// clock woken at that time from here: no sleeping), and reaches only reviewers with items left.
// The owner completes the review now: the default applies, Dee's role is gone (the audit names
// it), and the evidence downloads as CSV and PDF. Axe on each page.
import { readFile } from 'node:fs/promises';
import { ulid } from 'ulid';
import { readReview, runDueReviews, listReviews } from '../lib/access-reviews';
import { addMembership } from '../lib/members';
import { createUnit } from '../lib/org';
import { platformDb, tenantDb } from '../lib/tenancy';
import { OPERATOR_ACTOR } from '../lib/tenants';
import { ensureUser } from '../lib/users';
import { mailTo, waitForMail } from '../test/support/mail';
import { createIdpTenant } from './support/idp-tenant';
import { expectAxeClean, expectFits } from './support/page-checks';
import { signIn } from './support/sign-in';
import { expect, test } from './support/test';

const run = ulid().toLowerCase().slice(-6);
const people = { olga: 'Olga Owner', max: 'Max Manager', fay: 'Fay Admin', cy: 'Cy Cloud', dee: 'Dee Cloud', eve: 'Eve Cloud' };
type Who = keyof typeof people;
let t: { tenantId: string; domain: string; password: string; email: (w: Who) => string };

test.beforeAll(async () => {
  const tenant = await createIdpTenant('Reviews', [
    { local: 'olga', name: people.olga }, ...(['max', 'fay', 'cy', 'dee', 'eve'] as const).map((local) => ({ local, name: people[local] })),
  ]);
  const email = (w: Who) => `${w}@${tenant.domain}`;
  const db = await tenantDb(tenant.tenantId);
  const engineering = await createUnit(db, OPERATOR_ACTOR, { parentId: tenant.rootUnitId, name: 'Engineering' });
  const cloud = await createUnit(db, OPERATOR_ACTOR, { parentId: engineering.id, name: 'Cloud' });
  const add = async (who: Who, unitId: string, role: 'admin' | 'manager') => {
    const user = await ensureUser(platformDb(), email(who), people[who]);
    await addMembership(db, OPERATOR_ACTOR, { unitId, role, userId: user.id, email: email(who), name: people[who] });
  };
  await add('fay', tenant.rootUnitId, 'admin');
  await add('max', engineering.id, 'manager');
  for (const who of ['cy', 'dee', 'eve'] as const) await add(who, cloud.id, 'manager');
  t = { tenantId: tenant.tenantId, domain: tenant.domain, password: tenant.password, email };
});

test('a full review: start, decide, delegate, remind, complete, evidence', async ({ browser }) => {
  test.setTimeout(240_000);
  const name = `Managers ${run}`;

  // The owner starts it from the console.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signIn(owner, t.email('olga'), t.password);
  await owner.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Reviews' }).click();
  await expect(owner.getByRole('heading', { name: 'Access reviews', level: 1 })).toBeVisible();
  await expectAxeClean(owner);
  await owner.getByRole('button', { name: 'Start a review' }).click();
  const dialog = owner.getByRole('dialog', { name: 'Start a review' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Owners').uncheck();
  await dialog.getByLabel('Admins').uncheck();
  await dialog.getByLabel('Days to decide').fill('7');
  await dialog.getByLabel('Reminder, days before the deadline').fill('2');
  await dialog.getByLabel('Removed (access ends)').check();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  const summary = owner.getByRole('dialog', { name: `Start ${name}?` });
  await expect(summary.getByText('Covers: managers.')).toBeVisible();
  await summary.getByRole('button', { name: 'Start the review' }).click();
  await expect(owner.getByRole('heading', { name, level: 1 })).toBeVisible();
  // The toast gone first: axe reads the page, not a message fading out.
  await expect(owner.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await expectAxeClean(owner);
  const db = await tenantDb(t.tenantId);
  const [review] = (await listReviews(db)).items;
  expect(review!.counts.items).toBe(4);

  // Max, on a phone, sees his three items and decides them.
  const maxContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const max = await maxContext.newPage();
  await signIn(max, t.email('max'), t.password);
  await max.goto('/reviews/to-review');
  const list = max.getByRole('list', { name: 'Items to review' });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expectFits(max);
  await expectAxeClean(max);
  await max.getByRole('button', { name: /^Keep: Cy Cloud/ }).click();
  await max.getByRole('dialog').getByRole('button', { name: /^Keep / }).click();
  await expect(max.getByText('Decided.').last()).toBeVisible();
  await max.getByRole('button', { name: /^Remove: Dee Cloud/ }).click();
  const removing = max.getByRole('dialog');
  await expect(removing.getByRole('button', { name: /^Remove / })).toBeDisabled();
  await removing.getByLabel('Reason (required)').fill('Left the Cloud team');
  await removing.getByRole('button', { name: /^Remove / }).click();
  await expect(max.getByText('Decided.').last()).toBeVisible();
  await max.getByRole('button', { name: /^Delegate: Eve Cloud/ }).click();
  const delegating = max.getByRole('dialog');
  // Offered: who can judge it (Fay, an admin; Olga, an owner), never Eve herself nor Max.
  const offered = delegating.getByRole('list', { name: 'People who can judge it' });
  await expect(offered.getByRole('radio', { name: new RegExp(people.fay) })).toBeVisible();
  await expect(offered.getByRole('radio', { name: new RegExp(people.eve) })).toHaveCount(0);
  await expect(offered.getByRole('radio', { name: new RegExp(people.max) })).toHaveCount(0);
  await expectAxeClean(max);
  await offered.getByRole('radio', { name: new RegExp(people.fay) }).check();
  await delegating.getByLabel('Reason (required)').fill('Fay knows Eve\u2019s work');
  await delegating.getByRole('button', { name: 'Delegate' }).click();
  await expect(max.getByText(/Handed over to Fay/)).toBeVisible();
  await expect(max.getByText('Nothing to review')).toBeVisible();

  // The reminder's time passes: Fay (Eve's item) and the owners (Max's own item) are reminded; Max, with nothing left, is not.
  const maxMail = (await mailTo(t.email('max'))).length;
  const remindAt = new Date(Date.parse(review!.remindAt!) + 1000);
  await expect.poll(async () => {
    await runDueReviews(platformDb(), (id) => tenantDb(id), remindAt);
    return Boolean((await readReview(db, review!.reviewId)).remindedAt);
  }, { timeout: 30_000 }).toBe(true);
  const fayMail = await waitForMail(t.email('fay'), 2);
  expect(fayMail.some((m) => /^Reminder: 1 item left/.test(m.subject))).toBe(true);
  expect((await mailTo(t.email('max'))).length).toBe(maxMail);

  // The owner completes it now: Max's own item takes the default (remove), Dee's removal applies.
  await owner.reload();
  await owner.getByRole('button', { name: 'Complete now' }).click();
  const confirm = owner.getByRole('dialog', { name: `Complete ${name} now?` });
  await expect(confirm.getByText(/2 items are undecided and will be removed/)).toBeVisible();
  await confirm.getByRole('button', { name: 'Complete now' }).click();
  await expect(owner.getByText('Review completed.')).toBeVisible();
  await expect(owner.getByText('Completed', { exact: false }).first()).toBeVisible();
  await owner.goto(`/audit`);
  // Dee's removal is the normal role change (the history names people by email; the details by name).
  await expect(owner.getByText(`changed ${t.email('dee')}'s role in Cloud: manager → member`).first()).toBeVisible();

  // The evidence, as CSV and PDF.
  await owner.goto(`/reviews/${review!.reviewId}`);
  const [csv] = await Promise.all([owner.waitForEvent('download'), owner.getByRole('link', { name: 'Export CSV' }).click()]);
  expect(csv.suggestedFilename()).toMatch(new RegExp(`^managers-${run}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  const text = await readFile((await csv.path())!, 'utf8');
  expect(text).toContain('Left the Cloud team');
  expect(text).toContain(t.email('dee'));
  const [pdf] = await Promise.all([owner.waitForEvent('download'), owner.getByRole('link', { name: 'Export PDF' }).click()]);
  expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
  expect((await readFile((await pdf.path())!)).subarray(0, 5).toString()).toBe('%PDF-');
  await expectAxeClean(owner);
  await ownerContext.close();
  await maxContext.close();
});
