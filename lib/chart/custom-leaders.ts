// Custom-role leaders of a subtree's units: one T7 Query (every membership under the chart's
// root, in path order), filtered on the server to memberships holding a leading role, so only
// those travel back. Asked only when the tenant's catalogue has such a role.
import 'server-only';
import { INDEX, keys, queryAll, type TenantDb } from '../db';
import type { CustomRole } from '../authz';
import { initialsOf } from './initials';
import type { ChartLeader } from './types';

/** The custom-role leaders of every unit under `rootPath`, by unit id. */
export async function customLeaders(db: TenantDb, rootPath: string, roles: CustomRole[]): Promise<Map<string, ChartLeader[]>> {
  const byUnit = new Map<string, ChartLeader[]>();
  if (roles.length === 0) return byUnit;
  const values: Record<string, unknown> = { ':pk': keys.gsi1.memberTree(db.tenantId), ':path': rootPath };
  roles.forEach((r, i) => (values[`:r${i}`] = r.key));
  const items = await queryAll(db, {
    IndexName: INDEX.gsi1,
    KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :path)',
    FilterExpression: roles.map((_, i) => `contains(#roles, :r${i})`).join(' OR '),
    ProjectionExpression: '#unitId, #userId, #name, #email, #roles',
    ExpressionAttributeNames: { '#unitId': 'unitId', '#userId': 'userId', '#name': 'name', '#email': 'email', '#roles': 'roles' },
    ExpressionAttributeValues: values,
  });
  const named = new Map(roles.map((r) => [r.key, r]));
  for (const item of items) {
    const held = Array.isArray(item.roles) ? (item.roles as unknown[]).filter((k): k is string => typeof k === 'string' && named.has(k)) : [];
    if (held.length === 0 || typeof item.unitId !== 'string' || typeof item.userId !== 'string') continue;
    // The first leading role by name stands for the person on this card.
    const role = held.map((k) => named.get(k)!).sort((a, b) => a.name.localeCompare(b.name))[0];
    const name = typeof item.name === 'string' ? item.name : '';
    const email = typeof item.email === 'string' ? item.email : '';
    const leader: ChartLeader = { userId: item.userId, name: name || email, initials: initialsOf(name, email), role: role.key, roleName: role.name };
    const list = byUnit.get(item.unitId);
    if (list) list.push(leader);
    else byUnit.set(item.unitId, [leader]);
  }
  return byUnit;
}
