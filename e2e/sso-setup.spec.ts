// Domains, Test connection and setup links in Chromium against the production build, the local
// DNS server and real IdPs: an owner proves a domain by its TXT record and tests the OIDC
// connection; an IT admin with no Arbor account opens a setup link, proves a domain, connects a
// SAML IdP, tests it and switches it on, and a person then signs in with it; a second browser
// and a revoked link are refused.
import AxeBuilder from '@axe-core/playwright';
import { ulid } from 'ulid';
import { startSamlIdp, type LocalSamlIdp } from '../scripts/local-stack/saml';
import { publishTxt } from '../test/support/dns';
import { createIdpTenant, type IdpTenant } from './support/idp-tenant';
import { signInWithSaml } from './support/saml-tenant';
import { activeTenant, signIn } from './support/sign-in';
import { expect, test } from './support/test';

let t: IdpTenant;
let idp: LocalSamlIdp;
const owner = () => `olga@${t.domain}`;
test.beforeAll(async () => {
  t = await createIdpTenant('Setupco', [{ local: 'olga', name: 'Olga Owner' }]);
  idp = await startSamlIdp({ port: 0, appUrl: process.env.ARBOR_APP_URL! });
});
test.afterAll(() => idp?.stop());
test.describe.configure({ mode: 'serial' });

test('an owner proves a domain by its DNS record under Settings → Domains', async ({ page }) => {
  const domain = `proven-${ulid().toLowerCase().slice(-8)}.test`;
  await signIn(page, owner(), t.password);
  await page.goto('/settings/domains');
  await page.getByLabel('Add a domain').fill(domain);
  await page.getByRole('button', { name: 'Add domain' }).click();
  const row = page.getByRole('listitem', { name: domain });
  await expect(row).toContainText('Waiting for its DNS record');
  const value = await row.getByRole("textbox", { name: `TXT record value for ${domain}` }).inputValue();
  expect(value).toMatch(/^arbor-verification=/);

  await row.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(/No TXT record "arbor-verification=/)).toBeVisible();
  await publishTxt(domain, [value]);
  await row.getByRole('button', { name: 'Verify' }).click();
  await expect(row).toContainText('Verified');
  await expect(row.getByRole('button', { name: 'Verify' })).toHaveCount(0);
});

test('Test connection (OIDC) runs a real sign-in and shows the claims and what Arbor would do, without a new session', async ({ page }) => {
  await signIn(page, owner(), t.password);
  await page.goto('/settings/sso');
  await expect(page.getByRole('heading', { name: /OpenID Connect connection: On/ })).toBeVisible();
  await page.getByRole('button', { name: 'Test connection' }).click();
  await page.waitForURL(/\/settings\/sso\?test=/);
  const result = page.getByRole('status', { name: 'Test result' });
  await expect(result).toContainText(`${owner()} would sign in as an existing member.`);
  await result.getByText('Claims received').click();
  await expect(result).toContainText('"email_verified": true');
  await expect(page.getByText(/Last successful sign-in/)).toBeVisible();
});

test('a setup link: an IT admin without an account proves a domain, connects SAML, tests it and switches it on; people then sign in with it', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signIn(page, owner(), t.password);
  await page.goto('/settings/sso');
  await page.getByLabel('Who it is for').fill('Initech IT');
  await page.getByRole('button', { name: 'Create setup link' }).click();
  const url = await page.getByRole('dialog').getByRole('textbox', { name: 'Setup link' }).inputValue();
  expect(url).toMatch(/\/setup\/arbor_setup_/);
  await page.getByRole('dialog').getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('list', { name: 'Setup links' })).toContainText('Initech IT · Not opened yet');

  const itContext = await browser.newContext();
  const it = await itContext.newPage();
  await it.goto(url);
  await expect(it.getByRole('heading', { name: `Set up sign-in for ${t.name}` })).toBeVisible();
  expect(new URL(it.url()).pathname).toBe('/setup');
  const axe = await new AxeBuilder({ page: it }).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  // Another browser with the same link is refused.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await other.goto(url);
  await expect(other.getByRole('heading', { name: 'This setup link can’t be used' })).toBeVisible();
  await otherContext.close();

  // 1. A domain of the company's, proven by DNS.
  const domain = `it-${ulid().toLowerCase().slice(-8)}.test`;
  await it.getByLabel('Add a domain').fill(domain);
  await it.getByRole('button', { name: 'Add domain' }).click();
  const row = it.getByRole('listitem', { name: domain });
  await publishTxt(domain, [await row.getByRole("textbox", { name: `TXT record value for ${domain}` }).inputValue()]);
  await row.getByRole('button', { name: 'Verify' }).click();
  await expect(row).toContainText('Verified');

  // 2. SAML from the IdP's metadata, tested, then switched on.
  await it.getByLabel('SAML 2.0').check();
  await expect(it.getByLabel('ACS URL', { exact: true })).toHaveValue(new RegExp(`/api/saml/${t.tenantId}/acs$`));
  await it.getByLabel('IdP metadata URL').fill(idp.metadataUrl);
  await it.getByRole('switch', { name: 'Just-in-time provisioning' }).click();
  await it.getByRole('button', { name: 'Save single sign-on' }).click();
  await expect(it.getByRole('heading', { name: /SAML connection: On/ })).toBeVisible();
  await it.getByRole('button', { name: 'Switch off' }).click();
  await expect(it.getByRole('heading', { name: /SAML connection: Off/ })).toBeVisible();

  const person = `pam.${ulid().toLowerCase().slice(-6)}@${domain}`;
  idp.addUser({ email: person, name: 'Pam Person', password: t.password, groups: ['Sales'] });
  await it.getByRole('button', { name: 'Test connection' }).click();
  await expect(it.getByRole('heading', { name: 'Arbor local SAML IdP' })).toBeVisible();
  await it.getByLabel('Email').fill(person);
  await it.getByLabel('Password').fill(t.password);
  await it.getByRole('button', { name: 'Sign in' }).click();
  await it.waitForURL(/\/setup\?test=/);
  const result = it.getByRole('status', { name: 'Test result' });
  await expect(result).toContainText(`${person} would join the top unit as a member (just-in-time).`);
  await expect(result).toContainText('groups Sales');
  await it.getByRole('button', { name: 'Switch on' }).click();
  await expect(it.getByRole('heading', { name: /SAML connection: On/ })).toBeVisible();

  // A person of the proven domain signs in through the new connection.
  const personContext = await browser.newContext();
  const signingIn = await personContext.newPage();
  await signInWithSaml(signingIn, person, t.password);
  await expect(activeTenant(signingIn)).toHaveText(t.name);
  await personContext.close();

  // The owner sees the link used, and every step in the audit log under the link's name; revoking ends it.
  await page.goto('/audit');
  await expect(page.getByRole('main')).toContainText('Initech IT (setup link)');
  await page.goto('/settings/sso');
  await expect(page.getByRole('list', { name: 'Setup links' })).toContainText('Initech IT · Opened');
  await page.getByRole('button', { name: 'Revoke the setup link for Initech IT' }).click();
  await expect(page.getByText('Setup link for Initech IT revoked.')).toBeVisible();
  await it.reload();
  await expect(it.getByRole('heading', { name: 'This setup link can’t be used' })).toBeVisible();
  const refused = await it.request.get('/api/setup/sso');
  expect(refused.status()).toBe(401);
  await itContext.close();
});
