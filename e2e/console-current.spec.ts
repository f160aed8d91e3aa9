// The console as a new admin finds it: "who can administer this unit" is current the moment an
// edit is confirmed (a move, a role change, a removal), the tree shows and highlights the unit on
// screen however it was reached (and after a move), a drag-and-drop move asks first, every page
// starts with a skip link, a page the person may not open answers 403, the settings tabs hold
// still between pages, and the audit filter names its actions in words.
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { createTreeTenant, type TreeTenant } from './support/console-tree-tenant';
import { signIn } from './support/sign-in';
import { heading, treeRow as row } from './support/console-locators';
import { holdRefreshes } from './support/hold-refreshes';

let t: TreeTenant;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  t = await createTreeTenant();
});

async function asOwner(page: Page, path?: string) {
  await signIn(page, t.people.owner, t.password);
  if (path) await page.goto(path);
}

const administrators = (page: Page) => page.getByRole('region', { name: 'Who can administer this unit' });
const breadcrumb = (page: Page) => page.getByRole('navigation', { name: 'Breadcrumb' });
const subUnits = (page: Page) => page.getByRole('region', { name: 'Sub-units' });

// "At once": read the moment the edit's confirmation shows, with the page's own refresh held back
// (a list that is right only after the refresh was seconds late, or never when it failed).
const listed = async (page: Page) => administrators(page).innerText();

test('who can administer a unit follows a move at once', async ({ page }) => {
  await asOwner(page, `/units/${t.units.Frontend}`);
  await expect(administrators(page).getByRole('row', { name: new RegExp(t.names.manager) })).toContainText('Manager of Engineering, above this unit');
  const refreshes = await holdRefreshes(page);
  await page.getByRole('button', { name: 'Move…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Move Frontend' });
  await dialog.getByRole('radio', { name: 'Sales' }).check();
  await dialog.getByRole('button', { name: 'Move to Sales' }).click();
  await expect(page.getByText('Moved Frontend to Sales.')).toBeVisible();
  // In the same view, with no reload: Engineering's manager no longer reaches it.
  expect(await listed(page)).not.toContain(t.names.manager);
  expect(await listed(page)).toContain(t.names.owner);
  // The page's own refresh, let through, agrees.
  await refreshes.release();
  await expect(breadcrumb(page).getByRole('listitem')).toHaveText([`${t.name}/`, 'Sales/', 'Frontend']);
  await expect(administrators(page)).not.toContainText(t.names.manager);
});

test('who can administer a unit follows a role change and a removal at once', async ({ page }) => {
  await asOwner(page, `/units/${t.units.Sales}`);
  await expect(administrators(page)).not.toContainText(t.names.member);
  let refreshes = await holdRefreshes(page);
  await page.getByRole('button', { name: new RegExp(`^Role of ${t.names.member} in Sales`) }).click();
  await page.getByRole('option', { name: /^manager/ }).click();
  await expect(page.getByText(`${t.names.member} is now manager of Sales.`)).toBeVisible();
  expect(await listed(page)).toMatch(new RegExp(`${t.names.member}[^]*Manager of this unit`));
  await refreshes.release();

  // One level down, the same person is named as the manager above.
  await subUnits(page).getByRole('link', { name: /^EMEA/ }).click();
  await expect(heading(page, 'EMEA')).toBeVisible();
  await expect(administrators(page).getByRole('row', { name: new RegExp(t.names.member) })).toContainText('Manager of Sales, above this unit');
  await breadcrumb(page).getByRole('link', { name: 'Sales' }).click();
  await expect(heading(page, 'Sales')).toBeVisible();
  await expect(administrators(page)).toContainText(t.names.member);

  refreshes = await holdRefreshes(page);
  await page.getByRole('button', { name: `Remove ${t.names.member} from Sales` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText(`Removed ${t.names.member} from Sales.`)).toBeVisible();
  expect(await listed(page)).not.toContain(t.names.member);
  await refreshes.release();
});

test('the tree selects and reveals the unit on screen however it was opened', async ({ page }) => {
  await asOwner(page);
  await expect(row(page, t.name)).toHaveAttribute('aria-selected', 'true');
  // A sub-unit link on the page.
  await subUnits(page).getByRole('link', { name: /^Engineering/ }).click();
  await expect(heading(page, 'Engineering')).toBeVisible();
  await expect(row(page, 'Engineering')).toHaveAttribute('aria-selected', 'true');
  await subUnits(page).getByRole('link', { name: /^Backend/ }).click();
  await expect(heading(page, 'Backend')).toBeVisible();
  await expect(row(page, 'Backend')).toHaveAttribute('aria-selected', 'true');
  await expect(row(page, 'Engineering')).toHaveAttribute('aria-expanded', 'true');

  // Collapsed by hand, then reached by the breadcrumb: opened again down to it.
  await row(page, 'Engineering').locator('span[aria-hidden="true"]').first().click();
  await expect(row(page, 'Engineering')).toHaveAttribute('aria-expanded', 'false');
  await subUnits(page).getByRole('link', { name: /^API squad/ }).click();
  await expect(heading(page, 'API squad')).toBeVisible();
  await expect(row(page, 'API squad')).toHaveAttribute('aria-selected', 'true');
  await expect(row(page, 'API squad')).toBeInViewport();
  await breadcrumb(page).getByRole('link', { name: 'Engineering' }).click();
  await expect(row(page, 'Engineering')).toHaveAttribute('aria-selected', 'true');

  // Search, for a unit past the first page of a collapsed parent: scrolled into view.
  await page.getByRole('combobox', { name: 'Search units and people' }).fill('Old team 101');
  await page.getByRole('option', { name: /Old team 101/ }).click();
  await expect(heading(page, 'Old team 101')).toBeVisible();
  await expect(row(page, 'Old team 101')).toHaveAttribute('aria-selected', 'true');
  await expect(row(page, 'Old team 101')).toBeInViewport();

  // From a page outside the tree (a person's page) to one of their units.
  await page.goto(`/members/${t.userIds.manager}`);
  await page.getByRole('main').getByRole('link', { name: 'Engineering', exact: true }).first().click();
  await expect(heading(page, 'Engineering')).toBeVisible();
  await expect(row(page, 'Engineering')).toHaveAttribute('aria-selected', 'true');
});

test('a moved unit is revealed in the tree where it went', async ({ page }) => {
  await asOwner(page, `/units/${t.units['Dialog me']}`);
  await expect(row(page, 'Americas')).toHaveCount(0);
  // Revealed from the move's own answer, not by the page's refresh re-rendering the tree.
  await holdRefreshes(page);
  await page.getByRole('button', { name: 'Move…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Move Dialog me' });
  await dialog.getByRole('button', { name: 'Show units in Sales' }).click();
  await dialog.getByRole('radio', { name: 'Americas' }).check();
  await dialog.getByRole('button', { name: 'Move to Americas' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, 'Sales')).toHaveAttribute('aria-expanded', 'true');
  await expect(row(page, 'Americas')).toHaveAttribute('aria-expanded', 'true');
  await expect(row(page, 'Dialog me')).toHaveAttribute('aria-selected', 'true');
  await expect(row(page, 'Dialog me')).toHaveAttribute('aria-level', '4');
  await expect(row(page, 'Dialog me')).toBeInViewport();
});

test('a drag-and-drop move asks first, from where to where, and Cancel keeps the unit in place', async ({ page }) => {
  await asOwner(page, `/units/${t.units['Drop here']}`);
  await row(page, 'Drag me').dragTo(row(page, 'Drop here'));
  const confirm = page.getByRole('dialog', { name: 'Move Drag me?' });
  await expect(confirm).toContainText('From Moves to Drop here');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(row(page, 'Drag me')).toHaveAttribute('aria-level', '3');

  await row(page, 'Drag me').dragTo(row(page, 'Drop here'));
  await confirm.getByRole('button', { name: 'Move to Drop here' }).click();
  await expect(page.getByText('Moved Drag me to Drop here.')).toBeVisible();
  await expect(row(page, 'Drag me')).toHaveAttribute('aria-level', '4');
});

test('every console page starts with a skip link to its main content', async ({ page }) => {
  test.setTimeout(180_000);
  await asOwner(page);
  for (const path of [`/units/${t.units.Sales}`, '/members', '/audit', '/settings', '/settings/webhooks', '/reorganizations', '/developers']) {
    await page.goto(path);
    await expect(page.getByRole('main')).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip, path).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main'), path).toBeFocused();
  }
});

