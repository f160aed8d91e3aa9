// Erasure of a person (a data-subject request, docs/privacy.md): their memberships, profile,
// sessions, directory records and invitations removed; audit entries and invitations they sent
// kept, naming "Erased person" with their user id instead of their name and email; their
// platform identity removed once no tenant holds them.
import 'server-only';
export { erasePerson, resolvePerson, type ErasePersonInput, type ErasureScope } from './erase-person';
export { erasePersonEverywhere, type EverywhereScope } from './erase-person-everywhere';
export { ERASED_NAME, ERASED_EMAIL, erasedActor, pseudonymise, mentions, type ErasedPerson } from './pseudonym';
export { PERSON_ACTIONS } from './person-actions';
export { confirmationMismatch, eraseSelf } from './errors';
export type { ErasureReport, TenantErasure } from './erasure-report';
