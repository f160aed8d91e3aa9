// "Who can administer this unit, and why": everyone whose membership reaches the unit with power
// over it — the tenant's owners and admins (held on the root) and the managers of the unit and
// of each of its ancestors. Server-only.
//
// Cost (docs/authorization.md, "Who can administer"): one Query per unit on the path, root
// included (depth + 1 ≤ 33), all sent at once, so the wait is one round trip. Each Query reads
// the direct members of one ancestor (T6: its own partition) and keeps the administering roles
// with a filter; nothing else in the table is touched. No index holds "the managers of all
// ancestors" contiguously (a path's ancestors are prefixes, interleaved with their other
// subtrees), so per-ancestor partitions are the cheapest bounded read available.
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { keys, type TenantDb } from '../db';
import { ROLE_RANK, type Role } from '../members/membership-items';
import { pathIds } from '../org/unit-item';
import type { UnitRef } from './actions';
import { effectiveRole, type Grant } from './grants';

export interface Administrator {
  userId: string;
  name: string;
  email: string;
  /** The strongest reason: a tenant role first, then the nearest manager role. */
  grantedBy: Grant;
  /** Every membership that lets them administer the unit, strongest first. */
  grants: Grant[];
}

const ADMIN_ROLES_AT_ROOT: Role[] = ['owner', 'admin', 'manager'];

interface Row extends Grant {
  userId: string;
  name: string;
  email: string;
}

/** Administering memberships held directly on one unit: all pages (normally one; the filter runs after the read). */
async function administratorsOn(db: TenantDb, unitId: string, roles: Role[]): Promise<Row[]> {
  const rows: Row[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db.client.send(
      new QueryCommand({
        TableName: db.tableName,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :m)',
        FilterExpression: `#role IN (${roles.map((_, i) => `:r${i}`).join(', ')})`,
        ProjectionExpression: 'userId, unitId, unitPath, #role, #name, email',
        ExpressionAttributeNames: { '#role': 'role', '#name': 'name' },
        ExpressionAttributeValues: {
          ':pk': keys.unitPartition(db.tenantId, unitId),
          ':m': keys.unitMemberPrefix,
          ...Object.fromEntries(roles.map((r, i) => [`:r${i}`, r])),
        },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    for (const i of out.Items ?? []) {
      rows.push({
        userId: i.userId as string,
        unitId: i.unitId as string,
        unitPath: i.unitPath as string,
        role: i.role as Role,
        name: (i.name as string) ?? '',
        email: (i.email as string) ?? '',
      });
    }
    start = out.LastEvaluatedKey;
  } while (start);
  return rows;
}

const strongestFirst = (a: Grant, b: Grant) =>
  ROLE_RANK[effectiveRole(b)] - ROLE_RANK[effectiveRole(a)] || b.unitPath.length - a.unitPath.length;

/** The people who can administer `unit` and why: owners, admins, then managers nearest the unit first. */
export async function whoCanAdminister(db: TenantDb, unit: Pick<UnitRef, 'id' | 'path'>): Promise<Administrator[]> {
  const ids = pathIds(unit.path);
  if (ids.at(-1) !== unit.id) throw new Error(`whoCanAdminister: path ${unit.path} does not end with unit ${unit.id}`);
  const perUnit = await Promise.all(ids.map((id, depth) => administratorsOn(db, id, depth === 0 ? ADMIN_ROLES_AT_ROOT : ['manager'])));

  const people = new Map<string, Administrator>();
  for (const row of perUnit.flat()) {
    // Owner/admin anywhere but the root is honoured as nothing more than a membership.
    if (effectiveRole(row) === 'member') continue;
    const grant: Grant = { unitId: row.unitId, unitPath: row.unitPath, role: row.role };
    const person = people.get(row.userId);
    if (person) person.grants.push(grant);
    else people.set(row.userId, { userId: row.userId, name: row.name, email: row.email, grantedBy: grant, grants: [grant] });
  }
  const list = [...people.values()];
  for (const p of list) {
    p.grants.sort(strongestFirst);
    p.grantedBy = p.grants[0];
  }
  return list.sort((a, b) => strongestFirst(a.grantedBy, b.grantedBy) || a.name.localeCompare(b.name) || a.userId.localeCompare(b.userId));
}
