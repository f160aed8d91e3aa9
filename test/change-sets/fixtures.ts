// Shared set-up for the change set suites: a fresh tenant with a small tree and the people who
// administer its parts, actors as the API builds them, and the live state read back directly.
import assert from 'node:assert/strict';
import { QueryCommand, UpdateCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { INDEX, keys, type TenantDb } from '../../lib/db';
import { addMembership, loadActorAccess } from '../../lib/members';
import { createUnit, getUnitOrThrow } from '../../lib/org';
import { addOperations, createChangeSet, readChangeSet, reviewChangeSet, type OperationInput, type Preview } from '../../lib/change-sets';
import { newTenant } from '../support/fixtures';
import { directClient, tableName } from '../support/stack';
import { tenantDbFor } from '../support/tenant-db';
import { person } from '../members/fixtures';

export type Person = ReturnType<typeof person>;

/**
 * Root (owner, admin) ─ Engineering (manager em) ─ Platform (manager pm, members p1, p2)
 *                                               ├ Infra
 *                                               └ Tools (members t1, t2)
 *                    └ Sales (manager sm) ─ Field
 * em is also a plain member of the root, so they see Sales (the far end of a move).
 */
export async function reorgTenant(label = 'Reorg') {
  const t = await newTenant(label);
  const db = tenantDbFor(t.tenantId);
  const owner = { userId: t.ownerUserId, email: t.ownerEmail, name: `${label} Owner` };
  const root = await getUnitOrThrow(db, t.rootUnitId);
  const unit = (parentId: string, name: string) => createUnit(db, owner, { parentId, name });
  const engineering = await unit(root.id, 'Engineering');
  const sales = await unit(root.id, 'Sales');
  const platform = await unit(engineering.id, 'Platform');
  const infra = await unit(engineering.id, 'Infra');
  const tools = await unit(engineering.id, 'Tools');
  const field = await unit(sales.id, 'Field');
  const people = {
    admin: person('Alma Admin'), em: person('Eng Manager'), sm: person('Sales Manager'), pm: person('Platform Manager'),
    p1: person('Pia One'), p2: person('Pat Two'), t1: person('Tom One'), t2: person('Tia Two'), outsider: person('Otto Outsider'),
  };
  const join = (p: Person, unitId: string, role: 'owner' | 'admin' | 'manager' | 'member') => addMembership(db, owner, { unitId, role, ...p });
  await join(people.admin, root.id, 'admin');
  await join(people.em, engineering.id, 'manager');
  await join(people.em, root.id, 'member');
  await join(people.sm, sales.id, 'manager');
  await join(people.pm, platform.id, 'manager');
  await join(people.p1, platform.id, 'member');
  await join(people.p2, platform.id, 'member');
  await join(people.t1, tools.id, 'member');
  await join(people.t2, tools.id, 'member');
  await join(people.outsider, field.id, 'manager');
  return {
    ...t, db, owner, root, people,
    units: { root, engineering, sales, platform, infra, tools, field },
    actor: (p: Person | typeof owner) => actorFor(db, p.userId),
  };
}

export type ReorgTenant = Awaited<ReturnType<typeof reorgTenant>>;

/** An actor as the API hands one to lib/change-sets: identity plus access, read just now. */
export async function actorFor(db: TenantDb, userId: string) {
  const access = await loadActorAccess(db, userId);
  return { userId, email: access.email, name: access.name, access };
}

/**
 * The reorganization most suites use: Platform moves to Sales, Infra is renamed, Research is
 * created under Engineering and p1 moves into it, Tools (with t1 and t2) is deleted.
 */
export function standardOperations(t: ReorgTenant, researchId = ulid()): OperationInput[] {
  const u = t.units;
  return [
    { kind: 'moveUnit', unitId: u.platform.id, parentId: u.sales.id },
    { kind: 'renameUnit', unitId: u.infra.id, name: 'Infrastructure' },
    { kind: 'createUnit', parentId: u.engineering.id, name: 'Research', unitId: researchId },
    { kind: 'moveMember', userId: t.people.p1.userId, fromUnitId: u.platform.id, unitId: researchId },
    { kind: 'deleteUnit', unitId: u.tools.id },
  ];
}

/** The live state the standard operations should leave, from the state before. */
export function intendedAfter(t: ReorgTenant, before: Awaited<ReturnType<typeof treeState>>, researchId: string) {
  const { units: u, people: p } = t;
  const units = { ...before.units };
  units[u.platform.id] = { ...units[u.platform.id]!, parentId: u.sales.id };
  units[u.infra.id] = { ...units[u.infra.id]!, name: 'Infrastructure' };
  units[researchId] = { name: 'Research', parentId: u.engineering.id };
  delete units[u.tools.id];
  const gone = new Set([membership(u.platform.id, p.p1), membership(u.tools.id, p.t1), membership(u.tools.id, p.t2)]);
  const memberships = [...before.memberships.filter((m) => !gone.has(m)), membership(researchId, p.p1)].sort();
  return { units, memberships };
}

/** A draft holding `ops`, written by `author` (the Engineering manager unless said). */
export async function draft(t: ReorgTenant, ops: OperationInput[], author: Person = t.people.em) {
  const actor = await t.actor(author);
  const header = await createChangeSet(t.db, actor, { name: 'Spring reorganization', description: 'Platform joins Sales.' });
  return addOperations(t.db, actor, header.setId, header.version, ops);
}

/** Approves the set as `reviewer` (an admin unless said). */
export async function approve(t: ReorgTenant, setId: string, reviewer: Person = t.people.admin) {
  const { header } = await readChangeSet(t.db, setId);
  return reviewChangeSet(t.db, await t.actor(reviewer), setId, { expectedVersion: header.version, decision: 'approve' });
}

async function queryAll(input: Omit<QueryCommandInput, 'TableName'>) {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await directClient().send(new QueryCommand({ ...input, TableName: tableName(), ExclusiveStartKey: start, ConsistentRead: input.IndexName ? undefined : true }));
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

/** Every unit of the tenant as stored (T4), by id. */
export async function unitItems(tenantId: string) {
  const items = await queryAll({ IndexName: INDEX.gsi1, KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': keys.gsi1.tree(tenantId) } });
  return new Map(items.map((i) => [String(i.unitId), i]));
}

/** The shape of the live tree: each unit's name and parent, each membership with its role. */
export async function treeState(tenantId: string) {
  const [units, members] = await Promise.all([
    unitItems(tenantId),
    queryAll({ IndexName: INDEX.gsi1, KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': keys.gsi1.memberTree(tenantId) } }),
  ]);
  return {
    units: Object.fromEntries([...units].map(([id, u]) => [id, { name: u.name as string, parentId: (u.parentId ?? null) as string | null }])),
    memberships: members.map((m) => `${m.unitId}:${m.userId}:${m.role}`).sort(),
  };
}

export const membership = (unitId: string, p: { userId: string }, role = 'member') => `${unitId}:${p.userId}:${role}`;

/** No unit of the tenant carries a lock. */
export async function assertNoLocks(tenantId: string) {
  const locked = [...(await unitItems(tenantId)).values()].filter((u) => u.lock !== undefined).map((u) => `${u.name} (${u.lock})`);
  assert.deepEqual(locked, [], 'no unit keeps a lock');
}

/** The tenant's audit entries, oldest first. */
export const auditEntries = (tenantId: string) =>
  queryAll({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': keys.auditPartition(tenantId) } });

/** Each row of a preview's tree (before or after) with its parent, from the rows' depths. */
export function rowParents(rows: Preview['tree']['after']) {
  const stack: string[] = [];
  const out: Record<string, { name: string; parentId: string | null }> = {};
  for (const row of rows) {
    stack.length = row.depth;
    out[row.id] = { name: row.name, parentId: row.depth === 0 ? null : stack[row.depth - 1]! };
    stack.push(row.id);
  }
  return out;
}

/** Waits until the set's run ends (another runner may be carrying it on). */
export async function settled(db: TenantDb, setId: string, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { header } = await readChangeSet(db, setId);
    if (header.status !== 'applying') return header;
    if (Date.now() > until) throw new Error(`change set ${setId} still applying (${JSON.stringify(header.run)})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Sets the tenant's unit limit (the stored setting, as an operator would). */
export async function setUnitLimit(tenantId: string, limit: number) {
  await directClient().send(new UpdateCommand({
    TableName: tableName(), Key: keys.tenantSettings(tenantId), UpdateExpression: 'SET unitLimit = :n', ExpressionAttributeValues: { ':n': limit },
  }));
}

/** For assert.rejects: passes when the error carries this code. */
export const code = (expected: string) => (e: unknown) => {
  const got = (e as { code?: string })?.code;
  if (got !== expected) throw new Error(`expected ${expected}, got ${got ?? String(e)}: ${(e as Error)?.message}`);
  return true;
};
