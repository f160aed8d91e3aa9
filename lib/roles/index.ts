// The tenant's custom roles and permissions (docs/roles.md): the catalogue item, read once per
// request and cached by version; defining, changing and deleting roles and permissions.
export { readRoleCatalogue, rememberRoleCatalogue } from './read-catalogue';
export { roleCatalogueItem, toRoleCatalogue } from './catalogue-item';
export { customRolesNamed } from './named-roles';
