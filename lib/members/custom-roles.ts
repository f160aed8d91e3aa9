// The custom roles a membership holds beside its built-in role (docs/roles.md): checked against
// the tenant's catalogue, and the catalogue's version made a condition of the write, so a role
// deleted between the check and the write is never left on a membership.
import { ROLE_LIMITS, type CustomRole, type RoleCatalogue } from '../authz';
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
