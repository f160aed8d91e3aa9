// The people list and the audit log as an admin uses them, in Chromium against the whole
// local stack: units and roles on each row, the role filter, the joined order, a bulk role change
// and a bulk removal; the audit log filtered by actor and date, the exact time on hover, and the
// CSV export of the filtered view.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { renameUnit } from '../lib/org';
import { tenantDb } from '../lib/tenancy';
import { createPeopleTenant, openAsOwner, type PeopleTenant } from './support/people-tenant';

let t: PeopleTenant;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  t = await createPeopleTenant();
});

const asOwner = (page: Page, path: string) => openAsOwner(page, t, path);

const bodyRows = (page: Page) => page.locator('tbody tr');
const row = (page: Page, name: string) => bodyRows(page).filter({ hasText: name });

// Not yet passing on a clean run (the filter controls are not found by label in CI); the
// behaviour is covered by test/members/people.test.ts and test/audit until they are fixed.
test('the people list shows units and roles, filters by role, sorts by joined, and changes and removes people in bulk', async ({ page }) => {
  await asOwner(page, '/members?q=rita');
  await expect(row(page, 'Rita Remove')).toContainText('member of Design');
  await expect(row(page, 'Rita Remove')).toContainText('member of Sales');
  await page.goto('/members');

  // A choice made before the page has hydrated is reset by React; choose until the address follows.
  await expect(async () => {
    await page.getByRole('combobox', { name: 'Role', exact: true }).selectOption('manager');
    await expect(page).toHaveURL(/role=manager/, { timeout: 1_000 });
  }).toPass();
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first()).toContainText(`Zed Zimmer`);
  await expect(bodyRows(page).first()).toContainText(`manager of ${t.awkwardName}`);
  await page.getByRole('combobox', { name: 'Role', exact: true }).selectOption('');

  await page.getByLabel('Sort by').selectOption('joined');
  await expect(page).toHaveURL(/sort=joined/);
  await expect(bodyRows(page).first()).toContainText(t.owner.name);
  await expect(bodyRows(page).nth(1)).toContainText('Bea Brown');

  // Narrowed to Design: select both of its members and make them managers there.
  await page.goto(`/members?unit=${t.units.Design}`);
  await expect(bodyRows(page)).toHaveCount(2);
  await page.getByLabel('Select everyone shown').check();
  await page.getByRole('region', { name: 'Bulk actions' }).getByRole('button', { name: 'Change role…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change the role of 2 people' });
  await dialog.getByLabel('New role').selectOption('manager');
  await dialog.getByRole('button', { name: 'Change role' }).click();
  await expect(page.getByText('Changed 2 people.')).toBeVisible();
  await expect(row(page, 'Bea Brown')).toContainText('manager of Design');
  await expect(row(page, 'Rita Remove')).toContainText('manager of Design');

  await page.getByLabel('Select Bea Brown').check();
  await page.getByRole('region', { name: 'Bulk actions' }).getByRole('button', { name: 'Remove…' }).click();
  const remove = page.getByRole('dialog', { name: 'Remove Bea Brown' });
  await expect(remove.getByLabel('One unit')).toBeChecked();
  await remove.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Removed Bea Brown.')).toBeVisible();
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first()).toContainText('Rita Remove');
});

test('the audit log filtered by actor and date, the exact time on hover, and the CSV of that view', async ({ page }) => {
  const db = await tenantDb(t.tenantId);
  const owner = { userId: t.owner.userId, email: t.owner.email, name: t.owner.name };
  const sales = await import('../lib/org').then((m) => m.getUnitOrThrow(db, t.units.Sales));
  await renameUnit(db, owner, { unitId: sales.id, name: 'Sales EMEA', expectedVersion: sales.version });

  await asOwner(page, '/audit');
  await page.getByRole('combobox', { name: 'Actor' }).fill('Olive');
  await page.getByRole('option', { name: t.owner.name }).click();
  await expect(page).toHaveURL(/actor=/);
  const lines = page.getByRole('region', { name: 'History' }).getByRole('listitem');
  await expect(lines.first()).toContainText('renamed Sales → Sales EMEA');
  await expect(lines.filter({ hasText: 'The operator' })).toHaveCount(0);

  const today = new Date().toISOString().slice(0, 10);
  await page.getByLabel('From (UTC day)').fill(today);
  await page.getByLabel('To (UTC day)').fill(today);
  await page.getByRole('button', { name: 'Apply dates' }).click();
  await expect(page).toHaveURL(new RegExp(`from=${today}`));
  await expect(lines.first()).toContainText('renamed Sales → Sales EMEA');

  const time = lines.first().locator('time');
  await expect(time).toHaveAttribute('title', /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/);
  await time.hover();

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
  const csv = (await readFile(await download.path())).toString('utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
  expect(csv[0]).toBe('at,actor_email,actor_name,action,summary,unit_id,unit_name,target_type,target_id');
  expect(csv.length).toBeGreaterThan(1);
  for (const line of csv.slice(1)) expect(line).toContain(`,${t.owner.email},`);
  expect(csv.some((line) => line.includes('renamed Sales → Sales EMEA'))).toBe(true);
});
