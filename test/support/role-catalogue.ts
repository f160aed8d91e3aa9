// A tenant's role catalogue as tests set it up: the one item (`T#<t>` / `ROLES`) put as a writer
// of lib/roles puts it, through the tenant-scoped client, and remembered by this process.
import type { TenantDb } from '../../lib/db';
import { putItem, withoutGuards } from '../../lib/db';
import { isArborPermission, type CustomRole, type Reach, type RoleCatalogue } from '../../lib/authz';
import { rememberRoleCatalogue, roleCatalogueItem } from '../../lib/roles';

export interface RoleSeed {
  key: string;
  permissions: string[];
  reach?: Reach;
}

/** Stores a catalogue holding these roles (and the tenant permissions they name), version `version`. */
export async function defineRoles(db: TenantDb, roles: RoleSeed[], version = 1): Promise<RoleCatalogue> {
  const now = new Date().toISOString();
  const catalogue: RoleCatalogue = { version, roles: {}, permissions: {} };
  for (const r of roles) {
    const role: CustomRole = { key: r.key, name: r.key, description: '', permissions: r.permissions, reach: r.reach ?? 'subtree', version: 1, createdAt: now, updatedAt: now };
    catalogue.roles[r.key] = role;
    for (const p of r.permissions) if (!isArborPermission(p)) catalogue.permissions[p] = { key: p, description: '', createdAt: now };
  }
  await putItem(withoutGuards(db), { Item: roleCatalogueItem(db.tenantId, catalogue) });
  rememberRoleCatalogue(db.tenantId, catalogue);
  return catalogue;
}
