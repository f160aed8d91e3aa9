// The errors of invitations and the mail that carries them, each worded once.
import { arborError } from '../errors';

/** The custom roles an invitation names (lib/authz findCustomRoles says what is wrong). */
export const badInvitationRoles = (problem: string) => arborError('invitation.badRoles', problem);

export const invitationNotFound = () =>
  arborError('invitation.notFound', 'That invitation no longer exists. It may have been accepted, revoked or expired.');

export const alreadyMember = (email: string, unitName: string) =>
  arborError('invitation.alreadyMember', `${email} is already a member of "${unitName}".`);

export const invitationExists = (email: string, unitName: string, invitation: unknown) =>
  arborError('invitation.exists', `${email} already has a pending invitation to "${unitName}".`, { invitation });

interface Address {
  email: string;
  /** Why this address is refused or needs confirming (lib/invitations/check-addresses.ts). */
  message: string;
}

/** Addresses outside the domains the tenant's single sign-on serves: the inviter confirms them first. */
export const confirmGuests = (addresses: Address[]) =>
  arborError(
    'invitation.confirmGuests',
    addresses.length === 1
      ? `${addresses[0].message} Confirm to invite them anyway.`
      : `${addresses.length} addresses are not in a domain your single sign-on serves. Confirm to invite them anyway.`,
    { addresses },
  );

/** Addresses that can never sign in to the tenant. */
export const addressRefused = (addresses: Address[]) =>
  arborError(
    'invitation.addressRefused',
    addresses.length === 1
      ? addresses[0].message
      : `${addresses.length} addresses can never sign in to your organization: ${addresses.map((c) => c.email).join(', ')}.`,
    { addresses },
  );

export const noEmails = () => arborError('invitation.noEmails', 'Enter at least one email address.');

export const tooManyEmails = (max: number) => arborError('invitation.tooManyEmails', `Invite at most ${max} addresses at once.`);

export const badTtl = (maxDays: number) => arborError('invitation.badTtl', `An invitation can be valid for 1 to ${maxDays} days.`);

export const resendLimit = (maxSends: number) =>
  arborError('invitation.resendLimit', `This invitation was already emailed ${maxSends} times. Copy its link instead, or revoke it and invite again.`);

export const resendTooSoon = (waitSeconds: number) =>
  arborError('invitation.resendTooSoon', `This invitation was emailed moments ago. You can send it again in ${waitSeconds} seconds.`, {
    retryAfterSeconds: waitSeconds,
  });

export const mailDisabled = () =>
  arborError('mail.disabled', 'This Arbor sends no email. Copy the invitation’s link and share it yourself.');
