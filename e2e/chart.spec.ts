// The org chart in Chromium against the whole local stack: it opens on the viewer's place, pans
// (drag, keys), zooms (wheel, buttons, keys), focuses from its search and from the address,
// folds and unfolds, walks its ARIA tree by keyboard, exports each format, works at 390 px with
// one-finger pan and pinch, is axe clean, and shows a manager only their subtree.
import type { CDPSession, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { createChartTenant, type ChartTenant } from './support/chart-tenant';
import { expectAxeClean, expectFits } from './support/page-checks';
import { signIn } from './support/sign-in';

let t: ChartTenant;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  t = await createChartTenant();
});

const card = (page: Page, name: string) => page.getByRole('treeitem', { name: new RegExp(`^${name},`) });
const canvas = (page: Page) => page.locator('[data-chart-canvas]');
const transformOf = (page: Page) => page.locator('[data-chart-layer]').evaluate((el) => (el as HTMLElement).style.transform);
const zoomOf = async (page: Page) => Number(await canvas(page).getAttribute('data-zoom'));
const focusedLabel = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');

async function openChart(page: Page, email: string, path = '/chart') {
  await signIn(page, email, t.password);
  await page.goto(path);
  await expect(page.locator('[data-chart-root][data-chart-ready="true"]')).toBeVisible();
}

/** How far a card's centre is from the canvas's centre, in screen pixels. */
async function offCentre(page: Page, name: string) {
  const [c, v] = await Promise.all([card(page, name).boundingBox(), canvas(page).boundingBox()]);
  return Math.hypot(c!.x + c!.width / 2 - (v!.x + v!.width / 2), c!.y + c!.height / 2 - (v!.y + v!.height / 2));
}

test('opens centred on the viewer’s place, two levels unfolded, from the header’s Chart link', async ({ page }) => {
  await signIn(page, t.people.owner, t.password);
  await page.getByRole('link', { name: 'Chart', exact: true }).click();
  await expect(page.locator('[data-chart-root][data-chart-ready="true"]')).toBeVisible();
  await expect(card(page, t.name)).toBeVisible();
  await expect.poll(() => offCentre(page, t.name)).toBeLessThan(4);
  for (const name of ['Engineering', 'Sales', 'Backend', 'Platform']) await expect(card(page, name)).toBeVisible();
  await expect(card(page, 'Backend')).toHaveAttribute('aria-expanded', 'false');
  await expect(card(page, 'API squad')).toHaveCount(0);
  expect(await page.evaluate(() => performance.getEntriesByName('chart:first-draw').length)).toBe(1);
});

test('drag pans, the wheel and the buttons zoom, keys pan and zoom', async ({ page }) => {
  await openChart(page, t.people.owner);
  const box = (await canvas(page).boundingBox())!;
  const before = await transformOf(page);
  await page.mouse.move(box.x + 20, box.y + 20);
  await page.mouse.down();
  await page.mouse.move(box.x + 140, box.y + 90, { steps: 5 });
  await page.mouse.up();
  await expect.poll(() => transformOf(page)).not.toBe(before);

  const k0 = await zoomOf(page);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, 300);
  await expect.poll(() => zoomOf(page)).toBeLessThan(k0);
  const k1 = await zoomOf(page);
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect.poll(() => zoomOf(page)).toBeGreaterThan(k1);
  const k2 = await zoomOf(page);
  await page.getByRole('button', { name: 'Zoom out' }).click();
  await expect.poll(() => zoomOf(page)).toBeLessThan(k2);

  await canvas(page).focus();
  const t0 = await transformOf(page);
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => transformOf(page)).not.toBe(t0);
  const k3 = await zoomOf(page);
  await page.keyboard.press('+');
  await expect.poll(() => zoomOf(page)).toBeGreaterThan(k3);
  // 0 fits the whole chart: every unfolded card is on screen.
  await page.keyboard.press('0');
  await expect(card(page, 'Operations')).toBeInViewport();
  await expect(card(page, 'Engineering')).toBeInViewport();
});

