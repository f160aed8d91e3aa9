// Authorization: the one module that decides every permission from the actor's memberships
// (docs/authorization.md). Routes call `authorize` (via lib/api/with-actor) before touching
// tenant data; the UI and the CLI call `explainAccess`/`can` to show the same answers.
export { ACTIONS, TENANT_ACTIONS, isAction, type Action, type PlaceOf, type Places, type UnitRef, type ChangeSetRef } from './actions';
export { attachCatalogue, covers, effectiveRole, rankAt, tenantRole, withCatalogue, type ActorAccess, type Grant } from './grants';
export { RULES, managesRole, type DenyReason } from './rules';
export { explainAccess, can, type Decision, type Allowed, type Denied } from './explain-access';
export { authorize, type Authorize } from './authorize';
export { topUnitIds } from './top-units';
export { ROLES, ROLE_RANK, TENANT_ROLES, type Role } from './roles';
export { administratorsOf, type Administrator, type PathUnit, type UnitAdministrator } from './who-can-administer';
export { decisionFacts } from './decision-facts';
export { findCustomRoles, type NamedRoles } from './role-keys';
export { holds, holdsEverywhere, reachOf } from './holds';
export { explainPermission, type PermissionDecision } from './explain-permission';
export {
  ARBOR_PERMISSIONS,
  BUILT_IN_ROLES,
  EMPTY_CATALOGUE,
  KEY_MAX_LENGTH,
  REACHES,
  ROLE_KEY_PATTERN,
  ROLE_LIMITS,
  isArborPermission,
  type ArborPermission,
  type CustomRole,
  type Reach,
  type RoleCatalogue,
  type TenantPermission,
} from './role-catalogue';
