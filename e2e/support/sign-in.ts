// Signing in the way a person does: work email on Arbor, password at the local IdP.
import { expect, type Page } from '@playwright/test';

export async function startSignIn(page: Page, email: string, path = '/sign-in') {
  await page.goto(path);
  await page.getByLabel('Work email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** Signs in through the local IdP and waits until the browser is back in Arbor. */
export async function signIn(page: Page, email: string, password: string, path = '/sign-in') {
  await startSignIn(page, email, path);
  await expect(page.getByRole('heading', { name: 'Arbor local IdP' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const idp = process.env.ARBOR_LOCAL_OIDC_ISSUER ?? '';
  await page.waitForURL((url) => !url.href.startsWith(idp) && !url.pathname.startsWith('/api/auth'));
}

export function activeTenant(page: Page) {
  return page.getByTestId('active-tenant');
}

/** An alert with this text (Next's route announcer is an empty alert too). */
export function alert(page: Page, text: string) {
  return page.getByRole('alert').filter({ hasText: text });
}
