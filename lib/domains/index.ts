// Email domains proven by DNS: added, verified by their TXT record, re-checked, removed.
export { addDomain, verifyDomain, removeDomain } from './manage-domains';
export { readTenantDomains, domainViews, verificationValue, VERIFICATION_PREFIX, type DomainView, type DomainRecord, type TenantDomains } from './records';
export { recheckDueDomains, DOMAIN_CHECK_ACTOR, type RecheckSummary } from './recheck';
export { lookupTxt } from './dns-txt';
export { setConnection, validateIssuer, validateDomains, type SetConnectionInput } from './set-connection';
export { saveConnection, switchConnection } from './save-connection';
