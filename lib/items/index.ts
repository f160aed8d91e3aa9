// Stored item shapes that more than one area writes or reads, kept on a low floor so those areas
// need not import each other: an invitation (invitations write it, the member list shows it), a
// name's search words (org, members and tenants write them inside their own transactions,
// search reads them), and the tenant registry's entry (sso and domains write its domain list).
export { DEFAULT_INVITATION_DAYS, MAX_INVITATION_DAYS, NOT_EXPIRED, toInvitation, type Invitation } from './invitation-item';
export { MAX_NAME_WORDS, nameWordItems, nameWordTexts, personNameMatches } from './name-words';
export type { TenantRegistryEntry } from './tenant-registry-entry';
