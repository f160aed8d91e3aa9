// Settings → Roles: the built-in roles (read-only), the tenant's custom roles and permissions
// (T19: the catalogue, one GetItem cached by lib/roles), Arbor's permissions grouped by area, and
// whether the actor may define roles. Anyone in the organization may read it (`tenant.read`).
import 'server-only';
import { ARBOR_PERMISSIONS, BUILT_IN_ROLES, can, ROLE_LIMITS, ROLES, type CustomRole, type Role, type TenantPermission } from '../authz';
import { readRoleCatalogue } from '../roles';
import type { ScreenContext } from './screen-context';

export interface PermissionChoice {
  key: string;
  label: string;
}

/** Permissions as the editor groups them: Arbor's by area, then the organization's own. */
export interface PermissionGroup {
  area: string;
  permissions: PermissionChoice[];
}

export interface RolesScreenView {
  builtIn: { key: Role; name: string; description: string }[];
  roles: CustomRole[];
  permissions: TenantPermission[];
  arborGroups: PermissionGroup[];
  version: number;
  limits: typeof ROLE_LIMITS;
  /** Define, change and delete roles and permissions (`roles.manage`): the edit controls. */
  canManage: boolean;
  /** See who holds a role, anywhere in the organization (roles.holders needs `members.list`). */
  canSeeHolders: boolean;
}

export interface RoleScreenView extends RolesScreenView {
  role: CustomRole;
}

/** Arbor's permissions in ARBOR_PERMISSIONS order, grouped by their area. */
export function arborPermissionGroups(): PermissionGroup[] {
  const groups = new Map<string, PermissionChoice[]>();
  for (const [key, { area, label }] of Object.entries(ARBOR_PERMISSIONS)) {
    groups.set(area, [...(groups.get(area) ?? []), { key, label }]);
  }
  return [...groups].map(([area, permissions]) => ({ area, permissions }));
}

const byName = (a: CustomRole, b: CustomRole) => a.name.localeCompare(b.name) || a.key.localeCompare(b.key);

/** /settings/roles: one GetItem (the catalogue), none when this process read it a moment ago. */
export async function loadRolesScreen(ctx: ScreenContext): Promise<RolesScreenView> {
  ctx.authorize('tenant.read', {});
  const catalogue = await readRoleCatalogue(ctx.db);
  return {
    builtIn: ROLES.map((key) => ({ key, ...BUILT_IN_ROLES[key] })),
    roles: Object.values(catalogue.roles).sort(byName),
    permissions: Object.values(catalogue.permissions).sort((a, b) => a.key.localeCompare(b.key)),
    arborGroups: arborPermissionGroups(),
    version: catalogue.version,
    limits: ROLE_LIMITS,
    canManage: can(ctx.actor, 'roles.manage', {}),
    canSeeHolders: can(ctx.actor, 'members.list', {}),
  };
}

/** /settings/roles/[roleKey]: the same catalogue read, and the role (null when it is not there). */
export async function loadRoleScreen(ctx: ScreenContext, roleKey: string): Promise<RoleScreenView | null> {
  const view = await loadRolesScreen(ctx);
  const role = view.roles.find((r) => r.key === roleKey);
  return role ? { ...view, role } : null;
}

