// The tree console in Chromium against the whole local stack: browsing and deep links, keyboard
// navigation, create / rename / move (dialog and drag) / delete, a large move as a job, the
// two-browser rename conflict, a manager's limits, search (any word of a name, `/` from the tree,
// the move dialog's search box), and axe on the tree and unit page.
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { createTreeTenant, type TreeTenant } from './support/console-tree-tenant';
import { signIn } from './support/sign-in';
import { heading, tree, treeRow as row } from './support/console-locators';

let t: TreeTenant;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  t = await createTreeTenant();
});


async function asOwner(page: Page, path?: string) {
  await signIn(page, t.people.owner, t.password);
  if (path) await page.goto(path);
}

async function newSession(browser: Browser, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email, t.password);
  return { context, page };
}

test('the owner lands on the top unit; a deep link opens with its ancestors expanded and a breadcrumb', async ({ page }) => {
  await asOwner(page);
  await expect(page).toHaveURL(new RegExp(`/units/${t.rootUnitId}$`));
  await expect(heading(page, t.name)).toBeVisible();
  await expect(row(page, t.name)).toHaveAttribute('aria-expanded', 'true');
  await expect(row(page, 'Engineering')).toHaveAttribute('aria-expanded', 'false');

  await page.goto(`/units/${t.units['API squad']}`);
  await expect(heading(page, 'API squad')).toBeVisible();
  for (const name of ['Engineering', 'Backend']) await expect(row(page, name)).toHaveAttribute('aria-expanded', 'true');
  await expect(row(page, 'API squad')).toHaveAttribute('aria-selected', 'true');
  await expect(row(page, 'API squad')).toHaveAttribute('aria-level', '4');
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.getByRole('listitem')).toHaveText([`${t.name}/`, 'Engineering/', 'Backend/', 'API squad']);

  await crumbs.getByRole('link', { name: 'Engineering' }).click();
  await expect(heading(page, 'Engineering')).toBeVisible();
  await expect(row(page, 'Engineering')).toHaveAttribute('aria-selected', 'true');
  // Sub-units on the page link to their own pages.
  await page.getByRole('region', { name: 'Sub-units' }).getByRole('link', { name: /^Frontend/ }).click();
  await expect(heading(page, 'Frontend')).toBeVisible();

  // A unit past the first page of its parent's sub-units is shown anyway (after "Load more").
  await page.goto(`/units/${t.units['Old team 101']}`);
  await expect(row(page, 'Old team 101')).toHaveAttribute('aria-selected', 'true');
  await expect(row(page, 'Old team 101')).toHaveAttribute('aria-posinset', '101');
  await expect(row(page, 'Old team 100')).toBeVisible();
  await expect(row(page, 'Old team 101')).toHaveCount(1);
});

