// The errors of memberships and of people in a tenant, each worded once.
import { arborError } from '../errors';

export const membershipNotFound = () =>
  arborError('membership.notFound', 'That person is not a member of this unit (any more).');

export const memberNotFound = () => arborError('member.notFound', 'That person is not in this organization (any more).');

export const membershipExists = (email: string, unitName: string) =>
  arborError('membership.exists', `${email} is already a member of "${unitName}".`);

export const membershipBusy = () =>
  arborError('membership.busy', 'This unit or person is being changed by someone else right now. Try again in a moment.');

/** Removing someone from the tenant kept meeting concurrent changes; `removed` memberships went. */
export const memberBusy = (email: string, removed: number) =>
  arborError(
    'member.busy',
    `${email} is being changed by someone else right now${removed ? ` (${removed} memberships were removed)` : ''}. Try again in a moment.`,
  );

export const lastOwner = (what: 'demote' | 'remove') =>
  arborError(
    'membership.lastOwner',
    what === 'demote'
      ? "This is the organization's last owner. Make someone else an owner before changing this role."
      : "This is the organization's last owner. Make someone else an owner before removing them.",
  );

export const badRole = () => arborError('membership.badRole', 'Role must be owner, admin, manager or member.');

export const tenantRoleOnRoot = (role: string) =>
  arborError(
    'membership.tenantRoleOnRoot',
    `The ${role} role applies to the whole organization, so it can only be given on the top unit. Use manager or member here.`,
  );

export const noUser = () =>
  arborError('membership.noUser', 'Say who to add: a user id, or an email address and a name for someone new.');

export const userNotFound = (email?: string) =>
  arborError('membership.userNotFound', `${email ?? 'This person'} is not in the organization yet. Send them an invitation instead.`);

export const duplicateRole = (roleKey: string) => arborError('roles.duplicateRole', `The role "${roleKey}" is listed twice: list each role once.`);

