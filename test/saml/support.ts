// Shared set-up for the SAML tests: a tenant whose connection is the local SAML IdP (started by
// each suite, so it also holds the IdP's key), and the browser's part at that IdP.
import { ulid } from 'ulid';
import { type SamlConnection } from '../../lib/sso';
import { setConnection } from '../../lib/domains';
import { DEMO_PASSWORD } from '../../scripts/local-stack/oidc';
import type { LocalSamlIdp } from '../../scripts/local-stack/saml';
import { newTenant } from '../support/fixtures';
import { testOperatorDb } from '../support/tenancy';

export type SamlTenantMaker = ReturnType<typeof samlTenantMaker>;

export const samlTenantMaker = (idp: LocalSamlIdp) => async (options: { jit?: boolean; idpInitiated?: boolean } = {}) => {
  const t = await newTenant('Saml');
  const connection = (await setConnection(testOperatorDb(), t.tenantId, {
    protocol: 'saml', metadataUrl: idp.metadataUrl, domains: [t.domain], jit: options.jit ?? true, idpInitiated: options.idpInitiated,
  })) as SamlConnection;
  return { ...t, connection };
};

/** A person of the tenant's domain, known to the IdP. */
export function samlPerson(idp: LocalSamlIdp, domain: string): string {
  const email = `p-${ulid().toLowerCase()}@${domain}`;
  idp.addUser({ email, name: 'Pat Person', password: DEMO_PASSWORD });
  return email;
}

const field = (html: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1]?.replace(/&amp;/g, '&').replace(/&quot;/g, '"');

/** The browser's part at the IdP: open the AuthnRequest URL, sign in, read the posted response. */
export async function atTheIdp(url: string, email: string): Promise<string> {
  const login = await (await fetch(url)).text();
  const action = /<form method="post" action="([^"]*)"/.exec(login)![1];
  const hidden = Object.fromEntries([...login.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]));
  const answer = await fetch(new URL(action, url), { method: 'POST', body: new URLSearchParams({ ...hidden, email, password: DEMO_PASSWORD, action: 'login' }) });
  return field(await answer.text(), 'SAMLResponse')!;
}
