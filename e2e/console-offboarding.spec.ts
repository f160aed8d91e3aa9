// Deleting the organization from Settings (docs/offboarding.md), in Chromium against the whole
// local stack: the danger zone is shown to owners only; the button works only once the
// organization's name is typed; scheduling shows the date in Settings and a banner on every
// console page, which owners can cancel from; an admin sees the banner without the button and no
// danger zone. Nothing is deleted here: the deletion itself waits for its grace period (the node
// suite test/offboarding runs the due pass with an injected clock).
import { expect, test } from './support/test';
import { addMembership } from '../lib/members';
import { readScheduledDeletion } from '../lib/offboarding';
import { platformDb, tenantDb } from '../lib/tenancy';
import { OPERATOR_ACTOR } from '../lib/tenants';
import { ensureUser } from '../lib/users';
import { createIdpTenant, type IdpTenant } from './support/idp-tenant';
import { signIn } from './support/sign-in';

let t: IdpTenant;
let adminEmail: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  t = await createIdpTenant('Leaving', [{ local: 'olive', name: 'Olive Owner' }, { local: 'adam', name: 'Adam Admin' }]);
  adminEmail = `adam@${t.domain}`;
  const admin = await ensureUser(platformDb(), adminEmail, 'Adam Admin');
  await addMembership(await tenantDb(t.tenantId), OPERATOR_ACTOR, { unitId: t.rootUnitId, role: 'admin', userId: admin.id, email: adminEmail, name: 'Adam Admin' });
});

test('an owner schedules the deletion with the typed name, sees the date and the banner, and cancels it', async ({ page }) => {
  await signIn(page, `olive@${t.domain}`, t.password);
  await page.goto('/settings');
  const zone = page.getByRole('region', { name: 'Delete organization' });
  await expect(zone).toBeVisible();
  const button = zone.getByRole('button', { name: 'Delete organization' });
  await expect(button).toBeDisabled();
  const typed = zone.getByLabel(`Type ${t.name} to confirm`);
  await typed.fill(`${t.name} (not quite)`);
  await expect(button).toBeDisabled();
  await typed.fill(t.name);
  await button.click();

  await expect(zone.getByText(/will be deleted on/)).toBeVisible();
  const banner = page.getByRole('status', { name: 'Organization deletion' });
  await expect(banner).toContainText('This organization will be deleted on');
  const scheduled = await readScheduledDeletion(await tenantDb(t.tenantId));
  expect(scheduled).toBeTruthy();

  // The banner follows the owner through the console.
  await page.goto('/');
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'Cancel deletion' }).click();
  await expect(banner).toHaveCount(0);
  expect(await readScheduledDeletion(await tenantDb(t.tenantId))).toBeUndefined();

  // The history says both.
  await page.goto('/audit');
  await expect(page.getByText(/scheduled the deletion of the organization/).first()).toBeVisible();
  await expect(page.getByText(/cancelled the deletion of the organization/).first()).toBeVisible();
});

test('an admin gets no danger zone, and sees the banner without a way to cancel', async ({ page, browser }) => {
  // The owner schedules it (in a context of their own).
  const ownerContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  await signIn(ownerPage, `olive@${t.domain}`, t.password);
  await ownerPage.goto('/settings');
  const zone = ownerPage.getByRole('region', { name: 'Delete organization' });
  await zone.getByLabel(`Type ${t.name} to confirm`).fill(t.name);
  await zone.getByRole('button', { name: 'Delete organization' }).click();
  await expect(zone.getByRole('button', { name: 'Cancel deletion' })).toBeVisible();

  await signIn(page, adminEmail, t.password);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Organization', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Delete organization' })).toHaveCount(0);
  const banner = page.getByRole('status', { name: 'Organization deletion' });
  await expect(banner).toContainText('will be deleted on');
  await expect(banner.getByRole('button', { name: 'Cancel deletion' })).toHaveCount(0);

  // Back to normal for whoever runs next.
  await zone.getByRole('button', { name: 'Cancel deletion' }).click();
  await expect(zone.getByRole('button', { name: 'Delete organization' })).toBeVisible();
  await ownerContext.close();
});
