// The invitation item (T13): who is invited to which unit with which role, until when.
// Listed pending by id on GSI1, by email on GSI2 (beside tenant members) and per unit on GSI3;
// removed on accept or revoke, and by TTL after expiry. It also holds the hash of its link's
// secret (the link itself is shown once: lib/invitations/invitation-link.ts) and when mail was last sent, the
// state the resend limit is decided on.
import 'server-only';
import { z } from 'zod';
import { itemParser, keys, storedActor, TTL_ATTRIBUTE, type AuditActor } from '../db';
import { ROLES, type Role } from '../authz/roles';

export const DEFAULT_INVITATION_DAYS = 7;
export const MAX_INVITATION_DAYS = 30;

export interface Invitation {
  tenantId: string;
  id: string;
  email: string;
  unitId: string;
  role: Role;
  /** Custom role keys given on accept beside `role` (docs/roles.md); absent = none. */
  roles?: string[];
  invitedBy: AuditActor;
  createdAt: string;
  /** ISO time after which the invitation can no longer be accepted. */
  expiresAt: string;
  version: number;
  /** When its link was last emailed (undefined: never, e.g. mail disabled or copy-only). */
  lastSentAt?: string;
  /** Emails sent for it so far (the resend limit counts these). */
  sendCount: number;
}

/** The stored link state, never part of the Invitation handed to callers. */
export interface InvitationLinkState {
  /** SHA-256 of the link's secret, base64url. */
  tokenHash: string;
}

const epochSeconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

export function invitationItem(i: Invitation, link?: InvitationLinkState): Record<string, unknown> {
  return {
    ...keys.invitation(i.tenantId, i.id),
    type: 'invitation',
    tenantId: i.tenantId,
    invitationId: i.id,
    email: i.email,
    unitId: i.unitId,
    role: i.role,
    ...(i.roles?.length ? { roles: i.roles } : {}),
    invitedBy: i.invitedBy,
    createdAt: i.createdAt,
    // Epoch seconds: the table's TTL attribute, also what listings filter on.
    [TTL_ATTRIBUTE]: epochSeconds(i.expiresAt),
    version: i.version,
    sendCount: i.sendCount,
    ...(i.lastSentAt ? { lastSentAt: epochSeconds(i.lastSentAt) } : {}),
    ...(link ? { tokenHash: link.tokenHash } : {}),
    GSI1PK: keys.gsi1.invitations(i.tenantId),
    GSI1SK: i.id,
    GSI2PK: keys.gsi2.emails(i.tenantId),
    GSI2SK: i.email,
    GSI3PK: keys.gsi3.unitInvitations(i.tenantId, i.unitId),
    GSI3SK: i.id,
  };
}

const storedInvitation = z.object({
  tenantId: z.string(),
  invitationId: z.string(),
  email: z.string(),
  unitId: z.string(),
  role: z.enum(ROLES),
  roles: z.array(z.string()).optional(),
  invitedBy: storedActor,
  createdAt: z.string(),
  [TTL_ATTRIBUTE]: z.number(),
  version: z.number(),
  sendCount: z.number().optional(),
  lastSentAt: z.number().optional(),
});
const parseInvitation = itemParser('invitation', storedInvitation);

export function toInvitation(item: Record<string, unknown>): Invitation {
  const i = parseInvitation(item);
  return {
    tenantId: i.tenantId,
    id: i.invitationId,
    email: i.email,
    unitId: i.unitId,
    role: i.role,
    ...(i.roles?.length ? { roles: i.roles } : {}),
    invitedBy: i.invitedBy,
    createdAt: i.createdAt,
    expiresAt: new Date(i[TTL_ATTRIBUTE] * 1000).toISOString(),
    version: i.version,
    sendCount: i.sendCount ?? 0,
    ...(i.lastSentAt !== undefined ? { lastSentAt: new Date(i.lastSentAt * 1000).toISOString() } : {}),
  };
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** TTL deletion is lazy (it can take days): an item past its expiry is treated as gone. */
export const NOT_EXPIRED = {
  expression: '#exp > :now',
  names: { '#exp': TTL_ATTRIBUTE },
  values: () => ({ ':now': nowSeconds() }),
};
