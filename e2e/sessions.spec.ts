// Signing out ends the session everywhere its cookie went: a copy taken before sign-out is
// refused by the API (401 session.revoked) and by pages (back to sign-in), and "Sign out of all
// devices" ends the same person's session in another browser. Each test signs in a person of
// its own, in a tenant of this spec's own, so ending all their sessions touches no other spec.
import { randomBytes } from 'node:crypto';
import { request, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { ulid } from 'ulid';
import { addMembership } from '../lib/members';
import { setConnection } from '../lib/domains';
import { operatorDb, tenantDb } from '../lib/tenancy';
import { createTenant, OPERATOR_ACTOR } from '../lib/tenants';
import { ensureUser } from '../lib/users';
import { registerOidcClient, registerOidcUser } from '../scripts/local-stack/oidc';
import { alert, activeTenant, signIn, startSignIn } from './support/sign-in';
import { expect, test } from './support/test';

const env = (name: string) => {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set: run the e2e suite through \`npm test\``);
  return v;
};

let tenant: { tenantId: string; rootUnitId: string; name: string; domain: string };
const password = `e2e-${randomBytes(6).toString('hex')}`;

test.beforeAll(async () => {
  const issuer = env('ARBOR_LOCAL_OIDC_ISSUER');
  const run = ulid().toLowerCase().slice(-8);
  const domain = `sessionco-${run}.test`;
  const name = `SessionCo ${run}`;
  const created = await createTenant(operatorDb(), { name, domain, owner: { email: `owner@${domain}`, name: 'Sess Owner' } });
  const client = { clientId: `e2e-sessionco-${run}`, clientSecret: randomBytes(18).toString('base64url') };
  await registerOidcClient(issuer, env('ARBOR_LOCAL_OIDC_ADMIN_TOKEN'), client);
  await setConnection(operatorDb(), created.tenantId, { issuer, ...client, domains: [domain], jit: false });
  tenant = { tenantId: created.tenantId, rootUnitId: created.rootUnitId, name, domain };
});

/** A new admin of the spec's tenant, known to the IdP. */
async function newPerson(label: string) {
  const email = `${label}-${ulid().toLowerCase().slice(-10)}@${tenant.domain}`;
  const name = `${label} Person`;
  await registerOidcUser(env('ARBOR_LOCAL_OIDC_ISSUER'), env('ARBOR_LOCAL_OIDC_ADMIN_TOKEN'), { email, name, password, emailVerified: true });
  const user = await ensureUser(operatorDb(), email, name);
  await addMembership(await tenantDb(tenant.tenantId), OPERATOR_ACTOR, { unitId: tenant.rootUnitId, role: 'admin', userId: user.id, email, name });
  return { email, name };
}

async function signedInContext(browser: Browser, email: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email, password);
  await expect(activeTenant(page)).toHaveText(tenant.name);
  return { context, page };
}

/** An HTTP client holding a copy of the browser's cookies, as someone who copied them would. */
async function copiedCookies(context: BrowserContext, baseURL: string): Promise<APIRequestContext> {
  return request.newContext({ baseURL, storageState: await context.storageState() });
}

async function listMembers(api: APIRequestContext) {
  const r = await api.get('/api/v1/members', { failOnStatusCode: false, maxRedirects: 0 });
  return { status: r.status(), body: (await r.json().catch(() => undefined)) as { error?: { code: string; message: string } } | undefined };
}

test('a cookie copied before sign-out is refused after it: the API answers 401, pages send to sign-in', async ({ browser, baseURL }) => {
  const person = await newPerson('copy');
  const { context, page } = await signedInContext(browser, person.email);
  const copy = await copiedCookies(context, baseURL!);
  const state = await context.storageState();
  expect((await listMembers(copy)).status).toBe(200);

  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/sign-in\?signedOut=1/);
  await expect(page.getByRole('status').filter({ hasText: 'You have signed out.' })).toBeVisible();

  const replayed = await listMembers(copy);
  expect(replayed.status).toBe(401);
  expect(replayed.body?.error?.code).toBe('session.revoked');
  expect(replayed.body?.error?.message).toContain('Sign in again');

  // The copy in another browser: any page sends it to sign-in, saying why.
  const elsewhere = await browser.newContext({ storageState: state });
  const other = await elsewhere.newPage();
  await other.goto('/members');
  await expect(other).toHaveURL(/\/sign-in\?.*reason=session\.revoked/);
  await expect(alert(other, 'You were signed out')).toBeVisible();
  // The organization picker does not take it either.
  await other.goto('/select-tenant');
  await expect(other).toHaveURL(/\/sign-in\?.*reason=session\.revoked/);

  await copy.dispose();
  await elsewhere.close();
  await context.close();
});

test('"Sign out of all devices" ends the same person’s session in another browser', async ({ browser, baseURL }) => {
  const person = await newPerson('twice');
  const laptop = await signedInContext(browser, person.email);
  const phone = await signedInContext(browser, person.email);
  const phoneApi = await copiedCookies(phone.context, baseURL!);
  expect((await listMembers(phoneApi)).status).toBe(200);

  const menu = laptop.page.getByRole('button', { name: /^Account/ });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(laptop.page.getByRole('region', { name: 'Account' })).toContainText(person.email);
  await laptop.page.getByRole('button', { name: 'Sign out of all devices' }).click();
  await expect(laptop.page).toHaveURL(/\/sign-in\?signedOut=all/);
  await expect(laptop.page.getByRole('status').filter({ hasText: 'You have signed out on all your devices.' })).toBeVisible();

  // The other browser's next request: refused by the API, and its page goes to sign-in.
  const refused = await listMembers(phoneApi);
  expect(refused.status).toBe(401);
  expect(refused.body?.error?.code).toBe('session.revoked');
  await phone.page.reload();
  await expect(phone.page).toHaveURL(/\/sign-in\?.*reason=session\.revoked/);
  await expect(alert(phone.page, 'You were signed out')).toBeVisible();

  // Signing in again starts a new session that works (the IdP still knows this browser, so it
  // asks for no password: Arbor's sign-out does not sign out of the IdP).
  await startSignIn(phone.page, person.email);
  await expect(activeTenant(phone.page)).toHaveText(tenant.name);
  expect((await listMembers(phoneApi)).status).toBe(401);

  await phoneApi.dispose();
  await laptop.context.close();
  await phone.context.close();
});

test('the account menu closes with Escape and leaves the plain sign-out alone', async ({ browser }) => {
  const person = await newPerson('menu');
  const { context, page } = await signedInContext(browser, person.email);
  const menu = page.getByRole('button', { name: /^Account/ });
  await menu.click();
  await expect(page.getByRole('button', { name: 'Sign out of all devices' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('button', { name: 'Sign out of all devices' })).toBeHidden();
  await context.close();
});
