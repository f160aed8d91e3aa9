// Memberships (T6–T8, T12): who belongs to which unit with which role, both directions written
// together; the tenant profile of each member; the member list. Authorization (T9) reads
// getUserMemberships.
export {
  ROLES, TENANT_ROLES, ROLE_RANK, validateRole, isRootPath, toTenantUser,
  type Role, type Membership, type TenantUser,
} from './membership-items';
export { addMembership, type AddMembershipInput } from './add-membership';
export { changeRole, type ChangeRoleInput } from './change-role';
export { setMembershipRoles, type SetMembershipRolesInput } from './set-membership-roles';
export { authorizeRemoval, changedRoles, validateCustomRoles } from './custom-roles';
export { removeMembership, type RemoveMembershipInput } from './remove-membership';
export { removeUserFromTenant, type RemoveUserOptions } from './remove-user-from-tenant';
export { loadActorAccess, type RequestActor, type LiveSession } from './load-actor-access';
export { getUserMemberships, getUserMembershipsAndSessions, type UserMemberships, type UserMembershipsAndSessions } from './get-user-memberships';
export { readUnitMember, readProfile, findProfileByEmail, recordSignIn } from './member-reads';
export { membershipNotFound } from './errors';
export { listUnitMembers, listSubtreeMembers, UNIT_MEMBERS_PAGE, SUBTREE_MEMBERS_PAGE, type PageOptions } from './list-members';
export { listTenantMembers, TENANT_MEMBERS_PAGE, type TenantMemberRow, type TenantMembersOptions } from './list-tenant-members';
export { SUMMARY_UNITS, type MembershipSummary } from '../profiles';
export { listPeople, PEOPLE_SORTS, PEOPLE_PAGE, type PeopleSort, type PeopleListOptions } from './list-people';
export { applyBulkChange, BULK_MAX, type BulkChange, type BulkOutcome } from './bulk-memberships';
export {
  listRoleHolders, replaceRoleOnHolders, roleHoldersPage, ROLE_HOLDERS_PAGE,
  type RoleHolderOptions, type RoleHolderRow, type RoleHoldersPage,
} from './role-holders';
