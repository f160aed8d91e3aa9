// Reporting lines on the member page in Chromium against the whole local stack: set a manager
// with the person picker, see the direct report on the manager's page, a loop refused in words
// with nothing changed, clear it; and the panel at phone width.
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { createPeopleTenant, openAsOwner, type PeopleTenant } from './support/people-tenant';

let t: PeopleTenant;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  t = await createPeopleTenant();
});

async function chooseManager(page: Page, name: string) {
  await page.getByRole('button', { name: /^(Set manager|Change)$/ }).click();
  await page.getByRole('combobox').fill(name.split(' ')[0]!);
  await page.getByRole('option', { name: new RegExp(name) }).click();
  await page.getByRole('button', { name: 'Save manager' }).click();
}

test('a manager set on the member page shows the direct report on the manager’s page; a loop is refused in words', async ({ page }) => {
  const { bea, rita } = t.people;
  await openAsOwner(page, t, `/members/${rita.userId}`);
  await expect(page.getByRole('heading', { name: 'Reporting line' })).toBeVisible();
  await expect(page.getByTestId('member-manager')).toHaveText('No manager');
  await chooseManager(page, bea.name);
  await expect(page.getByTestId('member-manager')).toHaveText(bea.name);
  await expect(page.getByRole('link', { name: 'Show in people chart' })).toHaveAttribute('href', `/chart?view=people&focus=${rita.userId}`);

  await expect(page.getByTestId('member-manager').getByRole('link', { name: bea.name })).toHaveAttribute('href', `/members/${bea.userId}`);
  await page.goto(`/members/${bea.userId}`);
  await expect(page.getByTestId('member-reports')).toContainText(rita.name);

  // Rita as Bea's manager would close a loop: refused, said in words, nothing changed.
  await chooseManager(page, rita.name);
  await expect(page.getByText('The manager was not changed')).toBeVisible();
  await expect(page.getByText(/loop of managers/)).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('member-manager')).toHaveText('No manager');

  await page.goto(`/members/${rita.userId}`);
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(page.getByTestId('member-manager')).toHaveText('No manager');
});

test('the reporting line fits a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openAsOwner(page, t, `/members/${t.people.lou.userId}`);
  await expect(page.getByRole('heading', { name: 'Reporting line' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
