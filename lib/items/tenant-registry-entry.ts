// The tenant registry's entry (`TENANT#<t>` / `TENANT`, P4): the platform's list of tenants, each
// with the email domains it has proven. Written with the SSO connection and the domain claims in
// one transaction (lib/sso), read with the tenant's domain records (lib/domains).
export interface TenantRegistryEntry {
  domains: string[];
  version: number;
}
