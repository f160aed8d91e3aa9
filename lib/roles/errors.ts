// The errors of the role catalogue (`roles.*`): defining, changing and deleting the tenant's roles
// and permissions (docs/roles.md). Past a named limit (ROLE_LIMITS) the answer names the limit.
import { arborError } from '../errors';

type KeyOf = 'role' | 'permission';

export const roleNotFound = () => arborError('roles.notFound', 'This role does not exist (it may have been deleted).');
export const permissionNotFound = () => arborError('roles.permissionNotFound', 'This permission does not exist (it may have been deleted).');
export const keyTaken = (of: KeyOf, key: string) =>
  arborError('roles.keyTaken', `There is already a ${of} with the key "${key}". Pick another key.`, { of, key });
export const reservedKey = (of: KeyOf, key: string) =>
  arborError(
    'roles.reservedKey',
    of === 'role' ? `"${key}" is the name of a built-in role. Pick another key.` : `"${key}" is one of Arbor's own permissions. Pick another key.`,
    { of, key },
  );
export const badKey = (of: KeyOf, max: number) =>
  arborError(
    'roles.badKey',
    `A ${of} key is 2–${max} characters: lower-case letters and digits, words joined by ".", "-" or "_", starting with a letter (for example "expenses.approve").`,
    { of },
  );
export const badRoleName = (max: number) => arborError('roles.badName', `A role's name is 1–${max} characters of visible text, without line breaks.`);
export const badRoleDescription = (max: number) => arborError('roles.badDescription', `A description is text of at most ${max} characters, without control characters or text-direction overrides.`);
export const badReach = () => arborError('roles.badReach', 'A role reaches "subtree" (the unit and everything below it), "unit" (the unit only) or "below" (only the units below it).');
export const unknownPermission = (keys: string[]) =>
  arborError('roles.unknownPermission', `${keys.map((k) => `"${k}"`).join(', ')} ${keys.length === 1 ? 'is' : 'are'} neither Arbor's nor one of the organization's permissions. Define ${keys.length === 1 ? 'it' : 'them'} first.`, { keys });
export const badPermissions = () => arborError('roles.badPermissions', "A role's permissions are a list of permission keys.");
export const duplicatePermission = (key: string) => arborError('roles.duplicatePermission', `The permission "${key}" is listed twice.`, { key });
export const rolesLimit = (limit: 'rolesPerTenant' | 'permissionsPerTenant' | 'permissionsPerRole' | 'rolesPerMembership' | 'catalogueBytes', max: number) =>
  arborError(
    'roles.limit',
    {
      rolesPerTenant: `An organization can define ${max} roles; delete one it no longer uses first.`,
      permissionsPerTenant: `An organization can define ${max} permissions of its own; delete one it no longer uses first.`,
      permissionsPerRole: `A role holds at most ${max} permissions.`,
      rolesPerMembership: `A person holds at most ${max} custom roles on one unit.`,
      catalogueBytes: `The organization's roles and permissions, with their descriptions, can take at most ${max / 1000} KB together; shorten descriptions or delete roles and permissions it no longer uses first.`,
    }[limit],
    { limit, max },
  );
export const roleInUse = () =>
  arborError('roles.inUse', 'People hold this role. Say what they hold instead (another role, or none) to delete it.');
export const permissionInUse = (roles: string[]) =>
  arborError('roles.permissionInUse', `The roles ${roles.map((r) => `"${r}"`).join(', ')} hold this permission. Take it out of them first.`, { roles });
export const badReplacement = () => arborError('roles.badReplacement', 'A role cannot be replaced by itself.');
/** Custom role keys the tenant's catalogue does not hold (one, or several given at once). */
export const unknownRoles = (keys: readonly string[]) =>
  arborError(
    'roles.unknownRole',
    `${keys.length === 1 ? `There is no role "${keys[0]}"` : `There are no roles ${keys.map((k) => `"${k}"`).join(', ')}`} in this organization (any more).`,
    { keys: [...keys] },
  );
export const unknownRole = (key: string) => unknownRoles([key]);
export const roleChanged = (currentVersion: number) =>
  arborError('roles.versionConflict', 'Someone else changed this role while you were editing. Review it and apply your change again.', { currentVersion });
