// The tenant's own permissions (`expenses.approve`): defined with a description, held by roles,
// never acted on by Arbor. Each change is one conditioned write of the catalogue item with its
// audit entry (./change-catalogue.ts); one that a role holds stays until no role does.
import 'server-only';
import { ROLE_LIMITS, type TenantPermission } from '../authz';
import type { AuditActor, TenantDb } from '../db';
import { changeCatalogue } from './change-catalogue';
import { keyTaken, permissionInUse, permissionNotFound, rolesLimit } from './errors';
import { validateDescription, validateKey } from './validate';

export interface PermissionInput {
  key: unknown;
  description?: unknown;
}

const permissionIn = (permissions: Record<string, TenantPermission>, key: string) =>
  Object.hasOwn(permissions, key) ? permissions[key] : undefined;

export async function createPermission(db: TenantDb, actor: AuditActor, input: PermissionInput): Promise<TenantPermission> {
  const key = validateKey(input.key, 'permission');
  const description = validateDescription(input.description);
  return changeCatalogue(db, actor, (current, now) => {
    if (permissionIn(current.permissions, key)) throw keyTaken('permission', key);
    if (Object.keys(current.permissions).length >= ROLE_LIMITS.permissionsPerTenant) {
      throw rolesLimit('permissionsPerTenant', ROLE_LIMITS.permissionsPerTenant);
    }
    const permission: TenantPermission = { key, description, createdAt: now };
    return {
      catalogue: { roles: current.roles, permissions: { ...current.permissions, [key]: permission } },
      audit: { action: 'permission.create', target: { type: 'permission', id: key, label: key }, after: { description } },
      result: permission,
    };
  });
}

export async function updatePermission(db: TenantDb, actor: AuditActor, key: string, change: { description: unknown }): Promise<TenantPermission> {
  const description = validateDescription(change.description);
  return changeCatalogue(db, actor, (current) => {
    const permission = permissionIn(current.permissions, key);
    if (!permission) throw permissionNotFound();
    const next = { ...permission, description };
    return {
      catalogue: { roles: current.roles, permissions: { ...current.permissions, [key]: next } },
      audit: { action: 'permission.update', target: { type: 'permission', id: key, label: key }, before: { description: permission.description }, after: { description } },
      result: next,
    };
  });
}

/** Deletes a permission no role holds (a role holding it would hold a word with no meaning). */
export async function deletePermission(db: TenantDb, actor: AuditActor, key: string): Promise<void> {
  return changeCatalogue(db, actor, (current) => {
    const permission = permissionIn(current.permissions, key);
    if (!permission) throw permissionNotFound();
    const holding = Object.values(current.roles).filter((r) => r.permissions.includes(key)).map((r) => r.key);
    if (holding.length) throw permissionInUse(holding.slice(0, 5));
    const { [key]: _gone, ...permissions } = current.permissions;
    return {
      catalogue: { roles: current.roles, permissions },
      audit: { action: 'permission.delete', target: { type: 'permission', id: key, label: key }, before: { description: permission.description } },
      result: undefined,
    };
  });
}
