// The custom roles a list of keys names, as every source of assignments takes them (directory
// rules, invitations, CSV import, API keys): each key once, each in the catalogue, within the
// per-membership limit. Each source words the refusal as its own error.
import { KEY_MAX_LENGTH, ROLE_LIMITS, type CustomRole, type RoleCatalogue } from './role-catalogue';

export type NamedRoles = { roles: CustomRole[]; problem?: undefined } | { problem: string; roles?: undefined };

export function findCustomRoles(catalogue: RoleCatalogue, keys: readonly string[]): NamedRoles {
  const unique = [...new Set(keys)];
  if (unique.length > ROLE_LIMITS.rolesPerMembership) return { problem: `At most ${ROLE_LIMITS.rolesPerMembership} custom roles are held on one unit.` };
  const unknown = unique.find((k) => !Object.hasOwn(catalogue.roles, k));
  if (unknown !== undefined) return { problem: `There is no custom role "${unknown.slice(0, KEY_MAX_LENGTH)}"; the organization's roles are in Settings → Roles.` };
  return { roles: unique.map((k) => catalogue.roles[k]!) };
}
