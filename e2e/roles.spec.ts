// Custom roles in the console, in Chromium against the whole local stack: an owner defines
// "Budget approver" with a new permission of the organization's own (expenses.approve) reaching
// down from where it is held, gives it to a person on the Finance division, sees who holds it,
// maps a directory group to it on Finance (the IdP pushing the group over SCIM), asks the
// operator's `explain` why someone holds it deep in the division, changes it and sees who gains
// and loses what before saving, and deletes it saying what its holders get instead. axe on each
// roles page; the pages fit a phone's width.
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { explainCli } from './support/explain-cli';
import { createRolesTenant, type RolesTenant } from './support/roles-tenant';
import { createUser, expectStatus, oktaUser, said, scim, SCHEMA } from './support/scim-client';
import { expectAxeClean, expectFits } from './support/page-checks';
import { signIn } from './support/sign-in';

let t: RolesTenant;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  t = await createRolesTenant();
});

// The steps build on each other: one role's life, in order.
test.describe.configure({ mode: 'serial' });

const asOwner = async (page: Page, path: string) => {
  await signIn(page, t.owner.email, t.password);
  await page.goto(path);
};

const rolePage = (page: Page) => page.getByRole('form', { name: 'Edit Budget approver' });
const holders = (page: Page) => page.getByRole('list', { name: 'Holders of Budget approver' });

test('an owner defines Budget approver with a permission of their own, reaching down', async ({ page }) => {
  await asOwner(page, '/settings');
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Roles' }).click();
  await expect(page).toHaveURL(/\/settings\/roles$/);
  await expect(page.getByRole('list', { name: 'Built-in roles' }).getByRole('listitem')).toHaveCount(4);
  await expect(page.getByText('No role of your own yet')).toBeVisible();
  await expectAxeClean(page);

  await page.getByRole('link', { name: 'New role' }).click();
  const form = page.getByRole('form', { name: 'New role' });
  await form.getByLabel('Name', { exact: true }).fill('Budget approver');
  await expect(form.getByLabel('Key', { exact: true })).toHaveValue('budget-approver');
  await form.getByLabel('Description').fill('Approves the expenses of a division and everything in it.');
  const add = form.getByRole('group', { name: 'Add a permission' });
  await add.getByLabel('New permission key').fill('expenses.approve');
  await add.getByLabel('What it lets a holder do').fill('Approve expense reports');
  await add.getByRole('button', { name: 'Add permission' }).click();
  await expect(form.getByRole('checkbox', { name: /expenses\.approve/ })).toBeChecked();
  await form.getByRole('checkbox', { name: /^tree\.read/ }).check();
  await expect(form.getByRole('radio', { name: /^This unit and everything below it/ })).toBeChecked();
  await expectAxeClean(page);
  await form.getByRole('button', { name: 'Create role' }).click();

  await expect(page).toHaveURL(/\/settings\/roles\/budget-approver$/);
  await expect(page.getByRole('heading', { name: 'Budget approver' })).toBeVisible();
  await expect(page.getByText('Nobody holds it yet')).toBeVisible();
  await expectAxeClean(page);

  await page.goto('/settings/roles');
  const mine = page.getByRole('list', { name: 'Your roles' });
  await expect(mine).toContainText('Budget approver');
  await expect(mine).toContainText('This unit and everything below it · 2 permissions');
  await expect(page.getByRole('list', { name: "Your organization's permissions" })).toContainText('expenses.approve');
});

test('the owner gives it to Pat on Finance, and sees who holds it', async ({ page }) => {
  await asOwner(page, `/units/${t.units.Finance}`);
  await page.getByRole('button', { name: 'Edit the roles of Pat Person in Finance' }).click();
  const dialog = page.getByRole('dialog', { name: 'Roles of Pat Person in Finance' });
  await dialog.getByRole('checkbox', { name: 'Budget approver' }).check();
  await dialog.getByRole('button', { name: 'Save roles' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('list', { name: 'Custom roles of Pat Person in Finance' })).toHaveText('Budget approver');
  await page.reload();
  await expect(page.getByRole('list', { name: 'Custom roles of Pat Person in Finance' })).toHaveText('Budget approver');

  await page.goto(`/members/${t.people.pat.userId}`);
  await expect(page.getByRole('list', { name: 'Custom roles of Pat Person in Finance' })).toHaveText('Budget approver');

  await page.goto('/settings/roles/budget-approver');
  await expect(holders(page).getByRole('listitem')).toHaveCount(1);
  await expect(holders(page)).toContainText('Pat Person');
  await expect(holders(page)).toContainText('Finance');
});

// The person the directory provisions, and the group the owner maps to Budget approver on Finance.
const synced = () => ({ email: `ari.synced@${t.domain}`, name: 'Ari Synced' });
const GROUP = 'Budget approvers';

test('a directory group is mapped to Budget approver on Finance, and its member holds it', async ({ page, request }) => {
  test.setTimeout(120_000);
  await asOwner(page, '/settings/directory');
  const tokens = page.getByRole('region', { name: 'Tokens' });
  await tokens.getByLabel('Token label').fill('Roles E2E');
  await tokens.getByRole('button', { name: 'New token' }).click();
  const shown = page.getByRole('dialog', { name: 'Your new token: Roles E2E' });
  const token = await shown.getByLabel('Token', { exact: true }).inputValue();
  await shown.getByRole('button', { name: 'Done' }).click();

  // The IdP pushes a person, then a group with them in it, over SCIM with that token.
  const idp = scim(request, token);
  const ari = await createUser(idp, oktaUser(synced().email, 'Ari', 'Synced'));
  const group = await idp.post('/Groups', { schemas: [SCHEMA.group], displayName: GROUP, members: [{ value: ari.id }] });
  expectStatus(group, 201);
  expect(group.body?.members?.map((m: { value: string }) => m.value), said(group)).toEqual([ari.id]);

  // The owner maps the group to Finance, as member with Budget approver beside it.
  await page.reload();
  const rules = page.getByRole('region', { name: 'Rules' });
  await rules.getByRole('button', { name: 'Add mapping' }).click();
  await rules.getByLabel('Group of mapping 1').selectOption({ label: GROUP });
  await rules.getByRole('combobox', { name: 'Unit of mapping 1' }).fill('Finance');
  await page.getByRole('option', { name: /^Finance/ }).click();
  // The custom roles are a disclosure; open it by what it says while closed.
  await rules.getByText('No custom roles').click();
  await rules.getByRole('group', { name: 'Custom roles of mapping 1' }).getByRole('checkbox', { name: 'Budget approver' }).check();
  await rules.getByRole('button', { name: 'Preview changes' }).click();
  const preview = rules.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('row').filter({ hasText: synced().name })).toContainText('+ Finance as member + budget-approver');
  await rules.getByRole('button', { name: 'Enable these rules' }).click();
  await expect(page.getByText(/^Directory rules enabled: /)).toBeVisible();

  // The role's holders now name Ari on Finance beside Pat, and Ari's page says so too.
  await page.goto('/settings/roles/budget-approver');
  await expect(holders(page).getByRole('listitem')).toHaveCount(2);
  await expect(holders(page).getByRole('listitem').filter({ hasText: synced().name })).toContainText('Finance');
  await page.goto(`/members/${ari.id}`);
  await expect(page.getByRole('list', { name: `Custom roles of ${synced().name} in Finance` })).toHaveText('Budget approver');
});

