// A tenant of its own for the Directory sync spec (it provisions people, creates units and saves
// rules, so it shares nothing with other specs): its IdP client, an owner and a member known to
// the IdP, and a unit "Engineering" the department rule builds under.
import { randomBytes } from 'node:crypto';
import { ulid } from 'ulid';
import { addMembership } from '../../lib/members';
import { createUnit } from '../../lib/org';
import { setConnection } from '../../lib/sso';
import { operatorDb, platformDb, tenantDb } from '../../lib/tenancy';
import { createTenant, OPERATOR_ACTOR } from '../../lib/tenants';
import { ensureUser } from '../../lib/users';
import { registerOidcClient, registerOidcUser } from '../../scripts/local-stack/oidc';

export interface DirectoryTenant {
  tenantId: string;
  rootUnitId: string;
  name: string;
  domain: string;
  password: string;
  owner: string;
  member: string;
  engineeringId: string;
}

const need = (name: string) => {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set: run the e2e suite through \`npm test\``);
  return v;
};

export async function createDirectoryTenant(): Promise<DirectoryTenant> {
  const issuer = need('ARBOR_LOCAL_OIDC_ISSUER');
  const adminToken = need('ARBOR_LOCAL_OIDC_ADMIN_TOKEN');
  const run = ulid().toLowerCase().slice(-8);
  const domain = `dirsync-${run}.test`;
  const name = `DirSync ${run}`;
  const password = `e2e-${randomBytes(6).toString('hex')}`;
  const owner = { email: `olga@${domain}`, name: 'Olga Owner' };
  const member = { email: `milo@${domain}`, name: 'Milo Member' };

  const created = await createTenant(operatorDb(), { name, domain, owner });
  const client = { clientId: `e2e-dirsync-${run}`, clientSecret: randomBytes(18).toString('base64url') };
  await registerOidcClient(issuer, adminToken, client);
  await setConnection(operatorDb(), created.tenantId, { issuer, ...client, domains: [domain], jit: false });
  for (const p of [owner, member]) await registerOidcUser(issuer, adminToken, { ...p, password, emailVerified: true });

  const db = await tenantDb(created.tenantId);
  const user = await ensureUser(platformDb(), member.email, member.name);
  await addMembership(db, OPERATOR_ACTOR, { unitId: created.rootUnitId, role: 'member', userId: user.id, email: member.email, name: member.name });
  const engineering = await createUnit(db, OPERATOR_ACTOR, { parentId: created.rootUnitId, name: 'Engineering' });
  return { tenantId: created.tenantId, rootUnitId: created.rootUnitId, name, domain, password, owner: owner.email, member: member.email, engineeringId: engineering.id };
}
