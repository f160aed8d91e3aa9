// A tenant of its own that signs in by SAML through a local SAML IdP the spec starts (so the
// spec also holds the IdP's key, to forge responses with it), and signing in as a person does.
import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { ulid } from 'ulid';
import type { SamlConnection } from '../../lib/sso';
import { setConnection } from '../../lib/domains';
import { operatorDb } from '../../lib/tenancy';
import { createTenant } from '../../lib/tenants';
import type { LocalSamlIdp } from '../../scripts/local-stack/saml';

export interface SamlTenant {
  tenantId: string;
  rootUnitId: string;
  name: string;
  domain: string;
  password: string;
  owner: string;
  connection: SamlConnection;
}

export async function createSamlTenant(idp: LocalSamlIdp, label: string, options: { jit?: boolean; idpInitiated?: boolean } = {}): Promise<SamlTenant> {
  const run = ulid().toLowerCase().slice(-8);
  const domain = `${label.toLowerCase()}-${run}.test`;
  const name = `${label} ${run}`;
  const owner = `owner@${domain}`;
  const password = `e2e-${randomBytes(6).toString('hex')}`;
  const created = await createTenant(operatorDb(), { name, domain, owner: { email: owner, name: `${label} Owner` } });
  const connection = (await setConnection(operatorDb(), created.tenantId, {
    protocol: 'saml', metadataUrl: idp.metadataUrl, domains: [domain], jit: options.jit ?? false, idpInitiated: options.idpInitiated ?? false,
  })) as SamlConnection;
  idp.addUser({ email: owner, name: `${label} Owner`, password });
  return { tenantId: created.tenantId, rootUnitId: created.rootUnitId, name, domain, password, owner, connection };
}

/** Work email on Arbor, then the SAML IdP's login form; waits until the browser is back in Arbor. */
export async function signInWithSaml(page: Page, email: string, password: string, path = '/sign-in') {
  await page.goto(path);
  await page.getByLabel('Work email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Arbor local SAML IdP' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const app = new URL(process.env.ARBOR_APP_URL!).origin;
  await page.waitForURL((url) => url.origin === app && !url.pathname.startsWith('/api/'));
}
