// The custom roles a membership holds beside its built-in role (docs/roles.md): checked against
// the tenant's catalogue, and the catalogue's version made a condition of the write, so a role
// deleted between the check and the write is never left on a membership.
import { ROLE_LIMITS, type Authorize, type CustomRole, type Role, type RoleCatalogue } from '../authz';
import { keys, type TenantDb, type TransactItem } from '../db';
// Unknown roles and the limit are refused with the catalogue's own errors (lib/roles), worded once.
import { rolesLimit, unknownRoles } from '../roles';
import { duplicateRole } from './errors';

/** What a list of custom role keys must be before anything is read: within the limit, each once. */
export function assertRoleList(raw: readonly string[]): void {
  if (raw.length > ROLE_LIMITS.rolesPerMembership) throw rolesLimit('rolesPerMembership', ROLE_LIMITS.rolesPerMembership);
  const seen = new Set<string>();
  for (const key of raw) {
    if (seen.has(key)) throw duplicateRole(key);
    seen.add(key);
  }
}

/** A membership's custom role keys as sent: each in the catalogue, once, within the limit. */
export function validateCustomRoles(raw: readonly string[], catalogue: RoleCatalogue): string[] {
  assertRoleList(raw);
  const unknown = raw.filter((key) => !Object.hasOwn(catalogue.roles, key));
  if (unknown.length) throw unknownRoles(unknown);
  return [...raw];
}

/** The catalogue is still the one the roles were checked against. */
export function catalogueUnchanged(db: TenantDb, catalogue: RoleCatalogue): TransactItem {
  return {
    ConditionCheck: {
      TableName: db.tableName,
      Key: keys.roleCatalogue(db.tenantId),
      ConditionExpression: '#version = :catalogue',
      ExpressionAttributeNames: { '#version': 'version' },
      ExpressionAttributeValues: { ':catalogue': catalogue.version },
    },
  };
}

/** Two lists of role keys hold the same roles (order aside). */
export const sameRoles = (a: readonly string[] = [], b: readonly string[] = []) =>
  a.length === b.length && a.every((key) => b.includes(key));

/**
 * What a change of a membership's custom roles gives or takes away, each role as the catalogue
 * defines it (what `role.assign` decides on); `gone` are keys taken away that the catalogue no
 * longer defines.
 */
export function changedRoles(before: readonly string[] = [], after: readonly string[], catalogue: RoleCatalogue): { roles: CustomRole[]; gone: string[] } {
  const changed = [...after.filter((k) => !before.includes(k)), ...before.filter((k) => !after.includes(k))];
  return {
    roles: changed.flatMap((k) => (Object.hasOwn(catalogue.roles, k) ? [catalogue.roles[k]!] : [])),
    gone: changed.filter((k) => !Object.hasOwn(catalogue.roles, k)),
  };
}

/** A membership as removing it is decided on. */
interface Removed {
  unitId: string;
  unitPath: string;
  userId: string;
  role: Role;
  roles?: readonly string[];
}

/**
 * Decides removing a membership: `membership.remove`, and `role.assign` for each custom role it
 * holds that the catalogue still defines, since removing it takes them away (nobody takes away
 * what they do not hold; a key whose role is gone grants nothing and is not decided). The
 * catalogue must be on the access `authorize` decides with when the membership holds any.
 */
export function authorizeRemoval(authorize: Authorize, m: Removed, catalogue: RoleCatalogue | undefined, unit?: { id: string; path: string; name?: string }) {
  const at = unit ?? { id: m.unitId, path: m.unitPath };
  const allowed = authorize('membership.remove', { unit: at, userId: m.userId, role: m.role });
  if (m.roles?.length && !catalogue) throw new Error('members: removing a membership with custom roles decided without the role catalogue');
  for (const key of m.roles ?? []) {
    if (catalogue && Object.hasOwn(catalogue.roles, key)) authorize('role.assign', { unit: at, userId: m.userId, role: catalogue.roles[key]! });
  }
  return allowed;
}