test('search focuses a card: unfolded, centred, highlighted, in the address', async ({ page }) => {
  await openChart(page, t.people.owner);
  const search = page.getByRole('combobox', { name: 'Find a unit in the chart' });
  await search.fill('data');
  await page.getByRole('option', { name: 'Data squad' }).click();
  await expect(card(page, 'Data squad')).toHaveAttribute('data-highlighted', 'true');
  await expect(card(page, 'Backend')).toHaveAttribute('aria-expanded', 'true');
  await expect.poll(() => offCentre(page, 'Data squad')).toBeLessThan(4);
  await expect(card(page, 'Data squad')).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`focus=${t.units['Data squad']}`));

  // The same from the address, and from the unit page's link.
  await page.goto(`/units/${t.units.Nordics}`);
  await page.getByRole('link', { name: 'Show in chart' }).click();
  await expect(page).toHaveURL(new RegExp(`/chart\\?focus=${t.units.Nordics}`));
  await expect(card(page, 'Nordics')).toHaveAttribute('data-highlighted', 'true');
  await expect.poll(() => offCentre(page, 'Nordics')).toBeLessThan(4);
});

test('folds and unfolds with the toggle and the keyboard', async ({ page }) => {
  await openChart(page, t.people.owner);
  await card(page, 'Platform').locator('[data-fold-toggle]').click();
  await expect(card(page, 'Platform')).toHaveAttribute('aria-expanded', 'true');
  for (const name of ['Build', 'Security']) await expect(card(page, name)).toBeVisible();
  // Childless siblings are stacked in one column.
  const [a, b] = await Promise.all([card(page, 'Build').boundingBox(), card(page, 'Security').boundingBox()]);
  expect(Math.abs(a!.x - b!.x)).toBeLessThan(1);

  await card(page, 'Engineering').click();
  await page.keyboard.press(' ');
  await expect(card(page, 'Engineering')).toHaveAttribute('aria-expanded', 'false');
  await expect(card(page, 'Backend')).toHaveCount(0);
  await page.keyboard.press(' ');
  await expect(card(page, 'Backend')).toBeVisible();
});

