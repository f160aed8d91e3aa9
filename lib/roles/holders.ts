// What the catalogue needs of a role's holders. Memberships are lib/members', a floor above, so
// the caller hands its functions in (the routes pass lib/members itself): deleting a role in use
// changes the holders first, and the preview of a change reads them.
import type { AuditActor, Page, TenantDb } from '../db';

/** A membership holding a role, as far as the catalogue reads it (lib/members' Membership fits). */
export interface HolderRef {
  userId: string;
  unitId: string;
  name: string;
  email: string;
}

export interface RoleHolderAccess {
  listRoleHolders(db: TenantDb, roleKey: string, options: { limit?: number; cursor?: string }): Promise<Page<HolderRef>>;
  replaceRoleOnHolders(db: TenantDb, actor: AuditActor, roleKey: string, replaceWith: string | null): Promise<number>;
}
