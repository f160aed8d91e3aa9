// Seeds a tenant fast, with exactly the items the app itself would have written: the tenant is
// created through P4 (createTenant), then every unit, sibling-name claim, name word, membership (both
// directions), tenant profile, global user and audit entry is built by lib's own item builders
// and bulk-loaded with BatchWriteItem straight into DynamoDB Local; the counters the app keeps
// (childCount, memberCount, membershipCount, unitCount) are set to what those writes add up to.
import { administers } from '../../lib/members/unit-administrators';
import type { UnitAdministrator } from '../../lib/org/unit-item';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { auditEntryPut } from '../../lib/audit';
import { keys, type DocumentClient, type TenantDb } from '../../lib/db';
import { tenantUserItem, unitMemberItem, userMembershipItem, type Membership } from '../../lib/members/membership-items';
import { siblingNamePut } from '../../lib/org/sibling-name';
import { nameWordItems } from '../../lib/search/name-words';
import { unitItem } from '../../lib/org/unit-item';
import { createTenant } from '../../lib/tenants';
import { newUserPuts } from '../../lib/users';
import { bulkPut } from '../support/bulk-write';
import { PlanBuilder, type PlannedUnit, type TenantPlan } from './tenant-plan';

export interface SeedOptions {
  label: string;
  seed: number;
  membershipsPerUnit: number;
  peoplePerUnit: number;
  /** Builds the units under the root (the root exists already). */
  shape: (plan: PlanBuilder) => void;
}

export interface SeededTenant extends TenantPlan {
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

export async function seedTenant(direct: { client: DocumentClient; tableName: string }, options: SeedOptions): Promise<SeededTenant> {
  const started = Date.now();
  const run = ulid().toLowerCase().slice(-8);
  const domain = `${options.label.toLowerCase().replace(/[^a-z0-9]/g, '')}-${run}.test`;
  const name = `${options.label} ${run}`;
  const owner = { email: `owner@${domain}`, name: `${options.label} Owner` };
  const created = await createTenant(direct, { name, domain, owner });
  const db: TenantDb = { client: direct.client, tableName: direct.tableName, tenantId: created.tenantId };
  const actor = { userId: created.ownerUserId, email: owner.email };

  const builder = new PlanBuilder({ id: created.rootUnitId, name }, options.seed);
  options.shape(builder);
  const plan = builder.finish({ domain, membershipsPerUnit: options.membershipsPerUnit, peoplePerUnit: options.peoplePerUnit });
  const now = new Date().toISOString();
  const unitById = new Map(plan.units.map((u) => [u.id, u]));
  const items: Record<string, unknown>[] = [];

  // Each unit's administrators map, as the membership writes would leave it (the root's owner included).
  const personOf = new Map(plan.people.map((p) => [p.id, p]));
  const administrators = new Map<string, Record<string, UnitAdministrator>>([
    [created.rootUnitId, { [created.ownerUserId]: { role: 'owner', name: owner.name, email: owner.email } }],
  ]);
  for (const m of plan.memberships) {
    if (!administers(m.role)) continue;
    const p = personOf.get(m.userId)!;
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
  const personById = new Map(plan.people.map((p) => [p.id, p]));
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
      tenantId: db.tenantId, unitId: m.unitId, userId: m.userId, role: m.role, email: p.email, name: p.name,
      unitPath: unitById.get(m.unitId)!.path, version: 1, createdAt: now, updatedAt: now,
    };
    items.push(unitMemberItem(membership), userMembershipItem(membership));
    items.push(itemOf(auditEntryPut(db, {
      actor, action: 'membership.add', target: { type: 'membership', id: `${m.unitId}/${m.userId}`, label: p.email },
      unitId: m.unitId, after: { userId: m.userId, email: p.email, role: m.role },
    })));
  }

  await bulkPut(direct.client, direct.tableName, items);
  await direct.client.send(
    new UpdateCommand({
      TableName: direct.tableName,
      Key: keys.tenantSettings(db.tenantId),
      UpdateExpression: 'SET unitCount = :n',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':n': plan.units.length },
    }),
  );
  return {
    ...plan, tenantId: db.tenantId, name, domain, rootUnitId: created.rootUnitId,
    owner: { id: created.ownerUserId, ...owner }, itemCount: items.length, seedMs: Date.now() - started,
  };
}

function unitFields(tenantId: string, u: PlannedUnit, now: string) {
  return {
    tenantId, id: u.id, name: u.name, parentId: u.parentId, path: u.path, depth: u.depth,
    childCount: u.childCount, memberCount: u.memberCount, version: 1, createdAt: now, updatedAt: now,
  };
}