test('the tree follows the WAI-ARIA keyboard pattern', async ({ page }) => {
  await asOwner(page);
  const treeEl = tree(page);
  const active = async () => {
    const id = await treeEl.getAttribute('aria-activedescendant');
    return id ? page.locator(`[id="${id}"]`).getAttribute('aria-label') : undefined;
  };
  await treeEl.focus();
  await page.keyboard.press('Home');
  expect(await active()).toBe(t.name);
  await page.keyboard.press('ArrowDown');
  await expect.poll(active).toBe('Archive');
  await page.keyboard.press('End');
  await expect.poll(active).toBe('Sales');
  // Type-ahead: the next unit whose name starts with what was typed.
  await page.keyboard.press('Home');
  await page.keyboard.type('eng');
  await expect.poll(active).toBe('Engineering');
  await page.keyboard.press('ArrowRight');
  await expect(row(page, 'Engineering')).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('ArrowRight');
  await expect.poll(active).toBe('Backend');
  await page.keyboard.press('ArrowLeft');
  await expect.poll(active).toBe('Engineering');
  await page.keyboard.press('ArrowLeft');
  await expect(row(page, 'Engineering')).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('ArrowLeft');
  await expect.poll(active).toBe(t.name);
  // `*` expands every sibling of the active unit (Archive's hundred sub-units push the rest
  // below the fold: End proves Sales, the last sibling, is open too).
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('*');
  await expect(row(page, 'Archive')).toHaveAttribute('aria-expanded', 'true');
  await expect(row(page, 'Old team 001')).toHaveAttribute('aria-setsize', '101');
  // Virtualized: well over a hundred rows, a viewport's worth in the page.
  expect(await treeEl.getByRole('treeitem').count()).toBeLessThan(70);
  // Sales's sub-units load after its row opens: End lands on the last row there is, so it is
  // pressed again until that row is Sales's last sub-unit.
  await expect
    .poll(async () => {
      await page.keyboard.press('End');
      return active();
    })
    .toBe('EMEA');
  await page.keyboard.press('Enter');
  await expect(heading(page, 'EMEA')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/units/${t.units.EMEA}$`));
});

test('create a sub-unit, with the server refusing a taken name', async ({ page }) => {
  await asOwner(page, `/units/${t.units.Operations}`);
  await page.getByRole('button', { name: 'New sub-unit' }).click();
  const dialog = page.getByRole('dialog', { name: 'New unit in Operations' });
  await dialog.getByLabel('Name').fill('facilities');
  await dialog.getByRole('button', { name: 'Create unit' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('There is already a unit named "facilities" here. Choose another name.');
  await dialog.getByLabel('Name').fill('Security');
  await dialog.getByRole('button', { name: 'Create unit' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('region', { name: 'Sub-units' }).getByRole('link', { name: /^Security/ })).toBeVisible();
  await expect(row(page, 'Security')).toBeVisible();
  await expect(row(page, 'Operations')).toHaveAttribute('aria-expanded', 'true');
});

test('rename in place: Enter saves, Escape cancels', async ({ page }) => {
  await asOwner(page, `/units/${t.units['Rename me']}`);
  await page.getByRole('button', { name: 'Rename unit' }).click();
  await page.getByLabel('Unit name').fill('Not saved');
  await page.getByLabel('Unit name').press('Escape');
  await expect(heading(page, 'Rename me')).toBeVisible();

  await page.getByRole('button', { name: 'Rename unit' }).click();
  await page.getByLabel('Unit name').fill('Renamed');
  await page.getByLabel('Unit name').press('Enter');
  await expect(heading(page, 'Renamed')).toBeVisible();
  await expect(row(page, 'Renamed')).toBeVisible();
  await page.reload();
  await expect(heading(page, 'Renamed')).toBeVisible();
});

test('two people rename the same unit: the second sees the conflict and chooses', async ({ browser }) => {
  const a = await newSession(browser, t.people.owner);
  const b = await newSession(browser, t.people.owner);
  const url = `/units/${t.units['Conflict target']}`;
  await Promise.all([a.page.goto(url), b.page.goto(url)]);
  await expect(heading(b.page, 'Conflict target')).toBeVisible();

  for (const { page, name } of [{ page: a.page, name: 'Alpha' }, { page: b.page, name: 'Beta' }]) {
    await page.getByRole('button', { name: 'Rename unit' }).click();
    await page.getByLabel('Unit name').fill(name);
  }
  await a.page.getByLabel('Unit name').press('Enter');
  await expect(heading(a.page, 'Alpha')).toBeVisible();

  await b.page.getByLabel('Unit name').press('Enter');
  const dialog = b.page.getByRole('dialog', { name: 'Someone else renamed this unit' });
  await expect(dialog.getByTestId('conflict-current')).toHaveText('Alpha');
  await dialog.getByRole('button', { name: 'Apply “Beta”' }).click();
  await expect(heading(b.page, 'Beta')).toBeVisible();

  // A, now behind, discards its next change in favour of B's.
  await a.page.getByRole('button', { name: 'Rename unit' }).click();
  await a.page.getByLabel('Unit name').fill('Gamma');
  await a.page.getByLabel('Unit name').press('Enter');
  const other = a.page.getByRole('dialog', { name: 'Someone else renamed this unit' });
  await other.getByRole('button', { name: 'Keep “Beta”' }).click();
  await expect(heading(a.page, 'Beta')).toBeVisible();
  await expect(row(a.page, 'Beta')).toBeVisible();
  await Promise.all([a.context.close(), b.context.close()]);
});

test('deleting a unit someone renamed meanwhile asks to check it again first', async ({ browser }) => {
  const a = await newSession(browser, t.people.owner);
  const b = await newSession(browser, t.people.owner);
  const url = `/units/${t.units['Stale delete']}`;
  await Promise.all([a.page.goto(url), b.page.goto(url)]);
  await expect(heading(b.page, 'Stale delete')).toBeVisible();
  await a.page.getByRole('button', { name: 'Rename unit' }).click();
  await a.page.getByLabel('Unit name').fill('Fresh name');
  await a.page.getByLabel('Unit name').press('Enter');
  await expect(heading(a.page, 'Fresh name')).toBeVisible();

  await b.page.getByRole('button', { name: 'Delete…' }).click();
  // The dialog's title follows the unit as the page learns its new name.
  const dialog = b.page.getByRole('dialog');
  await expect(dialog).toHaveAccessibleName('Delete Stale delete?');
  await dialog.getByRole('button', { name: 'Delete unit' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Stale delete was renamed to Fresh name by someone else meanwhile. Check it as it is now, then try again.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(heading(b.page, 'Fresh name')).toBeVisible();
  await b.page.getByRole('button', { name: 'Delete…' }).click();
  await b.page.getByRole('dialog', { name: 'Delete Fresh name?' }).getByRole('button', { name: 'Delete unit' }).click();
  await expect(b.page).toHaveURL(new RegExp(`/units/${t.units.Renames}$`));
  await Promise.all([a.context.close(), b.context.close()]);
});

test('move with the picker, which offers only allowed places', async ({ page }) => {
  await asOwner(page, `/units/${t.units['Dialog me']}`);
  await page.getByRole('button', { name: 'Move…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Move Dialog me' });
  await dialog.getByRole('button', { name: 'Show units in Moves' }).click();
  await expect(dialog.getByRole('radio', { name: /^Dialog me/ })).toBeDisabled();
  await expect(dialog.getByRole('radio', { name: /^Moves/ })).toBeDisabled();
  await dialog.getByRole('radio', { name: 'Dialog target' }).check();
  await dialog.getByRole('button', { name: 'Move to Dialog target' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem')).toHaveText([`${t.name}/`, 'Moves/', 'Dialog target/', 'Dialog me']);
  await expect(row(page, 'Dialog target')).toHaveAttribute('aria-expanded', 'true');
  await expect(row(page, 'Dialog me')).toHaveAttribute('aria-level', '4');
});

test('move by dragging in the tree; a refused drop says why', async ({ page }) => {
  await asOwner(page, `/units/${t.units['Drop here']}`);
  await row(page, 'Drag me').dragTo(row(page, 'Drop here'));
  await page.getByRole('dialog', { name: 'Move Drag me?' }).getByRole('button', { name: 'Move to Drop here' }).click();
  await expect(page.getByText('Moved Drag me to Drop here.')).toBeVisible();
  await expect(row(page, 'Drop here')).toHaveAttribute('aria-expanded', 'true');
  await expect(row(page, 'Drag me')).toHaveAttribute('aria-level', '4');
  await expect(page.getByRole('region', { name: 'Sub-units' }).getByRole('link', { name: /^Drag me/ })).toBeVisible();

  // Into its own sub-unit: refused before any request, with the reason, and nothing to confirm.
  await row(page, 'Moves').dragTo(row(page, 'Drop here'));
  await expect(page.getByText("A unit can't be moved into itself or into one of its own sub-units.").first()).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(row(page, 'Moves')).toHaveAttribute('aria-level', '2');
});

test('a large move runs as a job with progress until the tree shows the result', async ({ page }) => {
  await asOwner(page, `/units/${t.units.Archive}`);
  await page.getByRole('button', { name: 'Move…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Move Archive' });
  await dialog.getByRole('radio', { name: 'Legacy' }).check();
  await dialog.getByRole('button', { name: 'Move to Legacy' }).click();
  await expect(page.getByRole('progressbar', { name: 'Moving Archive to Legacy' })).toBeVisible();
  await expect(page.getByText('Moving Archive to Legacy: done.')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem')).toHaveText([`${t.name}/`, 'Legacy/', 'Archive']);
  await expect(row(page, 'Archive')).toHaveAttribute('aria-level', '3');
});

test('delete shows how many units and memberships go with it', async ({ page }) => {
  await asOwner(page, `/units/${t.units.Operations}`);
  await page.getByRole('region', { name: 'Sub-units' }).getByRole('link', { name: /^Facilities/ }).click();
  await expect(heading(page, 'Facilities')).toBeVisible();
  await page.getByRole('button', { name: 'Delete…' }).click();
  let dialog = page.getByRole('dialog', { name: 'Delete Facilities?' });
  await expect(dialog).toContainText('has no sub-units and no members');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.goto(`/units/${t.units.Sales}`);
  await expect(heading(page, 'Sales')).toBeVisible();
  await page.getByRole('button', { name: 'Delete…' }).click();
  dialog = page.getByRole('dialog', { name: 'Delete Sales?' });
  await expect(dialog.getByTestId('delete-counts')).toContainText('with 2 sub-units and 1 membership');
  // Deleting a membership is large: the unit's name must be typed first.
  const deleteAll = dialog.getByRole('button', { name: 'Delete 3 units' });
  await expect(deleteAll).toBeDisabled();
  await dialog.getByLabel('Type “Sales” to confirm').fill('Sale');
  await expect(deleteAll).toBeDisabled();
  await dialog.getByLabel('Type “Sales” to confirm').fill('Sales');
  await deleteAll.click();
  await expect(page).toHaveURL(new RegExp(`/units/${t.rootUnitId}$`));
  await expect(page.getByText('Deleted Sales: 3 units and 1 membership.')).toBeVisible();
  await expect(row(page, 'Sales')).toHaveCount(0);
});

test('a manager sees edit actions only inside their subtree', async ({ page }) => {
  await signIn(page, t.people.manager, t.password);
  // Mia can't read the top unit: she lands on the unit she manages.
  await expect(page).toHaveURL(new RegExp(`/units/${t.units.Engineering}$`));
  await expect(tree(page).getByRole('treeitem').first()).toHaveAccessibleName('Engineering');
  await expect(row(page, t.name)).toHaveCount(0);
  // Engineering itself belongs to the level above: no rename, move or delete; she may add inside.
  await expect(page.getByRole('button', { name: 'New sub-unit' })).toBeVisible();
  for (const name of ['Rename unit', 'Move…', 'Delete…']) await expect(page.getByRole('button', { name })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Who can administer this unit' })).toContainText('Manager of this unit');

  await page.goto(`/units/${t.units.Backend}`);
  for (const name of ['Rename unit', 'Move…', 'Delete…', 'New sub-unit']) await expect(page.getByRole('button', { name })).toBeVisible();
  // Breadcrumb names the top unit but doesn't link it.
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.getByRole('link', { name: t.name })).toHaveCount(0);
  await expect(crumbs.getByRole('link', { name: 'Engineering' })).toBeVisible();

  await page.goto(`/units/${t.units.Operations}`);
  await expect(page.getByText("You can't open this unit")).toBeVisible();
  await expect(page.getByRole('button', { name: 'New sub-unit' })).toHaveCount(0);

  // The plain member: nothing to edit.
  await page.context().clearCookies();
  await signIn(page, t.people.member, t.password);
  await page.goto(`/units/${t.units['Legacy tools']}`);
  await expect(heading(page, 'Legacy tools')).toBeVisible();
  for (const name of ['Rename unit', 'Move…', 'Delete…', 'New sub-unit']) await expect(page.getByRole('button', { name })).toHaveCount(0);
});

test('search finds units by name and people by email prefix', async ({ page }) => {
  await asOwner(page);
  const box = page.getByRole('combobox', { name: 'Search units and people' });
  await box.fill('api');
  await page.getByRole('option', { name: /API squad\s*in Backend/ }).click();
  await expect(heading(page, 'API squad')).toBeVisible();
  await expect(row(page, 'API squad')).toHaveAttribute('aria-selected', 'true');

  await heading(page, 'API squad').click();
  await page.keyboard.press('/');
  await expect(box).toBeFocused();
  await box.fill('mia@');
  await expect(page.getByRole('option', { name: /Mia Manager/ })).toBeVisible();
  await box.press('ArrowDown');
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/members/${t.userIds.manager}$`));
});

