// Settings → Directory sync in Chromium against the whole local stack, as an owner sets it up
// (in a tenant of its own): a token shown once, an IdP provisioning two people with it over SCIM, the status after,
// the department rule previewed and enabled (people placed page by page), the unit it created
// marked as the directory's in the tree and on its page, and the token revoked (SCIM answers 401
// at once). A member of the organization is refused the screen and its API.
import type { APIRequestContext } from '@playwright/test';
import { ulid } from 'ulid';
import { heading, treeRow } from './support/console-locators';
import { createDirectoryTenant, type DirectoryTenant } from './support/directory-tenant';
import { signIn } from './support/sign-in';
import { expect, test } from './support/test';

const run = ulid().toLowerCase().slice(-6);
let t: DirectoryTenant;
test.beforeAll(async () => {
  t = await createDirectoryTenant();
});
const SCHEMAS = ['urn:ietf:params:scim:schemas:core:2.0:User', 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User'];
const people = () => [
  { given: 'Pat', family: `Provisioned ${run}`, email: `pat.${run}@${t.domain}` },
  { given: 'Quinn', family: `Provisioned ${run}`, email: `quinn.${run}@${t.domain}` },
];

/** What an IdP's provisioning agent sends: the bearer token and a SCIM JSON body. */
function scimPost(request: APIRequestContext, token: string, path: string, body: unknown) {
  return request.post(`/scim/v2${path}`, {
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json', accept: 'application/scim+json' },
    data: JSON.stringify(body),
    failOnStatusCode: false,
  });
}

const userBody = (p: ReturnType<typeof people>[number]) => ({
  schemas: SCHEMAS,
  userName: p.email,
  name: { givenName: p.given, familyName: p.family },
  emails: [{ value: p.email, type: 'work', primary: true }],
  active: true,
  [SCHEMAS[1]]: { department: 'Engineering/Platform' },
});

test('the owner creates a token, the IdP provisions with it, the department rule places people, and revoking stops the token', async ({ page, request }) => {
  test.setTimeout(180_000);
  const label = `Entra E2E ${run}`;
  await signIn(page, t.owner, t.password);
  await page.goto('/settings/directory');
  await expect(page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Directory sync' })).toHaveAttribute('aria-current', 'page');
  const connection = page.getByRole('region', { name: 'Connection' });
  await expect(connection.getByRole('textbox', { name: 'Tenant URL' })).toHaveValue(/\/scim\/v2$/);
  await connection.getByLabel('Identity provider').selectOption('okta');
  await expect(connection.getByRole('list', { name: 'Setting up Okta' })).toContainText('Authentication mode: HTTP Header (Bearer)');

  // A new token is shown once, in a dialog.
  const tokens = page.getByRole('region', { name: 'Tokens' });
  await tokens.getByLabel('Token label').fill(label);
  await tokens.getByRole('button', { name: 'New token' }).click();
  const shown = page.getByRole('dialog', { name: `Your new token: ${label}` });
  await expect(shown).toContainText('Copy it now: Arbor keeps only a hash and cannot show it again.');
  const token = await shown.getByLabel('Token', { exact: true }).inputValue();
  expect(token).toMatch(/^arbor_scim_[A-Za-z0-9_-]{43}$/);
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();
  const row = tokens.getByRole('row').filter({ hasText: label });
  await expect(row).toContainText(`ends with …${token.slice(-4)}`);
  await expect(row).toContainText('never');
  await page.reload();
  await expect(page.locator(`input[value="${token}"]`)).toHaveCount(0);
  await expect(page.getByText(token)).toHaveCount(0);

  // The IdP provisions two people with it.
  for (const p of people()) {
    const created = await scimPost(request, token, '/Users', userBody(p));
    expect(created.status(), await created.text()).toBe(201);
  }

  await page.reload();
  const status = page.getByRole('region', { name: 'Status' });
  await expect(status).not.toContainText('No request yet');
  await expect(status).toContainText('2 users');
  await expect(status).toContainText('No errors');
  await expect(page.getByRole('region', { name: 'Tokens' }).getByRole('row').filter({ hasText: label })).not.toContainText('never');

  // The department rule, previewed and enabled.
  const rules = page.getByRole('region', { name: 'Rules' });
  const enableButton = rules.getByRole('button', { name: 'Enable these rules' });
  await expect(enableButton).toBeDisabled();
  await rules.getByLabel('Build units from the department attribute').check();
  await expect(rules.getByLabel('Separator (department)')).toHaveValue('/');
  await rules.getByRole('button', { name: 'Preview changes' }).click();
  const preview = rules.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('list', { name: 'Units to create' }).getByRole('listitem')).toHaveText(['Engineering / Platform']);
  for (const p of people()) {
    const person = preview.getByRole('row').filter({ hasText: `${p.given} ${p.family}` });
    await expect(person).toContainText('+ Engineering / Platform as member (department)');
    await expect(person).toContainText('− ');
    await expect(person).toContainText('(no rule asks for it any more)');
  }
  // Editing the form after the preview asks for a new one.
  await rules.getByLabel('Separator (department)').fill('|');
  await expect(enableButton).toBeDisabled();
  await rules.getByLabel('Separator (department)').fill('/');
  await expect(enableButton).toBeEnabled();
  await enableButton.click();
  await expect(page.getByText(/Directory rules enabled: 2 people placed/)).toBeVisible();

  // The unit the rule created, under Engineering, marked as the directory's.
  await page.goto(`/units/${t.engineeringId}`);
  await expect(heading(page, 'Engineering')).toBeVisible();
  await page.getByRole('region', { name: 'Sub-units' }).getByRole('link').filter({ hasText: 'Directory' }).filter({ hasText: /^Platform/ }).click();
  await expect(heading(page, 'Platform')).toBeVisible();
  await expect(treeRow(page, 'Platform')).toHaveAttribute('aria-selected', 'true');
  await expect(treeRow(page, 'Engineering')).toHaveAttribute('aria-expanded', 'true');
  const badge = heading(page, 'Platform').locator('..').getByTitle('Managed by directory sync: changes made here may be undone by the next sync');
  await expect(badge).toHaveText('Directory');
  const members = page.getByRole('region', { name: 'Members' });
  for (const p of people()) {
    await expect(members.getByRole('row').filter({ hasText: p.email }).getByText('Directory', { exact: true })).toBeVisible();
  }
  // Renaming warns (and does not block).
  await page.getByRole('button', { name: 'Rename unit' }).click();
  await expect(page.getByText('Directory sync manages this unit; its next sync may undo your change.')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();

  // The trail names what the owner did.
  await page.goto('/audit?action=directory.tokenCreate');
  await expect(page.getByText(`created the directory token ${label}`)).toBeVisible();

  // Revoked: the IdP's next request is refused at once.
  await page.goto('/settings/directory');
  const tokenRow = page.getByRole('region', { name: 'Tokens' }).getByRole('row').filter({ hasText: label });
  await tokenRow.getByRole('button', { name: `Revoke ${label}` }).click();
  const confirm = page.getByRole('dialog', { name: `Revoke the token ${label}?` });
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText(`Revoked the token ${label}.`)).toBeVisible();
  await expect(tokenRow).toHaveCount(0);
  const refused = await scimPost(request, token, '/Users', userBody({ given: 'Late', family: 'Comer', email: `late.${run}@${t.domain}` }));
  expect(refused.status()).toBe(401);
});

test('a member of the organization cannot open Directory sync or call its API', async ({ page }) => {
  await signIn(page, t.member, t.password);
  await page.goto('/settings/directory');
  await expect(page.getByText('You can’t open this page')).toBeVisible();
  await expect(page.getByText('Only owners and admins can manage single sign-on and directory sync.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Tokens' })).toHaveCount(0);
  const listed = await page.request.get('/api/v1/directory/tokens', { failOnStatusCode: false });
  expect(listed.status()).toBe(403);
  const created = await page.request.post('/api/v1/directory/tokens', {
    headers: { origin: new URL(page.url()).origin, 'content-type': 'application/json' },
    data: { label: 'Not mine' },
    failOnStatusCode: false,
  });
  expect(created.status()).toBe(403);
});
