// Seeds a large tenant fast, with exactly the items the app itself would have written: the tenant
// is created through P4 (createTenant), then every unit, sibling-name claim, name word, membership
// (both directions), tenant profile, global user and audit entry is built by lib's own item
// builders and bulk-loaded with BatchWriteItem straight into DynamoDB Local; the counters the app
// keeps (childCount, memberCount, membershipCount, unitCount) are set to what those writes add up
// to. unitCount is written last, so a tenant whose load was cut short still shows a count of 1.
// Used by the bench and by `npm run dev -- --demo-units`.
import { auditEntryPut } from '../../lib/audit';
import { keys, updateItem, type DocumentClient, type TenantDb } from '../../lib/db';
import { tenantUserItem, unitMemberItem, userMembershipItem, type Membership } from '../../lib/members/membership-items';
import { administers } from '../../lib/members/unit-administrators';
import { siblingNamePut } from '../../lib/org/sibling-name';
import { unitItem, type UnitAdministrator } from '../../lib/org/unit-item';
import { nameWordItems } from '../../lib/items/name-words';
import { createTenant } from '../../lib/tenants';
import { newUserPuts } from '../../lib/users';
import { bulkPut, type BulkPutOptions } from './bulk-put';
import { roleCatalogueItem } from '../../lib/roles/catalogue-item';
import type { RoleCatalogue } from '../../lib/authz';
import { PlanBuilder, type PlanNames, type PlannedCustomRoles, type PlannedUnit, type TenantPlan } from './tenant-plan';

export interface BulkSeedOptions {
  name: string;
  domain: string;
  /** The first owner: an existing user with this email becomes owner, as in P4. */
  owner: { email: string; name: string };
  /** Seed of the tree's shape (the same seed, the same shape). */
  seed: number;
  membershipsPerUnit: number;
  peoplePerUnit: number;
  /** Builds the units under the root (the root exists already). */
  shape: (plan: PlanBuilder) => void;
  names?: PlanNames;
  /** The tenant's role catalogue, and the share of memberships holding one of its roles. */
  catalogue?: { catalogue: RoleCatalogue; share: number };
  /** How the items are written (bulk-put.ts): batches by default. */
  via?: BulkPutOptions['via'];
  /** Called as the bulk load goes, with items stored and items in all. */
  onProgress?: (written: number, total: number) => void;
}

export interface BulkSeededTenant extends TenantPlan {
  tenantId: string;
  name: string;
  domain: string;
  rootUnitId: string;
  owner: { id: string; email: string; name: string };
  /** Items written by the bulk load (besides P4's). */
  itemCount: number;
  seedMs: number;
}

/** The item of a transaction Put built by lib (the bulk load writes the same item). */
const itemOf = (put: { Put?: { Item?: Record<string, unknown> } }) => put.Put!.Item!;

