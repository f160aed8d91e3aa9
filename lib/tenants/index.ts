// Tenants: creation (P4), settings (T1), and the email domains they claim.
export { createTenant, OPERATOR_ACTOR, type CreateTenantInput, type CreatedTenant } from './create-tenant';
export { validateDomain, isConsumerDomain } from './domains';
export { getTenantSettings, renameTenant, renameTenantRegistryEntry, toTenantSettings, type TenantSettings } from './settings';
export { listTenants, type TenantListing } from './list-tenants';
export { tenantOwners } from './owners';
export { setOwnersApproveOwnChangeSets } from './change-set-approval-setting';
