// SSO sign-in through the real local IdP: each tenant, the two-tenant member switching, sign-out,
// revocation on the next navigation, and every failure page a person can meet.
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { removeUserFromTenant } from '../lib/members';
import { OPERATOR_ACTOR } from '../lib/tenants';
import { platformDb, tenantDb } from '../lib/tenancy';
import { getUserByEmail } from '../lib/users';
import { encodeSessionToken, newSessionId } from '../lib/auth/session-token';
import { fixtures } from './support/fixtures';
import { activeTenant, alert, signIn, startSignIn } from './support/sign-in';

const f = fixtures();
/** The console lands on the tenant's top unit, its tree showing the first level below it. */
const treeShows = (page: Page, units: string[]) => expect(page.getByRole('treeitem', { name: units[0], exact: true })).toBeVisible();

test('a member of Acme signs in through the IdP and lands in Acme', async ({ page }) => {
  await signIn(page, f.people.acmeOwner, f.password);
  await expect(activeTenant(page)).toHaveText(f.acme.name);
  await expect(page.getByRole('heading', { level: 1, name: f.acme.name })).toBeVisible();
  await treeShows(page, f.units.acme);
});

test('a member of Globex signs in and lands in Globex', async ({ page }) => {
  await signIn(page, f.people.globexOwner, f.password);
  await expect(activeTenant(page)).toHaveText(f.globex.name);
  await treeShows(page, f.units.globex);
});

test('a member of two tenants picks one, then switches from the header without signing in again', async ({ page }) => {
  await signIn(page, f.people.both, f.password);
  await expect(page.getByRole('heading', { name: 'Choose an organization' })).toBeVisible();
  await page.getByRole('button', { name: f.acme.name }).click();
  await expect(activeTenant(page)).toHaveText(f.acme.name);
  await treeShows(page, f.units.acme);

  const idpVisits: string[] = [];
  page.on('request', (r) => {
    if (r.url().startsWith(process.env.ARBOR_LOCAL_OIDC_ISSUER!)) idpVisits.push(r.url());
  });
  await page.getByLabel('Switch organization').selectOption({ label: f.globex.name });
  await expect(activeTenant(page)).toHaveText(f.globex.name);
  await treeShows(page, f.units.globex);
  expect(idpVisits, 'same issuer: no trip to the IdP').toEqual([]);
});

test('switching to a tenant on another IdP goes through that IdP, and back', async ({ page }) => {
  await signIn(page, f.people.twoIdps, f.password);
  await expect(page.getByRole('heading', { name: 'Choose an organization' })).toBeVisible();
  await page.getByRole('button', { name: f.initech.name }).click();
  // Initech trusts another issuer: its IdP asks for the password.
  await page.waitForURL((url) => url.href.startsWith(f.otherIssuer));
  await expect(page.getByLabel('Email')).toHaveValue(f.people.twoIdps);
  await page.getByLabel('Password').fill(f.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(activeTenant(page)).toHaveText(f.initech.name);

  // Back to Acme: through the first IdP again, which still has a session (no password).
  await page.getByLabel('Switch organization').selectOption({ label: f.acme.name });
  await expect(activeTenant(page)).toHaveText(f.acme.name);
  await treeShows(page, f.units.acme);
});

test('signing out ends the session; protected pages send the browser to sign-in and back', async ({ page }) => {
  await signIn(page, f.people.acmeOwner, f.password);
  await expect(activeTenant(page)).toHaveText(f.acme.name);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('status')).toHaveText('You have signed out.');

  await page.goto(`/units/${f.acme.rootUnitId}?view=tree`);
  await expect(page).toHaveURL(new RegExp(`/sign-in\\?callbackUrl=%2Funits%2F${f.acme.rootUnitId}%3Fview%3Dtree`));
  // Signing out of Arbor leaves the IdP's own session: it vouches again without a password.
  await startSignIn(page, f.people.acmeOwner, page.url());
  await expect(page).toHaveURL(new RegExp(`/units/${f.acme.rootUnitId}\\?view=tree$`));
  await expect(activeTenant(page)).toHaveText(f.acme.name);
});

