// Who holds a custom role, and where (docs/roles.md#holders): the member tree (GSI1 `MTREE`) read
// from the top, filtered to memberships carrying the role. Used by Settings → Roles, the preview
// of a role's change, and deleting a role in use.
import 'server-only';
import type { AuditActor, Page, TenantDb } from '../db';
import type { Membership } from './membership-items';

export interface RoleHolderOptions {
  limit?: number;
  cursor?: string;
}

/** One page of the memberships holding custom role `roleKey`, in tree order. */
export async function listRoleHolders(_db: TenantDb, _roleKey: string, _options: RoleHolderOptions = {}): Promise<Page<Membership>> {
  throw new Error('listRoleHolders: not built yet');
}

/**
 * Before a role in use is deleted: every membership holding `roleKey` holds `replaceWith` instead
 * (or nothing, with `null`), one membership transaction each, conditioned as any role change is.
 * Returns how many memberships changed.
 */
export async function replaceRoleOnHolders(_db: TenantDb, _actor: AuditActor, _roleKey: string, _replaceWith: string | null): Promise<number> {
  throw new Error('replaceRoleOnHolders: not built yet');
}
