// The catalogue as the API and Settings → Roles list it: the built-in roles (read-only), the
// tenant's roles by name and permissions by key, Arbor's permissions with their area and words,
// the catalogue's version and the limits.
import { ARBOR_PERMISSIONS, BUILT_IN_ROLES, ROLE_LIMITS, type ArborPermission, type CustomRole, type Role, type RoleCatalogue, type TenantPermission } from '../authz';

export interface CatalogueView {
  builtIn: { key: Role; name: string; description: string }[];
  roles: CustomRole[];
  permissions: TenantPermission[];
  arborPermissions: { key: ArborPermission; area: string; label: string }[];
  version: number;
  limits: Record<keyof typeof ROLE_LIMITS, number>;
}

export function catalogueView(catalogue: RoleCatalogue): CatalogueView {
  return {
    builtIn: (Object.keys(BUILT_IN_ROLES) as Role[]).map((key) => ({ key, ...BUILT_IN_ROLES[key] })),
    roles: Object.values(catalogue.roles).sort((a, b) => a.name.localeCompare(b.name) || a.key.localeCompare(b.key)),
    permissions: Object.values(catalogue.permissions).sort((a, b) => a.key.localeCompare(b.key)),
    arborPermissions: (Object.keys(ARBOR_PERMISSIONS) as ArborPermission[]).map((key) => ({ key, ...ARBOR_PERMISSIONS[key] })),
    version: catalogue.version,
    limits: { ...ROLE_LIMITS },
  };
}