test('after signing out, another person signs in from the same browser', async ({ page }) => {
  await signIn(page, f.people.acmeOwner, f.password);
  await page.getByRole('button', { name: 'Sign out' }).click();
  // The IdP still has Acme's owner signed in, but shows its form for the address typed at Arbor.
  await signIn(page, f.people.globexOwner, f.password);
  await expect(activeTenant(page)).toHaveText(f.globex.name);
});

test('someone removed from the tenant loses access on their next navigation', async ({ page }) => {
  await signIn(page, f.people.leaver, f.password);
  await expect(activeTenant(page)).toHaveText(f.acme.name);

  const user = await getUserByEmail(platformDb(), f.people.leaver);
  await removeUserFromTenant(await tenantDb(f.acme.tenantId), OPERATOR_ACTOR, user!.id);

  await page.reload();
  await expect(alert(page, 'You no longer have access')).toBeVisible();
  await expect(activeTenant(page)).toHaveCount(0);
});

test('an unknown domain and a personal email provider get clear messages', async ({ page }) => {
  await startSignIn(page, `someone@unknown-${Date.now()}.test`);
  await expect(alert(page, 'No organization on Arbor signs in with')).toBeVisible();
  await page.getByLabel('Work email').fill('someone@gmail.com');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(alert(page, 'personal email provider')).toBeVisible();
});

test('a tenant that provisions just in time lets a new colleague in', async ({ page }) => {
  await signIn(page, f.people.newcomer, f.password);
  await expect(activeTenant(page)).toHaveText(f.acme.name);
});

test('a tenant that requires invitations refuses someone without one', async ({ page }) => {
  await signIn(page, f.people.stranger, f.password);
  await expect(page.getByRole('heading', { name: 'Your organization requires an invitation' })).toBeVisible();
  await page.goto('/');
  await expect(page).toHaveURL(/\/sign-in/);
});

test('an unverified email is refused', async ({ page }) => {
  await signIn(page, f.people.unverified, f.password);
  await expect(page.getByRole('heading', { name: 'Your email address is not verified' })).toBeVisible();
});

test('an error answer from the IdP gets its own page', async ({ page }) => {
  await startSignIn(page, f.people.acmeOwner);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name: 'Your identity provider refused the sign-in' })).toBeVisible();
});

test('an IdP that does not answer gets its own page', async ({ page }) => {
  await startSignIn(page, `someone@${f.down.domain}`);
  await expect(page.getByRole('heading', { name: 'Your identity provider is not responding' })).toBeVisible();
});

test('a callback whose state does not match the sign-in is refused', async ({ page }) => {
  await startSignIn(page, f.people.acmeOwner);
  await expect(page.getByRole('heading', { name: 'Arbor local IdP' })).toBeVisible();
  await page.goto('/api/auth/callback/sso?code=forged&state=forged');
  await expect(page.getByRole('heading', { name: 'This sign-in link is not valid' })).toBeVisible();
  await page.goto('/');
  await expect(page).toHaveURL(/\/sign-in/);
});

test('a tampered session cookie is refused with a message', async ({ page, context, baseURL }) => {
  await signIn(page, f.people.acmeOwner, f.password);
  const session = (await context.cookies()).find((c) => c.name === 'next-auth.session-token')!;
  const tampered = session.value.slice(0, -4) + (session.value.endsWith('AAAA') ? 'BBBB' : 'AAAA');
  await context.addCookies([{ name: session.name, value: tampered, url: baseURL! }]);
  await page.goto('/');
  await expect(page).toHaveURL(/\/sign-in/);
  await expect(alert(page, 'Your session could not be verified')).toBeVisible();
});

test('an expired session sends the person to sign in with a message', async ({ page, context, baseURL }) => {
  const user = await getUserByEmail(platformDb(), f.people.acmeOwner);
  const claims = { userId: user!.id, email: user!.email, name: user!.name, tenantId: f.acme.tenantId, issuer: process.env.ARBOR_LOCAL_OIDC_ISSUER!, sessionId: newSessionId() };
  await context.addCookies([{ name: 'next-auth.session-token', value: await encodeSessionToken(claims, -60), url: baseURL! }]);
  await page.goto('/');
  await expect(page).toHaveURL(/\/sign-in/);
  await expect(alert(page, 'Your session expired')).toBeVisible();
});
