// Demo data for `npm run dev`: the demo tenants with their trees, people and SSO connections
// to the local IdPs (Acme and Globex by OpenID Connect, Initech by SAML). Runs with the operator's access (the platform operator seeds),
// through the IAM gateway like any other request, and only when the demo domain is unclaimed.
import { parseConfig } from '../../lib/config';
import { getConnection } from '../../lib/sso';
import { setConnection } from '../../lib/domains';
import { createTenancy, tenancySettingsFromConfig } from '../../lib/tenancy';
import { createTenant, OPERATOR_ACTOR } from '../../lib/tenants';
import { createUnit } from '../../lib/org';
import { addMembership } from '../../lib/members';
import { ensureUser } from '../../lib/users';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { keys, type PlatformDb, type TenantDb } from '../../lib/db';
import { DEMO_USERS, demoConnection } from '../local-stack/oidc';
import { SAML_DEMO_USERS } from '../local-stack/saml';
import { DEMO_TENANTS, type DemoTenantSpec, type TreeSpec } from './demo-trees';

export async function seedDemoIfEmpty(env: Record<string, string>): Promise<boolean> {
  const tenancy = createTenancy(tenancySettingsFromConfig(parseConfig({ ...process.env, ...env })));
  const operator = tenancy.operatorDb();
  let seeded = false;
  // Each demo tenant on its own: data from before a tenant was added to the demo gets just that one.
  for (const spec of DEMO_TENANTS) {
    const tenantId = await claimedTenantId(operator, spec.domain);
    if (tenantId) await refreshConnection(operator, tenantId, spec, env);
    else {
      await seedTenant(operator, spec, env);
      seeded = true;
    }
  }
  return seeded;
}

/** The demo domains are the operator's to vouch for: their claims are written verified. */
const connectionFor = (spec: DemoTenantSpec, env: Record<string, string>) =>
  spec.saml
    ? { protocol: 'saml' as const, metadataUrl: env.ARBOR_LOCAL_SAML_METADATA_URL, domains: [spec.domain], jit: true }
    : demoConnection(spec.domain, env.ARBOR_LOCAL_OIDC_ISSUER);

async function seedTenant(operator: PlatformDb, spec: DemoTenantSpec, env: Record<string, string>) {
  const created = await createTenant(operator, { name: spec.name, domain: spec.domain, owner: spec.owner });
  await setConnection(operator, created.tenantId, connectionFor(spec, env));
  const db: TenantDb = { ...operator, tenantId: created.tenantId };

  const unitIds = new Map<string, string>([[spec.name, created.rootUnitId]]);
  const build = async (parentId: string, nodes: TreeSpec[]) => {
    for (const [name, children] of nodes) {
      const unit = await createUnit(db, OPERATOR_ACTOR, { parentId, name });
      unitIds.set(name, unit.id);
      if (children) await build(unit.id, children);
    }
  };
  await build(created.rootUnitId, spec.tree);

  const place = async (email: string, name: string, unitName: string, role: 'owner' | 'admin' | 'manager' | 'member') => {
    const user = await ensureUser(operator, email, name);
    await addMembership(db, OPERATOR_ACTOR, { unitId: unitIds.get(unitName)!, role, userId: user.id, email, name });
  };
  for (const account of [...DEMO_USERS, ...SAML_DEMO_USERS]) {
    const membership = account.tenants.find((t) => t.domain === spec.domain);
    if (!membership || account.email === spec.owner.email) continue;
    const unitName = membership.role === 'owner' || membership.role === 'admin' ? spec.name : (spec.placements[account.email] ?? spec.name);
    await place(account.email, account.name, unitName, membership.role);
  }
  for (const [name, unitName, role] of spec.people) {
    const email = `${name.split(' ')[0].toLowerCase()}.${name.split(' ')[1].toLowerCase()}@${spec.domain}`;
    await place(email, name, unitName, role);
  }
}

/**
 * The IdPs' ports are fixed in dev, but keep the demo connections pointing at them regardless; the
 * local SAML IdP makes a new signing key at each start, so its metadata is imported again.
 */
async function refreshConnection(operator: PlatformDb, tenantId: string, spec: DemoTenantSpec, env: Record<string, string>) {
  const current = await getConnection(operator, tenantId);
  if (spec.saml || current?.issuer !== env.ARBOR_LOCAL_OIDC_ISSUER) await setConnection(operator, tenantId, connectionFor(spec, env));
}

/** The tenant that holds `domain`'s claim, if any. */
export async function claimedTenantId(operator: PlatformDb, domain: string): Promise<string | undefined> {
  const out = await operator.client.send(new GetCommand({ TableName: operator.tableName, Key: keys.domainClaim(domain) }));
  return out.Item?.tenantId as string | undefined;
}
