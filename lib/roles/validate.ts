// The rules a role or permission definition meets before anything is read or written
// (docs/roles.md#limits): keys in ROLE_KEY_PATTERN and not a built-in name, bounded names and
// descriptions, a known reach, and permissions each Arbor's or the tenant's, each once.
import {
  BUILT_IN_ROLES, isArborPermission, KEY_MAX_LENGTH, REACHES, ROLE_KEY_PATTERN, ROLE_LIMITS,
  type Reach, type RoleCatalogue,
} from '../authz';
import { validateLabel } from '../validation';
import { validateNote } from '../validation/note';
import {
  badKey, badPermissions, badReach, badRoleDescription, badRoleName, duplicatePermission, reservedKey, rolesLimit, unknownPermission,
} from './errors';

const KEY_MIN_LENGTH = 2;

/** A role key or a tenant permission key: the pattern, 2–64 characters, and not a name Arbor uses. */
export function validateKey(raw: unknown, of: 'role' | 'permission'): string {
  if (typeof raw !== 'string' || raw.length < KEY_MIN_LENGTH || raw.length > KEY_MAX_LENGTH || !ROLE_KEY_PATTERN.test(raw)) {
    throw badKey(of, KEY_MAX_LENGTH);
  }
  if (of === 'role' ? Object.hasOwn(BUILT_IN_ROLES, raw) : isArborPermission(raw)) throw reservedKey(of, raw);
  return raw;
}

export const validateRoleName = (raw: unknown): string =>
  validateLabel(raw, () => badRoleName(ROLE_LIMITS.nameLength));

export const validateDescription = (raw: unknown): string =>
  validateNote(raw, ROLE_LIMITS.descriptionLength, () => badRoleDescription(ROLE_LIMITS.descriptionLength));

export function validateReach(raw: unknown): Reach {
  if (!REACHES.includes(raw as Reach)) throw badReach();
  return raw as Reach;
}

/** The permissions of a role as sent: a list of at most 50 keys, none twice (before anything is read). */
export function validatePermissionList(raw: unknown): string[] {
  if (!Array.isArray(raw) || raw.some((p) => typeof p !== 'string')) throw badPermissions();
  if (raw.length > ROLE_LIMITS.permissionsPerRole) throw rolesLimit('permissionsPerRole', ROLE_LIMITS.permissionsPerRole);
  const seen = new Set<string>();
  for (const p of raw as string[]) {
    if (seen.has(p)) throw duplicatePermission(p);
    seen.add(p);
  }
  return [...seen];
}

/** Each permission Arbor's or defined in `catalogue`. */
export function knownPermissions(permissions: string[], catalogue: RoleCatalogue): string[] {
  const unknown = permissions.filter((p) => !isArborPermission(p) && !Object.hasOwn(catalogue.permissions, p));
  if (unknown.length) throw unknownPermission(unknown.slice(0, 5));
  return permissions;
}