test('the cards are an ARIA tree walked by arrow keys; Enter opens the unit', async ({ page }) => {
  await openChart(page, t.people.owner);
  const root = card(page, t.name);
  await expect(root).toHaveAttribute('tabindex', '0');
  await expect(root).toHaveAttribute('aria-level', '1');
  await root.focus();
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => focusedLabel(page)).toMatch(/^Engineering,/);
  await expect(card(page, 'Engineering')).toHaveAttribute('aria-level', '2');
  await expect(card(page, 'Engineering')).toHaveAttribute('aria-posinset', '1');
  await expect(card(page, 'Engineering')).toHaveAttribute('aria-setsize', '3');
  await expect(root).toHaveAttribute('tabindex', '-1');
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => focusedLabel(page)).toMatch(/^Sales,/);
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => focusedLabel(page)).toMatch(/^EMEA,/);
  // Down on a folded card unfolds it.
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => focusedLabel(page)).toMatch(/^Nordics,/);
  await expect(card(page, 'Nordics')).toBeInViewport();
  await page.keyboard.press('ArrowUp');
  await expect.poll(() => focusedLabel(page)).toMatch(/^EMEA,/);
  await page.keyboard.press('Home');
  await expect.poll(() => focusedLabel(page)).toMatch(new RegExp(`^${t.name},`));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/units/${t.rootUnitId}$`));
});

test('exports SVG, PNG and PDF (A4 and Letter) of what is on screen', async ({ page }) => {
  await openChart(page, t.people.owner);
  const magic: [string, (b: Buffer) => boolean][] = [
    ['SVG', (b) => b.toString('utf8').includes('<svg')],
    ['PNG', (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))],
    ['PDF (A4)', (b) => b.subarray(0, 5).toString() === '%PDF-'],
    ['PDF (Letter)', (b) => b.subarray(0, 5).toString() === '%PDF-'],
  ];
  for (const [label, check] of magic) {
    await page.getByText('Export', { exact: true }).click();
    const link = page.getByRole('link', { name: label, exact: true });
    expect(await link.getAttribute('href')).toContain(`collapsed=`);
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const path = await download.path();
    const bytes = (await import('node:fs')).readFileSync(path!);
    expect(check(bytes), `${label} file`).toBe(true);
    expect(download.suggestedFilename()).toMatch(/-org-chart-\d{4}-\d{2}-\d{2}\.(svg|png|pdf)$/);
  }
});

test('axe finds nothing serious on the unit chart and the people chart', async ({ page }) => {
  await openChart(page, t.people.owner);
  await expectAxeClean(page);
  await page.getByRole('link', { name: 'People', exact: true }).click();
  await expect(page).toHaveURL(/view=people/);
  await expect(page.locator('[data-chart-view="people"]')).toBeVisible();
  await expectAxeClean(page);
});

test('a manager sees only their subtree', async ({ page }) => {
  await openChart(page, t.people.manager);
  await expect(card(page, 'Engineering')).toBeVisible();
  await expect(card(page, 'Engineering')).toHaveAttribute('aria-level', '1');
  await expect(page.getByRole('treeitem', { name: /^Sales,|^Operations,/ })).toHaveCount(0);
  await expect(page.getByRole('treeitem', { name: new RegExp(`^${t.name},`) })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Find a unit in the chart' }).fill('sales');
  await expect(page.getByRole('option', { name: 'No match in this chart' })).toBeVisible();
  const refused = await page.goto(`/chart?root=${t.units.Sales}`);
  expect(refused?.status()).toBe(403);
  await expect(page.getByRole('treeitem')).toHaveCount(0);
});

test.describe('at 390 × 844 with touch', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  async function touch(cdp: CDPSession, type: 'touchStart' | 'touchMove' | 'touchEnd', points: { x: number; y: number }[]) {
    await cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map((p, id) => ({ ...p, id })) });
  }

  test('full width, controls reachable, one finger pans, two fingers pinch', async ({ page }) => {
    await openChart(page, t.people.owner);
    await expectFits(page);
    const box = (await canvas(page).boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(389);
    for (const name of ['Zoom in', 'Zoom out', 'Search']) await expect(page.getByRole('button', { name })).toBeInViewport();
    await expect(page.getByText('Export', { exact: true })).toBeInViewport();

    const cdp = await page.context().newCDPSession(page);
    const cx = box.x + box.width / 2, cy = box.y + box.height / 2;
    const before = await transformOf(page);
    await touch(cdp, 'touchStart', [{ x: cx, y: cy }]);
    for (let i = 1; i <= 5; i++) await touch(cdp, 'touchMove', [{ x: cx + i * 15, y: cy + i * 10 }]);
    await touch(cdp, 'touchEnd', []);
    await expect.poll(() => transformOf(page)).not.toBe(before);

    const k0 = await zoomOf(page);
    await touch(cdp, 'touchStart', [{ x: cx - 20, y: cy }, { x: cx + 20, y: cy }]);
    for (let i = 1; i <= 5; i++) await touch(cdp, 'touchMove', [{ x: cx - 20 - i * 15, y: cy }, { x: cx + 20 + i * 15, y: cy }]);
    await touch(cdp, 'touchEnd', []);
    await expect.poll(() => zoomOf(page)).toBeGreaterThan(k0 * 1.5);

    // Search opens from its button, as the console's drawers do, and focuses a card.
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('combobox', { name: 'Find a unit in the chart' }).fill('oper');
    await page.getByRole('option', { name: 'Operations' }).click();
    await expect(card(page, 'Operations')).toHaveAttribute('data-highlighted', 'true');
    await expect(card(page, 'Operations')).toBeInViewport();
  });
});
