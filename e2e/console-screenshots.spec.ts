// The README's screenshots, taken from the running console on the demo data (the seed `npm run
// dev` uses). Skipped unless asked for:
//   ARBOR_SCREENSHOTS=1 npm test -- --only e2e e2e/console-screenshots.spec.ts
// Writes docs/screenshots/*.png (small: 1280×800, and 390×844 for the phone, at 1×; each checked
// under 150 KB).
import { statSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { DEMO_PASSWORD } from '../scripts/local-stack/oidc';
import { seedDemoIfEmpty } from '../scripts/seed/demo';
import { signIn } from './support/sign-in';

const OUT = 'docs/screenshots';
const MAX_BYTES = 150_000;

test.skip(!process.env.ARBOR_SCREENSHOTS, 'set ARBOR_SCREENSHOTS=1 to refresh the README screenshots');
test.use({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  await seedDemoIfEmpty(process.env as Record<string, string>);
});

async function open(page: Page, unit: string, parent: string) {
  const search = page.getByRole('combobox', { name: 'Search units and people' });
  await search.fill(unit);
  await page.getByRole('option', { name: new RegExp(`^${unit}\\s*in ${parent}$`) }).click();
  await expect(page.getByRole('heading', { level: 1, name: unit, exact: true })).toBeVisible();
  await page.mouse.move(0, 0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

async function shoot(page: Page, name: string) {
  // Toasts and the caret are not part of the picture.
  await page.waitForTimeout(300);
  const path = `${OUT}/${name}.png`;
  await page.screenshot({ path, animations: 'disabled', caret: 'hide' });
  expect(statSync(path).size, `${path} is too large for the README`).toBeLessThan(MAX_BYTES);
}

test('unit page with the tree, in light and dark', async ({ page }) => {
  await signIn(page, 'alice@acme.test', DEMO_PASSWORD);
  await open(page, 'Cloud', 'Platform');
  await expect(page.getByRole('heading', { name: 'Who can administer this unit' })).toBeVisible();
  await shoot(page, 'unit-page');

  await page.emulateMedia({ colorScheme: 'dark' });
  await open(page, 'Mobile', 'Product Engineering');
  await page.getByRole('button', { name: 'Move…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Move Mobile' });
  await dialog.getByRole('button', { name: 'Show units in Engineering' }).click();
  await dialog.getByRole('radio', { name: 'Platform' }).check();
  await shoot(page, 'move-dialog-dark');
});

test('the org chart, opened on the viewer’s place', async ({ page }) => {
  await signIn(page, 'alice@acme.test', DEMO_PASSWORD);
  await page.goto('/chart');
  await expect(page.locator('[data-chart-root][data-chart-ready="true"]')).toBeVisible();
  // Unfold one branch so the picture shows stacked teams as well as rows.
  const platform = page.getByRole('treeitem', { name: /^Platform,/ });
  if (await platform.count()) await platform.locator('[data-fold-toggle]').click();
  await page.getByRole('button', { name: 'Fit' }).click();
  await shoot(page, 'org-chart');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('unit page at 390 px, the tree in its closed drawer', async ({ page }) => {
    await signIn(page, 'alice@acme.test', DEMO_PASSWORD);
    // The search lives in the tree's drawer; choosing a hit closes it.
    await page.getByRole('button', { name: 'Open the organization tree' }).click();
    await open(page, 'Cloud', 'Platform');
    await expect(page.getByRole('tree', { name: 'Organization tree' })).toBeHidden();
    await shoot(page, 'unit-page-phone');
  });
});