test('explain says why Ari may approve expenses deep in Finance: Budget approver held on Finance reaches down', async () => {
  const text = await explainCli({ tenantId: t.tenantId, user: synced().email, unitId: t.units.Payments, action: 'expenses.approve' });
  await test.info().attach('explain output', { body: text, contentType: 'text/plain' });
  expect(text).toMatch(/Holds\s[\s\S]*member \+ Budget approver on Finance/);
  expect(text).toMatch(/Unit\s+.*Finance › Payroll › Payments/);
  expect(text).toMatch(
    /expenses\.approve\s+Payments\s+yes\s+by custom role Budget approver \(budget-approver, reaching the unit and everything below it\) on Finance/,
  );
});

test('a change is previewed (who gains and loses what, where) before it is saved', async ({ page }) => {
  await asOwner(page, '/settings/roles/budget-approver');
  const form = rolePage(page);
  await expect(form.getByLabel('Key', { exact: true })).toBeDisabled();
  await form.getByRole('checkbox', { name: /^audit\.read/ }).check();
  await form.getByRole('radio', { name: /^This unit only/ }).check();
  await form.getByRole('button', { name: 'Review changes' }).click();

  // Pat gains the unit's history on Finance, and no longer approves expenses below it.
  const preview = page.getByRole('dialog', { name: 'Save the change to Budget approver?' });
  const changes = preview.getByRole('list', { name: 'Who gains and loses what' });
  await expect(changes).toContainText('Pat Person in Finance');
  await expect(changes).toContainText(/Gains .*audit\.read/);
  await expect(changes).toContainText(/Loses .*expenses\.approve/);
  await expect(changes).toContainText('Reaches this unit only, not this unit and everything below it');
  await expectAxeClean(page);
  await preview.getByRole('button', { name: 'Save changes' }).click();
  await expect(preview).toBeHidden();

  await page.reload();
  await expect(rolePage(page).getByRole('checkbox', { name: /^audit\.read/ })).toBeChecked();
  await expect(rolePage(page).getByRole('radio', { name: /^This unit only/ })).toBeChecked();
});

test('deleting a held role says what its holders get instead', async ({ page }) => {
  await asOwner(page, '/settings/roles/new');
  const form = page.getByRole('form', { name: 'New role' });
  await form.getByLabel('Name', { exact: true }).fill('Expense viewer');
  await form.getByRole('checkbox', { name: /^tree\.read/ }).check();
  await form.getByRole('radio', { name: /^This unit only/ }).check();
  await form.getByRole('button', { name: 'Create role' }).click();
  await expect(page).toHaveURL(/\/settings\/roles\/expense-viewer$/);

  await page.goto('/settings/roles/budget-approver');
  await page.getByRole('button', { name: 'Delete Budget approver' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Budget approver?' });
  await dialog.getByLabel('Its holders get instead').selectOption({ label: 'Expense viewer' });
  await expectAxeClean(page);
  await dialog.getByRole('button', { name: 'Delete role' }).click();
  await expect(page).toHaveURL(/\/settings\/roles$/);
  await expect(page.getByRole('list', { name: 'Your roles' })).not.toContainText('Budget approver');

  await page.goto(`/units/${t.units.Finance}`);
  await expect(page.getByRole('list', { name: 'Custom roles of Pat Person in Finance' })).toHaveText('Expense viewer');
});

test.describe('at 390 × 844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the roles pages fit a phone', async ({ page }) => {
    await asOwner(page, '/settings/roles');
    for (const path of ['/settings/roles', '/settings/roles/new', '/settings/roles/expense-viewer']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
      await expectFits(page);
      await expectAxeClean(page);
    }
  });
});
