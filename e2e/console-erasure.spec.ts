// Erasing a person's personal data from the console (docs/privacy.md), in Chromium against the
// whole local stack: the owner opens a member's page, types the member's email to confirm, and
// the person is gone from the member list and search; the history keeps every event, showing
// "Erased person". The action is offered to owners only, never on their own page, and the typed
// address must match (ignoring case, as the server compares) before the button works; what was
// typed is what the server checks.
import { expect, test } from './support/test';
import { listAudit } from '../lib/audit';
import { getUserMemberships } from '../lib/members';
import { tenantDb } from '../lib/tenancy';
import { createPeopleTenant, openAsOwner, type PeopleTenant } from './support/people-tenant';

let t: PeopleTenant;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  t = await createPeopleTenant();
});

test('an owner erases a member: typed confirmation, gone from the list, history pseudonymised', async ({ page }) => {
  const rita = t.people.rita;
  await openAsOwner(page, t, `/members/${rita.userId}`);
  await expect(page.getByRole('heading', { name: rita.name })).toBeVisible();

  await page.getByRole('button', { name: 'Erase personal data' }).click();
  const dialog = page.getByRole('dialog', { name: `Erase ${rita.name}’s personal data?` });
  await expect(dialog.getByText('This cannot be undone')).toBeVisible();
  const confirm = dialog.getByRole('button', { name: 'Erase personal data' });
  await expect(confirm).toBeDisabled();
  const typed = dialog.getByLabel(`Type “${rita.email}” to confirm`);
  await typed.fill('someone-else@example.test');
  await expect(confirm).toBeDisabled();
  await typed.fill(rita.email.toUpperCase());
  await expect(confirm).toBeEnabled();
  await confirm.click();

  await expect(page).toHaveURL(/\/members$/);
  await expect(page.getByText(/Erased their personal data/)).toBeVisible();
  await page.getByLabel('Search members').fill('rita');
  await expect(page.getByText('Nobody matches “rita”')).toBeVisible();

  const db = await tenantDb(t.tenantId);
  expect((await getUserMemberships(db, rita.userId)).memberships).toHaveLength(0);
  const trail = (await listAudit(db, {}, { limit: 100 })).items;
  expect(JSON.stringify(trail).toLowerCase()).not.toContain(rita.email);
  expect(trail.some((e) => e.action === 'person.erase')).toBe(true);

  // The history page says what happened without naming her.
  await page.goto('/audit');
  await expect(page.getByText(/erased a person’s personal data|erased a person's personal data/).first()).toBeVisible();
  await expect(page.getByText(/removed Erased person from the organization/).first()).toBeVisible();
  await expect(page.getByText(rita.name)).toHaveCount(0);
});

test('the owner is not offered erasure on their own page', async ({ page }) => {
  await openAsOwner(page, t, `/members/${t.owner.userId}`);
  await expect(page.getByRole('heading', { name: t.owner.name })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Erase personal data' })).toHaveCount(0);
});
