// E2E set-up through the real domain code: two tenants on the local IdP (one provisioning just
// in time, one requiring invitations) plus one whose IdP is down, their OIDC clients and people,
// and the memberships the specs start from. Everything is unique to this run.
import { randomBytes } from 'node:crypto';
import { ulid } from 'ulid';
import { addMembership } from '../../lib/members';
import { setConnection } from '../../lib/domains';
import { operatorDb, platformDb, tenantDb } from '../../lib/tenancy';
import { createTenant, OPERATOR_ACTOR } from '../../lib/tenants';
import { ensureUser } from '../../lib/users';
import { freePort } from '../../scripts/local-stack/ports';
import { registerOidcClient, registerOidcUser, startOidcProvider } from '../../scripts/local-stack/oidc';
import { createE2eUnits } from './units';
import { FIXTURES_ENV, type E2eFixtures, type E2eTenant } from './fixtures';

const need = (name: string) => {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set: run the e2e suite through \`npm test\``);
  return v;
};

export default async function globalSetup() {
  const issuer = need('ARBOR_LOCAL_OIDC_ISSUER');
  const adminToken = need('ARBOR_LOCAL_OIDC_ADMIN_TOKEN');
  const run = ulid().toLowerCase().slice(-8);
  const password = `e2e-${randomBytes(6).toString('hex')}`;

  async function tenant(label: string, jit: boolean, idpIssuer = issuer): Promise<E2eTenant> {
    const domain = `${label.toLowerCase()}-${run}.test`;
    const name = `${label} E2E ${run}`;
    const created = await createTenant(operatorDb(), { name, domain, owner: { email: `owner@${domain}`, name: `${label} Owner` } });
    const client = { clientId: `e2e-${label.toLowerCase()}-${run}`, clientSecret: randomBytes(18).toString('base64url') };
    await registerOidcClient(issuer, adminToken, client);
    await setConnection(operatorDb(), created.tenantId, { issuer: idpIssuer, ...client, domains: [domain], jit });
    return { tenantId: created.tenantId, rootUnitId: created.rootUnitId, name, domain };
  }

  // A second IdP (another issuer) for the tenant switch that needs a new sign-in. It lives in
  // the runner's process until the teardown this set-up returns.
  const otherClient = { clientId: `e2e-initech-${run}`, clientSecret: randomBytes(18).toString('base64url') };
  const otherIdp = await startOidcProvider({ port: 0, appUrl: need('ARBOR_APP_URL'), clients: [otherClient] });

  const acme = await tenant('Acme', true);
  const globex = await tenant('Globex', false);
  const initechDomain = `initech-${run}.test`;
  const initechName = `Initech E2E ${run}`;
  const initechCreated = await createTenant(operatorDb(), { name: initechName, domain: initechDomain, owner: { email: `owner@${initechDomain}`, name: 'Initech Owner' } });
  await setConnection(operatorDb(), initechCreated.tenantId, { issuer: otherIdp.issuer, ...otherClient, domains: [initechDomain], jit: false });
  const initech: E2eTenant = { tenantId: initechCreated.tenantId, rootUnitId: initechCreated.rootUnitId, name: initechName, domain: initechDomain };
  // Nothing listens on a port just handed out and released.
  const down = await tenant('Down', false, `http://127.0.0.1:${await freePort()}`);

  const people: E2eFixtures['people'] = {
    acmeOwner: `owner@${acme.domain}`,
    globexOwner: `owner@${globex.domain}`,
    both: `casey@${acme.domain}`,
    twoIdps: `dana@${acme.domain}`,
    leaver: `lee@${acme.domain}`,
    newcomer: `nina@${acme.domain}`,
    stranger: `stan@${globex.domain}`,
    unverified: `uma@${acme.domain}`,
  };
  const names: Record<string, string> = {
    [people.both]: 'Casey Both', [people.twoIdps]: 'Dana Two-IdPs', [people.leaver]: 'Lee Leaver', [people.newcomer]: 'Nina Newcomer',
    [people.stranger]: 'Stan Stranger', [people.unverified]: 'Uma Unverified', [people.acmeOwner]: 'Acme Owner', [people.globexOwner]: 'Globex Owner',
  };
  for (const email of Object.values(people)) {
    await registerOidcUser(issuer, adminToken, { email, name: names[email], password, emailVerified: email !== people.unverified });
  }

  async function member(t: E2eTenant, email: string) {
    const user = await ensureUser(platformDb(), email, names[email]);
    await addMembership(await tenantDb(t.tenantId), OPERATOR_ACTOR, { unitId: t.rootUnitId, role: 'member', userId: user.id, email, name: names[email] });
  }
  await member(acme, people.both);
  await member(globex, people.both);
  await member(acme, people.leaver);
  await member(acme, people.twoIdps);
  await member(initech, people.twoIdps);
  // Initech's IdP knows Dana too (a guest account there, with the same address).
  otherIdp.addUser({ email: people.twoIdps, name: names[people.twoIdps], password });

  const units = { acme: await createE2eUnits(acme, ['Engineering', 'Platform squad']), globex: await createE2eUnits(globex, ['Research', 'Labs']) };
  const fixtures: E2eFixtures = { password, acme, globex, down, initech, otherIssuer: otherIdp.issuer, units, people };
  process.env[FIXTURES_ENV] = JSON.stringify(fixtures);
  return () => otherIdp.stop();
}
