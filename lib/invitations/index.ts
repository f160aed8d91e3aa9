// Invitations (T13): invite email addresses to a unit with a role; each gets a single-use link
// by mail (or to copy); accepted at SSO sign-in with that address; expire by TTL.
export { createInvitation, type CreateInvitationInput } from './create-invitation';
export { badInvitationRoles } from './errors';
export { listPendingInvitations, listUnitInvitations, getInvitationsForEmail, INVITATIONS_PAGE } from './list-invitations';
export { getInvitation } from './get-invitation';
export { revokeInvitation, type RevokeInvitationInput } from './revoke-invitation';
export { acceptInvitations, type AcceptInvitationsInput, type AcceptedInvitations } from './accept-invitations';
export { DEFAULT_INVITATION_DAYS, MAX_INVITATION_DAYS, type Invitation } from '../items/invitation-item';
export {
  checkInvitationAddresses, isRefused, needsConfirmation, type AddressCheck, type AddressVerdict,
} from './check-addresses';
export {
  invitePeople, renewInvitationLink, assertInvitableAddresses, MAX_INVITES_AT_ONCE, INVITEE,
  type InvitedPerson, type InvitePeopleInput, type InvitePeopleResult, type MailStatus,
} from './invite-people';
export { resolveInvitationLink, type ResolvedInvitationLink } from './resolve-invitation-link';
export { parseInvitationToken } from './invitation-link';
export { RESEND_INTERVAL_SECONDS, MAX_SENDS } from './reissue-invitation-link';