test('the settings tabs stay where they are from one settings page to the next', async ({ page }, info) => {
  await asOwner(page, '/settings');
  const nav = page.getByRole('navigation', { name: 'Settings' });
  const positions: string[] = [];
  for (const name of ['General', 'Single sign-on', 'Domains', 'Import & export', 'Directory sync', 'API keys', 'Webhooks']) {
    await nav.getByRole('link', { name }).click();
    await expect(nav.getByRole('link', { name })).toHaveAttribute('aria-current', 'page');
    const box = (await nav.getByRole('link', { name: 'General' }).boundingBox())!;
    positions.push(`${Math.round(box.x)},${Math.round(box.y)}`);
    await page.screenshot({ path: info.outputPath(`settings-${name.replace(/\W+/g, '-')}.png`) });
  }
  expect(new Set(positions).size, positions.join(' ')).toBe(1);
});

test('a page the person may not open answers 403 with the refusal', async ({ page }) => {
  await signIn(page, t.people.member, t.password);
  const refusals: [string, string, string][] = [
    ['/settings', 'You can’t open this page', "Only owners and admins can see the organization's settings"],
    ['/settings/webhooks', 'You can’t open this page', 'Only owners and admins can manage API keys and webhooks.'],
    ['/audit', 'You can’t open this page', "Only owners and admins can see the organization's history."],
    [`/units/${t.units.Engineering}`, "You can't open this unit", 'You need to belong to this unit or to a unit above it to see it.'],
  ];
  for (const [path, title, why] of refusals) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(403);
    await expect(page.getByText(title), path).toBeVisible();
    await expect(page.getByText(why), path).toBeVisible();
  }
  // What they may open still answers 200.
  expect((await page.goto(`/units/${t.units['Legacy tools']}`))?.status()).toBe(200);
});

test('the audit filter names every action in words, grouped', async ({ page }) => {
  await asOwner(page, '/audit');
  const select = page.getByRole('combobox', { name: 'Action' });
  await expect(select.locator('optgroup[label="Units"] option', { hasText: 'Unit moved' })).toHaveCount(1);
  await expect(select.locator('optgroup[label="Domains"] option', { hasText: 'Domain verified' })).toHaveCount(1);
  await expect(select.locator('option', { hasText: /^[a-z]+\.[A-Za-z]+$/ })).toHaveCount(0);
  await select.selectOption({ label: 'Unit created' });
  await expect(page).toHaveURL(/action=unit\.create/);
  // The newest unit the fixture created; the oldest are pages further back.
  await expect(page.getByRole('main')).toContainText('created Old team 101 under Archive');
});
