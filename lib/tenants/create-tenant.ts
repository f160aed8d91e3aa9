// P4: create a tenant with its root unit, its first owner and its email domain, atomically.
// Runs with the operator's credentials (CLI, seeds): it is the one write that spans the
// platform items and a new tenant's partition.
import { ulid } from 'ulid';
import { auditEntryPut } from '../audit';
import { keys, transactWrite, type PlatformDb } from '../db';
import { domainTaken } from './errors';
import { tenantUserItem, unitMemberItem, userMembershipItem, type Membership } from '../members/membership-items';
import { DEFAULT_UNIT_LIMIT, rootPath, unitItem } from '../org/unit-item';
import { getUserByEmail, newUserPuts, type User } from '../users';
import { nameWordPuts } from '../items/name-words';
import { validateEmail, validateName } from '../validation';
import { validateDomain } from './domains';

export interface CreateTenantInput {
  name: string;
  domain: string;
  owner: { email: string; name: string };
}

export interface CreatedTenant {
  tenantId: string;
  rootUnitId: string;
  ownerUserId: string;
  domain: string;
}

export const OPERATOR_ACTOR = { userId: 'operator', email: 'operator@arbor' };

export async function createTenant(db: PlatformDb, input: CreateTenantInput): Promise<CreatedTenant> {
  const name = validateName(input.name, 'tenant');
  const domain = validateDomain(input.domain);
  const ownerEmail = validateEmail(input.owner.email);
  const ownerName = validateName(input.owner.name, 'user');

  const existing = await getUserByEmail(db, ownerEmail);
  const owner: User = existing ?? { id: ulid(), email: ownerEmail, name: ownerName, createdAt: new Date().toISOString() };
  const tenantId = ulid();
  const rootUnitId = ulid();
  const now = new Date().toISOString();
  const tenantDb = { client: db.client, tableName: db.tableName, tenantId };
  const put = (Item: Record<string, unknown>) => ({
    Put: { TableName: db.tableName, Item, ConditionExpression: 'attribute_not_exists(PK)' },
  });
  const membership: Membership = {
    tenantId, unitId: rootUnitId, userId: owner.id, role: 'owner', email: owner.email, name: owner.name,
    unitPath: rootPath(rootUnitId), version: 1, createdAt: now, updatedAt: now,
  };

  const items = [
    // GSI4 `TENANTS` lists every tenant for the operator (`tenant list`); only the id is projected.
    put({ ...keys.tenantRegistry(tenantId), type: 'tenantDirectory', tenantId, name, domains: [domain], createdAt: now, version: 1, GSI4PK: keys.gsi4.tenants(), GSI4SK: tenantId }),
    put({
      ...keys.tenantSettings(tenantId), type: 'tenant', tenantId, name, rootUnitId, domains: [domain],
      unitCount: 1, unitLimit: DEFAULT_UNIT_LIMIT, ownerCount: 1, version: 1, createdAt: now, updatedAt: now,
    }),
    put(unitItem({
      tenantId, id: rootUnitId, name, parentId: null, path: rootPath(rootUnitId), depth: 0,
      childCount: 0, memberCount: 1, version: 1, createdAt: now, updatedAt: now,
      administrators: { [owner.id]: { role: 'owner', name: owner.name, email: owner.email } },
    })),
    put(unitMemberItem(membership)),
    put(userMembershipItem(membership)),
    put(tenantUserItem({ tenantId, userId: owner.id, email: owner.email, name: owner.name, memberships: [{ unitId: rootUnitId, role: 'owner' }], joinedAt: now })),
    put({ ...keys.domainClaim(domain), type: 'domainClaim', tenantId, domain, connection: null, version: 1, createdAt: now }),
    ...(existing ? [] : newUserPuts(db.tableName, owner)),
    auditEntryPut(tenantDb, {
      actor: OPERATOR_ACTOR, action: 'tenant.create', target: { type: 'tenant', id: tenantId, label: name },
      unitId: rootUnitId, after: { name, domain, owner: owner.email },
    }),
    // The root's and the owner's name words (T10), last so the indices above stay put.
    ...nameWordPuts(tenantDb, { kind: 'unit', id: rootUnitId }, name),
    ...nameWordPuts(tenantDb, { kind: 'tenantUser', id: owner.id }, owner.name),
  ];
  const domainIndex = 6;

  const failed = await transactWrite(db, items);
  if (failed?.some((f) => f.index === domainIndex)) throw domainTaken(domain);
  // The owner's email was registered concurrently: again, with that identity.
  if (failed && !existing) return createTenant(db, input);
  if (failed) throw new Error(`createTenant: conditions failed at ${failed.map((f) => f.index).join(', ')}`);
  return { tenantId, rootUnitId, ownerUserId: owner.id, domain };
}
