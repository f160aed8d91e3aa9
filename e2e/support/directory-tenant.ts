// A tenant of its own for the Directory sync spec (it provisions people, creates units and saves
// rules, so it shares nothing with other specs): its IdP client, an owner and a member known to
// the IdP, and a unit "Engineering" the department rule builds under.
import { addMembership } from '../../lib/members';
import { createUnit } from '../../lib/org';
import { platformDb, tenantDb } from '../../lib/tenancy';
import { OPERATOR_ACTOR } from '../../lib/tenants';
import { ensureUser } from '../../lib/users';
import { createIdpTenant } from './idp-tenant';

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

export async function createDirectoryTenant(): Promise<DirectoryTenant> {
  const owner = { local: 'olga', name: 'Olga Owner' };
  const member = { local: 'milo', name: 'Milo Member' };
  const t = await createIdpTenant('DirSync', [owner, member]);
  const memberEmail = `${member.local}@${t.domain}`;
  const db = await tenantDb(t.tenantId);
  const user = await ensureUser(platformDb(), memberEmail, member.name);
  await addMembership(db, OPERATOR_ACTOR, { unitId: t.rootUnitId, role: 'member', userId: user.id, email: memberEmail, name: member.name });
  const engineering = await createUnit(db, OPERATOR_ACTOR, { parentId: t.rootUnitId, name: 'Engineering' });
  return { ...t, owner: `${owner.local}@${t.domain}`, member: memberEmail, engineeringId: engineering.id };
}
