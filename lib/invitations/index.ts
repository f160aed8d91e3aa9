// Invitations (T13): invite an email to a unit with a role; accepted at SSO sign-in; expire by TTL.
export { createInvitation, type CreateInvitationInput } from './create-invitation';
export { listPendingInvitations, getInvitationsForEmail, INVITATIONS_PAGE } from './list-invitations';
export { getInvitation } from './get-invitation';
export { revokeInvitation, type RevokeInvitationInput } from './revoke-invitation';
export { acceptInvitations, type AcceptInvitationsInput, type AcceptedInvitations } from './accept-invitations';
export { DEFAULT_INVITATION_DAYS, MAX_INVITATION_DAYS, type Invitation } from './invitation-item';