test('search matches the start of any word of a name; `/` opens it from the tree', async ({ page }) => {
  await asOwner(page, `/units/${t.units.Sales}`);
  const box = page.getByRole('combobox', { name: 'Search units and people' });
  await box.fill('squad');
  await expect(page.getByRole('option', { name: /API squad\s*in Backend/ })).toBeVisible();
  await page.getByRole('option', { name: /Data squad\s*in Backend/ }).click();
  await expect(heading(page, 'Data squad')).toBeVisible();
  await box.fill('manager');
  await expect(page.getByRole('option', { name: /Mia Manager/ })).toBeVisible();
  await box.press('Escape');

  // The tree's type-ahead leaves `/` to the search.
  await tree(page).focus();
  await expect(tree(page)).toBeFocused();
  await page.keyboard.press('/');
  await expect(box).toBeFocused();
  await expect(box).toHaveValue('');
});

test("the move dialog's search finds a destination deep in the tree and moves there", async ({ page }) => {
  await asOwner(page, `/units/${t.units.Facilities}`);
  await page.getByRole('button', { name: 'Move…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Move Facilities' });
  const box = dialog.getByRole('searchbox', { name: 'Search for a unit to move into' });
  await box.fill('facil');
  await expect(dialog.getByText('No unit Facilities can move into matches “facil”.')).toBeVisible();
  await box.fill('squad');
  await expect(dialog.getByRole('radio', { name: /API squad/ })).toBeVisible();
  await dialog.getByRole('radio', { name: /Data squad/ }).check();
  await dialog.getByRole('button', { name: 'Move to Data squad' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem')).toHaveText([
    `${t.name}/`, 'Engineering/', 'Backend/', 'Data squad/', 'Facilities',
  ]);
});

test('the tree and unit page have no serious accessibility violations', async ({ page }) => {
  await asOwner(page, `/units/${t.units.Backend}`);
  await expect(heading(page, 'Backend')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Who can administer this unit' })).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
});
