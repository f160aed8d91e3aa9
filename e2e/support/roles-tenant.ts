// A tenant of its own for the roles spec (it defines, assigns, changes and deletes roles): an
// owner known to the IdP, a Finance division two levels deep, and people to give roles to.
import { addMembership } from '../../lib/members';
import { createUnit } from '../../lib/org';
import { platformDb, tenantDb } from '../../lib/tenancy';
import { OPERATOR_ACTOR } from '../../lib/tenants';
import { ensureUser } from '../../lib/users';
import { createIdpTenant } from './idp-tenant';

export interface RolesTenant {
  tenantId: string;
  /** The organization's email domain (its IdP's, and its directory's people's). */
  domain: string;
  password: string;
  owner: { email: string; name: string };
  units: Record<'Finance' | 'Payroll' | 'Payments', string>;
  /** Pat is a member of Finance (given the role there); Dee is deep in it, in Payments. */
  people: Record<'pat' | 'dee', { email: string; name: string; userId: string }>;
}

export async function createRolesTenant(): Promise<RolesTenant> {
  const ownerPerson = { local: 'olive', name: 'Olive Owner' };
  const t = await createIdpTenant('RolesCo', [ownerPerson]);
  const db = await tenantDb(t.tenantId);
  const unit = (parentId: string, name: string) => createUnit(db, OPERATOR_ACTOR, { parentId, name }).then((u) => u.id);
  const finance = await unit(t.rootUnitId, 'Finance');
  const payroll = await unit(finance, 'Payroll');
  const payments = await unit(payroll, 'Payments');
  const place = async (local: string, name: string, unitId: string) => {
    const email = `${local}@${t.domain}`;
    const user = await ensureUser(platformDb(), email, name);
    await addMembership(db, OPERATOR_ACTOR, { unitId, role: 'member', userId: user.id, email, name });
    return { email, name, userId: user.id };
  };
  return {
    tenantId: t.tenantId,
    domain: t.domain,
    password: t.password,
    owner: { email: `${ownerPerson.local}@${t.domain}`, name: ownerPerson.name },
    units: { Finance: finance, Payroll: payroll, Payments: payments },
    people: { pat: await place('pat', 'Pat Person', finance), dee: await place('dee', 'Dee Deep', payments) },
  };
}
