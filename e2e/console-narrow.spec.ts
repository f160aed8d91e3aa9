// The console on a phone (390 × 844): every console page and every dialog fits the width (the
// document and every scrolling box inside it: nothing scrolls sideways), each dialog's primary
// button is on screen, the tree is a drawer opened from the header (or by `/`, to search) and
// closed by choosing a unit, and axe stays clean. On a desktop width the tree stays a column and there is no drawer.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { createTreeTenant, type TreeTenant } from './support/console-tree-tenant';
import { expectAxeClean, expectFits } from './support/page-checks';
import { signIn } from './support/sign-in';

let t: TreeTenant;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  t = await createTreeTenant();
});

const PHONE = { width: 390, height: 844 };
const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name, exact: typeof name === 'string' });
const tree = (page: Page) => page.getByRole('tree', { name: 'Organization tree' });
const drawerButton = (page: Page) => page.getByRole('button', { name: /organization tree$/ });

// (Headless UI's dialog element itself has no box: its panel is fixed-positioned inside it.)
async function expectDialogFits(page: Page, dialog: Locator, primary: Locator) {
  await expect(dialog.getByRole('heading')).toBeVisible();
  await expect(primary).toBeInViewport({ ratio: 1 });
  await expectFits(page);
}

test.describe('at 390 × 844', () => {
  test.use({ viewport: PHONE });

  test('every console page fits the width', async ({ page }) => {
    await signIn(page, t.people.owner, t.password);
    const pages: [string, string | RegExp][] = [
      ['/', t.name],
      ['/units', t.name],
      [`/units/${t.units['API squad']}`, 'API squad'],
      ['/members', 'Members'],
      [`/members/${t.userIds.manager}`, t.names.manager],
      ['/audit', 'Audit log'],
      ['/settings', 'Settings'],
      ['/settings/import', 'Settings'],
      ['/settings/sso', 'Settings'],
      ['/settings/domains', 'Settings'],
      ['/settings/roles', 'Settings'],
    ];
    for (const [path, name] of pages) {
      await page.goto(path);
      await expect(heading(page, name)).toBeVisible();
      await expectFits(page);
    }
  });

  test('the tree is a drawer opened from the header or by `/`, and closed by choosing a unit', async ({ page }) => {
    await signIn(page, t.people.owner, t.password);
    await expect(heading(page, t.name)).toBeVisible();
    await expect(tree(page)).toBeHidden();
    // The page has the whole width: the heading is not squeezed beside a tree.
    const box = await heading(page, t.name).boundingBox();
    expect(box!.x).toBeLessThan(40);

    await drawerButton(page).click();
    await expect(drawerButton(page)).toHaveAttribute('aria-expanded', 'true');
    await expect(tree(page)).toBeVisible();
    await expectFits(page);
    await expectAxeClean(page);

    await tree(page).getByRole('treeitem', { name: 'Engineering', exact: true }).getByRole('link').click();
    await expect(heading(page, 'Engineering')).toBeVisible();
    await expect(tree(page)).toBeHidden();
    await expect(drawerButton(page)).toHaveAttribute('aria-expanded', 'false');

    // Escape closes it too, and focus goes back to the page.
    await drawerButton(page).click();
    await expect(tree(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(tree(page)).toBeHidden();

    // `/` searches here as on a desktop: it opens the drawer with the search box focused.
    await page.keyboard.press('/');
    const search = page.getByRole('combobox', { name: 'Search units and people' });
    await expect(search).toBeFocused();
    await expect(search).toHaveValue('');
    await expect(drawerButton(page)).toHaveAttribute('aria-expanded', 'true');
    await search.fill('squad');
    await page.getByRole('option', { name: /API squad\s*in Backend/ }).click();
    await expect(heading(page, 'API squad')).toBeVisible();
    await expect(tree(page)).toBeHidden();
  });

  test('each dialog fits, its primary button on screen', async ({ page }) => {
    await signIn(page, t.people.owner, t.password);
    await page.goto(`/units/${t.units.Engineering}`);
    await expect(heading(page, 'Engineering')).toBeVisible();

    await page.getByRole('button', { name: 'New sub-unit' }).click();
    let dialog = page.getByRole('dialog', { name: 'New unit in Engineering' });
    await dialog.getByLabel('Name').fill('A sub-unit with a name long enough to need more than one line on a phone');
    await expectDialogFits(page, dialog, dialog.getByRole('button', { name: 'Create unit' }));
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Rename is a form in place of the heading.
    await page.getByRole('button', { name: 'Rename unit' }).click();
    await expect(page.getByRole('button', { name: 'Save' })).toBeInViewport({ ratio: 1 });
    await expectFits(page);
    await page.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Move…' }).click();
    dialog = page.getByRole('dialog', { name: 'Move Engineering' });
    await expect(dialog.getByRole('radio', { name: 'Sales' })).toBeVisible();
    await expectDialogFits(page, dialog, dialog.getByRole('button', { name: 'Move here' }));
    await dialog.getByRole('radio', { name: 'Sales' }).check();
    await expect(dialog.getByRole('button', { name: 'Move to Sales' })).toBeInViewport({ ratio: 1 });
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Delete…' }).click();
    dialog = page.getByRole('dialog', { name: 'Delete Engineering?' });
    await expect(dialog.getByTestId('delete-counts')).toBeVisible();
    await expectDialogFits(page, dialog, dialog.getByRole('button', { name: /^Delete \d+ units$/ }));
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    const members = page.getByRole('region', { name: 'Members' });
    await members.getByRole('button', { name: 'Invite' }).click();
    dialog = page.getByRole('dialog', { name: 'Invite to Engineering' });
    await expectDialogFits(page, dialog, dialog.getByRole('button', { name: /^Send invitation/ }));
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await members.getByRole('button', { name: 'Add member' }).click();
    dialog = page.getByRole('dialog', { name: 'Add a member to Engineering' });
    await expectDialogFits(page, dialog, dialog.getByRole('button', { name: 'Add', exact: true }));
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });
});

test.describe('at 1280 × 800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the tree is a column beside the page, with no drawer button', async ({ page }) => {
    await signIn(page, t.people.owner, t.password);
    await expect(heading(page, t.name)).toBeVisible();
    await expect(tree(page)).toBeVisible();
    await expect(drawerButton(page)).toBeHidden();
    await expectFits(page);
  });
});
