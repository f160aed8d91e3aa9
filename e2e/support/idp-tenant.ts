// A tenant of its own on the local IdP, for specs that change what they touch: the tenant (its
// first person is the owner), an OIDC client of its own with JIT off, and every person known to
// the IdP with one password. The specs' tenant builders (people, tree, directory sync) add their
// units and memberships on top.
import { randomBytes } from 'node:crypto';
import { ulid } from 'ulid';
import { setConnection } from '../../lib/domains';
import { operatorDb } from '../../lib/tenancy';
import { createTenant } from '../../lib/tenants';
import { registerOidcClient, registerOidcUser } from '../../scripts/local-stack/oidc';

export interface IdpTenant {
  tenantId: string;
  rootUnitId: string;
  ownerUserId: string;
  /** `<label> <run>`. */
  name: string;
  /** `<label, lower-cased>-<run>.test`. */
  domain: string;
  password: string;
}

export interface IdpPerson {
  /** The address before `@<domain>`. */
  local: string;
  name: string;
}

const need = (name: string) => {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set: run the e2e suite through \`npm test\``);
  return v;
};

/** `people[0]` owns the tenant; everyone signs in at the local IdP with the returned password. */
export async function createIdpTenant(label: string, people: [IdpPerson, ...IdpPerson[]]): Promise<IdpTenant> {
  const issuer = need('ARBOR_LOCAL_OIDC_ISSUER');
  const adminToken = need('ARBOR_LOCAL_OIDC_ADMIN_TOKEN');
  const run = ulid().toLowerCase().slice(-8);
  const domain = `${label.toLowerCase()}-${run}.test`;
  const name = `${label} ${run}`;
  const password = `e2e-${randomBytes(6).toString('hex')}`;
  const email = (p: IdpPerson) => `${p.local}@${domain}`;

  const created = await createTenant(operatorDb(), { name, domain, owner: { email: email(people[0]), name: people[0].name } });
  const client = { clientId: `e2e-${label.toLowerCase()}-${run}`, clientSecret: randomBytes(18).toString('base64url') };
  await registerOidcClient(issuer, adminToken, client);
  await setConnection(operatorDb(), created.tenantId, { issuer, ...client, domains: [domain], jit: false });
  for (const p of people) await registerOidcUser(issuer, adminToken, { email: email(p), name: p.name, password, emailVerified: true });
  return { tenantId: created.tenantId, rootUnitId: created.rootUnitId, ownerUserId: created.ownerUserId, name, domain, password };
}
