// The tenant's custom roles and permissions (docs/roles.md): the catalogue item, read once per
// request and cached by version; defining, changing and deleting roles and permissions, and the
// preview of a role's change.
export { readRoleCatalogue, rememberRoleCatalogue } from './read-catalogue';
export { roleCatalogueItem, toRoleCatalogue } from './catalogue-item';
export { createRole, updateRole, deleteRole, permissionsAfter, touchedBy, readRoleOrThrow, replacementOf, roleIn, type RoleInput, type RoleChange, type RoleDeletion } from './manage-roles';
export { createPermission, updatePermission, deletePermission, type PermissionInput } from './manage-permissions';
export { catalogueView, type CatalogueView } from './catalogue-view';
export { previewRoleChange, PREVIEW_HOLDERS, type RoleChangePreview } from './preview-role-change';
export { diffHolder, type HolderDiff, type RoleShape, type HoldingMembership } from './role-change-diff';
export type { HolderRef, RoleHolderAccess } from './holders';
export { rolesLimit, unknownRoles } from './errors';
export { customRolesNamed } from './named-roles';