export async function bulkSeedTenant(direct: { client: DocumentClient; tableName: string }, options: BulkSeedOptions): Promise<BulkSeededTenant> {
  const started = Date.now();
  const { name, domain } = options;
  const created = await createTenant(direct, { name, domain, owner: options.owner });
  const db: TenantDb = { client: direct.client, tableName: direct.tableName, tenantId: created.tenantId };
  const owner = { id: created.ownerUserId, ...options.owner };
  const actor = { userId: owner.id, email: owner.email };

  const builder = new PlanBuilder({ id: created.rootUnitId, name }, options.seed, options.names);
  options.shape(builder);
  const customRoles: PlannedCustomRoles | undefined = options.catalogue && { keys: Object.keys(options.catalogue.catalogue.roles), share: options.catalogue.share };
  const plan = builder.finish({ domain, membershipsPerUnit: options.membershipsPerUnit, peoplePerUnit: options.peoplePerUnit, customRoles });
  const now = new Date().toISOString();
  const unitById = new Map(plan.units.map((u) => [u.id, u]));
  const personById = new Map(plan.people.map((p) => [p.id, p]));
  const items: Record<string, unknown>[] = options.catalogue ? [roleCatalogueItem(db.tenantId, options.catalogue.catalogue)] : [];

  // Each unit's administrators map, as the membership writes would leave it (the root's owner included).
  const administrators = new Map<string, Record<string, UnitAdministrator>>([
    [created.rootUnitId, { [owner.id]: { role: 'owner', name: owner.name, email: owner.email } }],
  ]);
  for (const m of plan.memberships) {
    if (!administers(m.role)) continue;
    const p = personById.get(m.userId)!;
    administrators.set(m.unitId, { ...administrators.get(m.unitId), [m.userId]: { role: m.role, name: p.name, email: p.email } });
  }
  for (const u of plan.units) {
    const isRoot = u.parentId === null;
    // The root was written by P4 with its owner membership: rewrite it with the final counts.
    items.push(unitItem({
      ...unitFields(db.tenantId, u, now), memberCount: u.memberCount + (isRoot ? 1 : 0), administrators: administrators.get(u.id) ?? {},
    }));
    if (isRoot) continue;
    items.push(itemOf(siblingNamePut(db, u.parentId!, u.name, u.id)));
    items.push(...nameWordItems(db.tenantId, { kind: 'unit', id: u.id }, u.name));
    items.push(itemOf(auditEntryPut(db, {
      actor, action: 'unit.create', target: { type: 'unit', id: u.id, label: u.name }, unitId: u.id,
      after: { name: u.name, parentId: u.parentId, path: u.path },
    })));
  }
  const membershipsOf = new Map<string, typeof plan.memberships>();
  for (const m of plan.memberships) membershipsOf.set(m.userId, [...(membershipsOf.get(m.userId) ?? []), m]);
  for (const p of plan.people) {
    items.push(tenantUserItem({ tenantId: db.tenantId, userId: p.id, email: p.email, name: p.name, memberships: membershipsOf.get(p.id) ?? [], joinedAt: now }));
    items.push(...nameWordItems(db.tenantId, { kind: 'tenantUser', id: p.id }, p.name));
    items.push(...newUserPuts(db.tableName, { id: p.id, email: p.email, name: p.name, createdAt: now }).map(itemOf));
  }
  for (const m of plan.memberships) {
    const p = personById.get(m.userId)!;
    const membership: Membership = {
      tenantId: db.tenantId, unitId: m.unitId, userId: m.userId, role: m.role, ...(m.roles?.length ? { roles: m.roles } : {}), email: p.email, name: p.name,
      unitPath: unitById.get(m.unitId)!.path, version: 1, createdAt: now, updatedAt: now,
    };
    items.push(unitMemberItem(membership), userMembershipItem(membership));
    items.push(itemOf(auditEntryPut(db, {
      actor, action: 'membership.add', target: { type: 'membership', id: `${m.unitId}/${m.userId}`, label: p.email },
      unitId: m.unitId, after: { userId: m.userId, email: p.email, role: m.role },
    })));
  }

  const { via, onProgress } = options;
  await bulkPut(direct.client, direct.tableName, items, { via, onProgress: onProgress && ((written) => onProgress(written, items.length)) });
  await updateItem(direct, {
    Key: keys.tenantSettings(db.tenantId),
    UpdateExpression: 'SET unitCount = :n',
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeValues: { ':n': plan.units.length },
  });
  return {
    ...plan, tenantId: db.tenantId, name, domain, rootUnitId: created.rootUnitId,
    owner, itemCount: items.length, seedMs: Date.now() - started,
  };
}

function unitFields(tenantId: string, u: PlannedUnit, now: string) {
  return {
    tenantId, id: u.id, name: u.name, parentId: u.parentId, path: u.path, depth: u.depth,
    childCount: u.childCount, memberCount: u.memberCount, version: 1, createdAt: now, updatedAt: now,
  };
}
