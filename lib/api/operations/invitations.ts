// Invitations (app/api/v1/invitations/**): invite addresses to a unit, revoke a pending
// invitation, make a new link for one (emailed again, or to copy).
import { z } from 'zod';
import { MAX_INVITATION_DAYS, MAX_INVITES_AT_ONCE, type InvitedPerson, type InvitePeopleResult } from '../../invitations';
import { KEY_MAX_LENGTH, ROLE_LIMITS } from '../../authz';
import { ROLES } from '../../members';
import { field } from '../../validation';
import { operation } from '../operation';
import { actor, describes, role } from './schemas';

const tag = 'Invitations';
const params = z.object({ invitationId: field.id('invitation') });

const invitedPerson = describes<InvitedPerson>()(
  z.object({
    tenantId: z.string(),
    id: z.string(),
    email: z.string(),
    unitId: z.string(),
    unitName: z.string(),
    role,
    roles: z.array(z.string()).optional().meta({ description: 'Custom roles given on accept beside `role`.' }),
    invitedBy: actor,
    createdAt: z.string(),
    expiresAt: z.string().meta({ description: 'After this the invitation can no longer be accepted.' }),
    version: z.int(),
    lastSentAt: z.string().optional().meta({ description: 'When its link was last emailed.' }),
    sendCount: z.int().meta({ description: 'Emails sent for it so far.' }),
    link: z.string().meta({ description: 'The link to accept it, in this answer only (Arbor keeps only its hash).' }),
    mail: z.enum(['sent', 'failed', 'disabled']).meta({ description: 'Whether the link was emailed; `disabled` when this Arbor sends no mail.' }),
  }).meta({ id: 'Invitation' }),
);

export const invitations = {
  create: operation({
    method: 'post', path: '/api/v1/invitations', operationId: 'createInvitations', tag,
    summary: 'Invite people to a unit',
    description:
      `Invites up to ${MAX_INVITES_AT_ONCE} addresses to \`unitId\` with \`role\`, valid for \`ttlDays\` ` +
      `(1–${MAX_INVITATION_DAYS}); each gets its link by mail. Addresses already members or already invited ` +
      'are skipped, not refused. Addresses outside the domains single sign-on serves are refused with 409 ' +
      '`invitation.confirmGuests` unless `confirmGuests` is true. Needs `invitation.create` for the role on the unit.',
    body: z.strictObject({
      emails: z.array(field.text(320), 'must be a list of email addresses').min(1, 'must hold at least one address').max(MAX_INVITES_AT_ONCE, `must hold at most ${MAX_INVITES_AT_ONCE} addresses`),
      unitId: field.id('unit'),
      role: z.enum(ROLES),
      roles: z.array(field.text(KEY_MAX_LENGTH)).max(ROLE_LIMITS.rolesPerMembership, `must hold at most ${ROLE_LIMITS.rolesPerMembership} custom roles`).optional()
        .meta({ description: 'Custom role keys (Settings → Roles) given on accept beside `role`; each needs `role.assign` on the unit.' }),
      ttlDays: z.int().min(1).max(MAX_INVITATION_DAYS).optional(),
      /** The admin was warned that some addresses are outside the domains SSO serves, and invites them anyway. */
      confirmGuests: z.boolean('must be true or false').optional(),
    }),
    status: 201, idempotent: true,
    response: describes<InvitePeopleResult>()(
      z.object({
        invitations: z.array(invitedPerson),
        skipped: z
          .array(z.object({ email: z.string(), code: z.string(), message: z.string() }))
          .meta({ description: 'Addresses left out: already a member of the unit, or already invited to it.' }),
      }),
    ),
    errors: ['notFound', 'conflict'],
  }),
  revoke: operation({
    method: 'delete', path: '/api/v1/invitations/{invitationId}', operationId: 'revokeInvitation', tag,
    summary: 'Revoke an invitation',
    description:
      'Needs `invitation.revoke` for its role on its unit (or `members.list` when the unit is gone). ' +
      'With `expectedVersion`, conditioned on it (409 `invitation.versionConflict`).',
    params, body: z.strictObject({ expectedVersion: field.version.optional() }).optional(),
    errors: ['notFound', 'conflict'],
  }),
  renewLink: operation({
    method: 'post', path: '/api/v1/invitations/{invitationId}/link', operationId: 'renewInvitationLink', tag,
    summary: "Renew an invitation's link",
    description:
      'A new single-use link for a pending invitation (the previous one stops working): emailed again ' +
      '(`delivery: email`; resends are limited, 429) or only returned (`copy`). Needs what inviting needs.',
    params, body: z.strictObject({ delivery: z.enum(['email', 'copy']), expectedVersion: field.version.optional() }),
    response: invitedPerson, errors: ['notFound', 'conflict'],
  }),
};
