// Defining, changing and deleting the tenant's custom roles (docs/roles.md). Each is one
// conditioned write of the catalogue item with its audit entry (./change-catalogue.ts). A role in
// use is deleted only after its holders were given what replaces it (lib/members).
import 'server-only';
import { ROLE_LIMITS, type CustomRole, type Reach, type RoleCatalogue } from '../authz';
import type { AuditActor, TenantDb } from '../db';
import { changeCatalogue } from './change-catalogue';
import type { RoleHolderAccess } from './holders';
import { readRoleCatalogue } from './read-catalogue';
import { badReplacement, keyTaken, roleChanged, roleInUse, roleNotFound, rolesLimit, unknownRole } from './errors';
import { knownPermissions, validateDescription, validateKey, validatePermissionList, validateReach, validateRoleName } from './validate';

export interface RoleInput {
  key: unknown;
  name: unknown;
  description?: unknown;
  permissions: unknown;
  reach: unknown;
}

export interface RoleChange {
  name?: unknown;
  description?: unknown;
  permissions?: unknown;
  reach?: unknown;
  expectedVersion: number;
}

/** The permissions a role will hold after `change`: what deciding the change needs (docs/roles.md#rules). */
/** The permissions a change of `role` gives or takes away: those it holds now and those it will hold. */
export const touchedBy = (role: CustomRole, after: readonly string[]): string[] => [...new Set([...role.permissions, ...after])];

export const permissionsAfter = (role: CustomRole, change: { permissions?: readonly string[] }): readonly string[] =>
  change.permissions ?? role.permissions;

/** The role stored under `key`; never a property every object has (`constructor`). */
export const roleIn = (catalogue: Pick<RoleCatalogue, 'roles'>, key: string): CustomRole | undefined =>
  Object.hasOwn(catalogue.roles, key) ? catalogue.roles[key] : undefined;

/** One role as stored now, for reading it (the catalogue from this request's or process's copy). */
export async function readRoleOrThrow(db: TenantDb, key: string): Promise<CustomRole> {
  const role = roleIn(await readRoleCatalogue(db), key);
  if (!role) throw roleNotFound();
  return role;
}

const described = (r: CustomRole) => ({ name: r.name, permissions: r.permissions, reach: r.reach });

export async function createRole(db: TenantDb, actor: AuditActor, input: RoleInput): Promise<CustomRole> {
  const key = validateKey(input.key, 'role');
  const name = validateRoleName(input.name);
  const description = validateDescription(input.description);
  const reach = validateReach(input.reach);
  const asked = validatePermissionList(input.permissions);
  return changeCatalogue(db, actor, (current, now) => {
    if (roleIn(current, key)) throw keyTaken('role', key);
    if (Object.keys(current.roles).length >= ROLE_LIMITS.rolesPerTenant) throw rolesLimit('rolesPerTenant', ROLE_LIMITS.rolesPerTenant);
    const permissions = knownPermissions(asked, current);
    const role: CustomRole = { key, name, description, permissions, reach, version: 1, createdAt: now, updatedAt: now };
    return {
      catalogue: { roles: { ...current.roles, [key]: role }, permissions: current.permissions },
      audit: { action: 'role.create', target: { type: 'role', id: key, label: name }, after: described(role) },
      result: role,
    };
  });
}

/** Changes a role as its editor saw it (`expectedVersion`); its holders' access changes with it. */
export async function updateRole(db: TenantDb, actor: AuditActor, roleKey: string, change: RoleChange, read?: RoleCatalogue): Promise<CustomRole> {
  const name = change.name === undefined ? undefined : validateRoleName(change.name);
  const description = change.description === undefined ? undefined : validateDescription(change.description);
  const reach: Reach | undefined = change.reach === undefined ? undefined : validateReach(change.reach);
  const asked = change.permissions === undefined ? undefined : validatePermissionList(change.permissions);
  return changeCatalogue(db, actor, (current, now) => {
    const role = roleIn(current, roleKey);
    if (!role) throw roleNotFound();
    if (role.version !== change.expectedVersion) throw roleChanged(role.version);
    const next: CustomRole = {
      ...role,
      ...(name !== undefined ? { name } : {}),
      ...(description !== undefined ? { description } : {}),
      ...(asked !== undefined ? { permissions: knownPermissions(asked, current) } : {}),
      ...(reach !== undefined ? { reach } : {}),
      version: role.version + 1,
      updatedAt: now,
    };
    return {
      catalogue: { roles: { ...current.roles, [roleKey]: next }, permissions: current.permissions },
      audit: { action: 'role.update', target: { type: 'role', id: roleKey, label: next.name }, before: described(role), after: described(next) },
      result: next,
    };
  }, read);
}

export interface RoleDeletion {
  /** What the role's holders hold instead: another role's key, or null for nothing; undefined when not said. */
  replaceWith?: string | null;
  expectedVersion: number;
  /** The catalogue as the caller read it fresh to decide (the replacement's permissions), not read again. */
  catalogue?: RoleCatalogue;
}

/** The role named for its holders instead, checked before anyone's membership changes. */
export function replacementOf(catalogue: RoleCatalogue, roleKey: string, replaceWith: string | null | undefined): CustomRole | null | undefined {
  if (replaceWith === undefined || replaceWith === null) return replaceWith;
  if (replaceWith === roleKey) throw badReplacement();
  const replacement = roleIn(catalogue, replaceWith);
  if (!replacement) throw unknownRole(replaceWith);
  return replacement;
}

/**
 * Deletes a role. Held, it needs `replaceWith`: the holders' memberships change first (each its own
 * role change), then the role goes, conditioned on the catalogue as read.
 */
export async function deleteRole(db: TenantDb, actor: AuditActor, roleKey: string, deletion: RoleDeletion, holders: RoleHolderAccess): Promise<void> {
  const read = deletion.catalogue ?? (await readRoleCatalogue(db, { fresh: true }));
  const role = roleIn(read, roleKey);
  if (!role) throw roleNotFound();
  if (role.version !== deletion.expectedVersion) throw roleChanged(role.version);
  replacementOf(read, roleKey, deletion.replaceWith);
  let replaced = 0;
  if (deletion.replaceWith === undefined) {
    if ((await holders.listRoleHolders(db, roleKey, { limit: 1 })).items.length > 0) throw roleInUse();
  } else {
    replaced = await holders.replaceRoleOnHolders(db, actor, roleKey, deletion.replaceWith);
  }
  // Built on the catalogue as read: if it changed meanwhile, the write is refused and rebuilt fresh.
  await changeCatalogue(db, actor, (current) => {
    const now = roleIn(current, roleKey);
    if (!now) throw roleNotFound();
    if (now.version !== deletion.expectedVersion) throw roleChanged(now.version);
    const { [roleKey]: _gone, ...roles } = current.roles;
    return {
      catalogue: { roles, permissions: current.permissions },
      audit: {
        action: 'role.delete', target: { type: 'role', id: roleKey, label: role.name }, before: described(role),
        after: { replaceWith: deletion.replaceWith ?? null, holders: replaced },
      },
      result: undefined,
    };
  }, read);
}
