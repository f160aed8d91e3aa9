// Never stale: after an edit, everything on screen shows it at once — the tree, the title, the
// breadcrumb, counts, sub-units, the tab title, the members text and History — without waiting
// for the page's refresh (the tests hold every refresh back to prove it); the organization and
// its top unit carry one name, the header's included; a deleted unit's page is gone, Back
// included; Back to a page of the organization the person switched away from says where it is
// and switches back.
import type { Page } from '@playwright/test';
import { addMembership } from '../lib/members';
import { deleteUnit, getUnitOrThrow } from '../lib/org';
import { platformDb, tenantDb } from '../lib/tenancy';
import { OPERATOR_ACTOR } from '../lib/tenants';
import { ensureUser } from '../lib/users';
import { expect, test } from './support/test';
import { createTreeTenant, type TreeTenant } from './support/console-tree-tenant';
import { activeTenant, signIn } from './support/sign-in';
import { heading, treeRow as row } from './support/console-locators';
import { holdRefreshes } from './support/hold-refreshes';

let t: TreeTenant;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  t = await createTreeTenant();
});

const crumbs = (page: Page) => page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem');
const subUnits = (page: Page) => page.getByRole('region', { name: 'Sub-units' }).getByRole('link');
const history = (page: Page) => page.getByRole('region', { name: 'History' });

async function asOwner(page: Page, path: string) {
  await signIn(page, t.people.owner, t.password);
  await page.goto(path);
}

test('a rename shows everywhere at once: title, breadcrumb, tab title, members text, History and tree', async ({ page }) => {
  await asOwner(page, `/units/${t.units.Frontend}`);
  await expect(heading(page, 'Frontend')).toBeVisible();
  await expect(page.getByText('Nobody belongs to Frontend directly')).toBeVisible();
  await expect(history(page)).toBeVisible();
  const refreshes = await holdRefreshes(page);

  await page.getByRole('button', { name: 'Rename unit' }).click();
  await page.getByLabel('Unit name').fill('Web');
  await page.getByLabel('Unit name').press('Enter');
  await expect(heading(page, 'Web')).toBeVisible();
  await expect(crumbs(page)).toHaveText([`${t.name}/`, 'Engineering/', 'Web']);
  await expect(page).toHaveTitle('Web – Arbor');
  await expect(page.getByText('Nobody belongs to Web directly')).toBeVisible();
  await expect(history(page).getByRole('listitem').first()).toContainText('renamed Frontend → Web');
  await expect(row(page, 'Web')).toBeVisible();
  expect(refreshes.held(), 'the page asked for its refresh, which was held back').toBeGreaterThan(0);

  await refreshes.release();
  await page.reload();
  await expect(heading(page, 'Web')).toBeVisible();
  await expect(history(page).getByRole('listitem').first()).toContainText('renamed Frontend → Web');
});

test('after a create the page and the tree count and list the same sub-units at once', async ({ page }) => {
  await asOwner(page, `/units/${t.units.Engineering}`);
  await expect(subUnits(page)).toHaveCount(3);
  const refreshes = await holdRefreshes(page);

  await page.getByRole('button', { name: 'New sub-unit' }).click();
  const dialog = page.getByRole('dialog', { name: 'New unit in Engineering' });
  await dialog.getByLabel('Name').fill('Security');
  await dialog.getByRole('button', { name: 'Create unit' }).click();
  await expect(dialog).toBeHidden();
  await expect(subUnits(page)).toHaveCount(4);
  await expect(page.getByRole('region', { name: 'Sub-units' }).getByRole('link', { name: /^Security/ })).toBeVisible();
  await expect(page.getByText(/^4 sub-units · /)).toBeVisible();
  await expect(row(page, 'Engineering')).toHaveAccessibleDescription(/^4 sub-units/);
  await expect(row(page, 'Security')).toBeVisible();
  await expect(history(page).getByRole('listitem').first()).toContainText('created Security under Engineering');
  await refreshes.release();
});

test('a drag-and-drop move confirms and moves the breadcrumb at once', async ({ page }) => {
  await asOwner(page, `/units/${t.units['Drag me']}`);
  await expect(crumbs(page)).toHaveText([`${t.name}/`, 'Moves/', 'Drag me']);
  const refreshes = await holdRefreshes(page);

  await row(page, 'Drag me').dragTo(row(page, 'Drop here'));
  await page.getByRole('dialog', { name: 'Move Drag me?' }).getByRole('button', { name: 'Move to Drop here' }).click();
  await expect(page.getByText('Moved Drag me to Drop here.')).toBeVisible();
  await expect(crumbs(page)).toHaveText([`${t.name}/`, 'Moves/', 'Drop here/', 'Drag me']);
  await expect(row(page, 'Drag me')).toHaveAttribute('aria-level', '4');
  await expect(history(page).getByRole('listitem').first()).toContainText('moved Drag me from Moves to Drop here');
  await refreshes.release();
  await page.reload();
  await expect(crumbs(page)).toHaveText([`${t.name}/`, 'Moves/', 'Drop here/', 'Drag me']);
});

