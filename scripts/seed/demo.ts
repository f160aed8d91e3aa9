// Demo data for `npm run dev`: the two demo tenants with their trees, people and SSO
// connections to the local IdP. Runs with the operator's access (the platform operator seeds),
// through the IAM gateway like any other request, and only when the demo domain is unclaimed.
import { parseConfig } from '../../lib/config';
import { getConnection, setConnection } from '../../lib/sso';
import { createTenancy, tenancySettingsFromConfig } from '../../lib/tenancy';
import { createTenant, OPERATOR_ACTOR } from '../../lib/tenants';
import { createUnit } from '../../lib/org';
import { addMembership } from '../../lib/members';
import { ensureUser } from '../../lib/users';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { keys, type PlatformDb, type TenantDb } from '../../lib/db';
import { DEMO_USERS, demoConnection } from '../local-stack/oidc';
import { DEMO_TENANTS, type DemoTenantSpec, type TreeSpec } from './demo-trees';

export async function seedDemoIfEmpty(env: Record<string, string>): Promise<boolean> {
  const tenancy = createTenancy(tenancySettingsFromConfig(parseConfig({ ...process.env, ...env })));
  const operator = tenancy.operatorDb();
  if (await claimedTenantId(operator, DEMO_TENANTS[0].domain)) {
    await refreshConnections(operator, env.ARBOR_LOCAL_OIDC_ISSUER);
    return false;
  }
  for (const spec of DEMO_TENANTS) await seedTenant(operator, spec, env.ARBOR_LOCAL_OIDC_ISSUER);
  return true;
}

async function seedTenant(operator: PlatformDb, spec: DemoTenantSpec, issuer: string) {
  const created = await createTenant(operator, { name: spec.name, domain: spec.domain, owner: spec.owner });
  await setConnection(operator, created.tenantId, demoConnection(spec.domain, issuer));
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
  for (const account of DEMO_USERS) {
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

/** The IdP's port is fixed in dev, but keep the demo connections pointing at it regardless. */
async function refreshConnections(operator: PlatformDb, issuer: string) {
  for (const spec of DEMO_TENANTS) {
    const tenantId = await claimedTenantId(operator, spec.domain);
    if (!tenantId) continue;
    const current = await getConnection(operator, tenantId);
    if (current?.issuer !== issuer) await setConnection(operator, tenantId, demoConnection(spec.domain, issuer));
  }
}

async function claimedTenantId(operator: PlatformDb, domain: string): Promise<string | undefined> {
  const out = await operator.client.send(new GetCommand({ TableName: operator.tableName, Key: keys.domainClaim(domain) }));
  return out.Item?.tenantId as string | undefined;
}
