// A person's profile in a tenant: its item, its membership summary, and what removals do to it.
export { tenantUserItem, toTenantUser, type NewTenantUser, type TenantUser } from './profile-item';
export {
  profileSummaryUpdate, summaryAdd, summaryOf, summaryRemove, summaryRoleChange, updateExpression, SUMMARY_UNITS,
  type MembershipSummary, type SummaryClause,
} from './profile-summary';
export { profileCountChange, readRemovals } from './profile-removals';