test('Back to a deleted unit shows a not-found page without actions', async ({ page }) => {
  await asOwner(page, `/units/${t.units.Operations}`);
  await page.getByRole('region', { name: 'Sub-units' }).getByRole('link', { name: /^Facilities/ }).click();
  await expect(heading(page, 'Facilities')).toBeVisible();
  await page.getByRole('button', { name: 'Delete…' }).click();
  await page.getByRole('dialog', { name: 'Delete Facilities?' }).getByRole('button', { name: 'Delete unit' }).click();
  await expect(page).toHaveURL(new RegExp(`/units/${t.units.Operations}$`));
  await expect(page.getByText('Deleted Facilities.')).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/units/${t.units.Facilities}$`));
  await expect(page.getByText("This unit doesn't exist")).toBeVisible();
  await expect(page.getByRole('button', { name: 'New sub-unit' })).toHaveCount(0);
  await expect(page).toHaveTitle(/not found/i);
  // And from the server, after a reload: a 404 saying the same.
  const response = await page.reload();
  expect(response?.status()).toBe(404);
  await expect(page.getByText("This unit doesn't exist")).toBeVisible();
  // Deleted by someone else while its page is open: the first edit that meets it says so.
  await page.goto(`/units/${t.units.Mobile}`);
  await expect(heading(page, 'Mobile')).toBeVisible();
  const db = await tenantDb(t.tenantId);
  const mobile = await getUnitOrThrow(db, t.units.Mobile);
  await deleteUnit(db, OPERATOR_ACTOR, { unitId: mobile.id, expectedVersion: mobile.version, recursive: false });
  await page.getByRole('button', { name: 'New sub-unit' }).click();
  const dialog = page.getByRole('dialog', { name: 'New unit in Mobile' });
  await dialog.getByLabel('Name').fill('iOS');
  await dialog.getByRole('button', { name: 'Create unit' }).click();
  await expect(page.getByText("This unit doesn't exist")).toBeVisible();
  await expect(page.getByRole('button', { name: 'New sub-unit' })).toHaveCount(0);
});

test('renaming the organization renames the header, the top of the tree, its breadcrumb and heading; renaming the top unit renames the organization', async ({ page }) => {
  const renamed = `${t.name} Group`;
  await asOwner(page, '/settings');
  let refreshes = await holdRefreshes(page);
  await page.getByLabel('Organization name').fill(renamed);
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText(`The organization is now called ${renamed}.`)).toBeVisible();
  await expect(activeTenant(page)).toHaveText(renamed);
  expect(refreshes.held(), 'the page asked for its refresh, which was held back').toBeGreaterThan(0);
  await refreshes.release();

  await page.goto(`/units/${t.units['Data squad']}`);
  await expect(row(page, renamed)).toBeVisible();
  await expect(crumbs(page)).toHaveText([`${renamed}/`, 'Engineering/', 'Backend/', 'Data squad']);
  await crumbs(page).getByRole('link', { name: renamed }).click();
  await expect(heading(page, renamed)).toBeVisible();
  await page.reload();
  await expect(heading(page, renamed)).toBeVisible();
  await expect(activeTenant(page)).toHaveText(renamed);

  // The other way round: the top unit renamed in place is the organization's name too, in the
  // header at once.
  refreshes = await holdRefreshes(page);
  await page.getByRole('button', { name: 'Rename unit' }).click();
  await page.getByLabel('Unit name').fill(t.name);
  await page.getByLabel('Unit name').press('Enter');
  await expect(heading(page, t.name)).toBeVisible();
  await expect(row(page, t.name)).toBeVisible();
  await expect(activeTenant(page)).toHaveText(t.name);
  expect(refreshes.held(), 'the page asked for its refresh, which was held back').toBeGreaterThan(0);
  await refreshes.release();
  await expect(activeTenant(page)).toHaveText(t.name);
  await page.goto('/settings');
  await expect(page.getByLabel('Organization name')).toHaveValue(t.name);
});

test('Back after switching organization says where the unit is and switches back to it', async ({ page }) => {
  test.setTimeout(120_000);
  const other = await createTreeTenant();
  const owner = await ensureUser(platformDb(), t.people.owner, t.names.owner);
  await addMembership(await tenantDb(other.tenantId), OPERATOR_ACTOR, {
    unitId: other.rootUnitId, role: 'member', userId: owner.id, email: t.people.owner, name: t.names.owner,
  });

  await signIn(page, t.people.owner, t.password);
  await page.getByRole('button', { name: t.name }).click();
  await page.goto(`/units/${t.units.Backend}`);
  await expect(heading(page, 'Backend')).toBeVisible();
  await page.getByLabel('Switch organization').selectOption({ label: other.name });
  await expect(activeTenant(page)).toHaveText(other.name);
  await expect(heading(page, other.name)).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/units/${t.units.Backend}$`));
  await expect(heading(page, `Backend is in ${t.name}`)).toBeAttached();
  await expect(page.getByText(`You are working in ${other.name} now.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'New sub-unit' })).toHaveCount(0);
  await page.getByRole('button', { name: `Switch to ${t.name}` }).click();
  await expect(activeTenant(page)).toHaveText(t.name);
  await expect(heading(page, 'Backend')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/units/${t.units.Backend}$`));

  // Any page of the other organization, reached from a link, says so as well.
  await page.goto(`/units/${other.units.Sales}`);
  await expect(heading(page, `Sales is in ${other.name}`)).toBeAttached();
});
