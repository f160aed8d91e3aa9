// What a webhook says: the event types endpoints subscribe to, and the event an audit entry
// becomes. Every change is audited in its own transaction (lib/audit), so the audit entry IS the
// event, written with the change: no change without its event, no event without its change. The
// delivery worker reads new entries from the table's stream (./worker).
import { z } from 'zod';

export const WEBHOOK_EVENT_TYPES = [
  'unit.created', 'unit.renamed', 'unit.moved', 'unit.deleted',
  'membership.added', 'membership.roleChanged', 'membership.rolesChanged', 'membership.removed', 'member.removed',
  'invitation.created', 'invitation.revoked', 'invitation.accepted',
  'directory.userDeactivated', 'directory.userReactivated',
  'changeSet.applied',
  'role.created', 'role.updated', 'role.deleted',
  'permission.created', 'permission.updated', 'permission.deleted',
  'reportingLine.changed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Audit action → event type; actions not listed (settings, keys, tokens) send no webhook. */
const FROM_AUDIT: Record<string, WebhookEventType> = {
  'unit.create': 'unit.created',
  'unit.rename': 'unit.renamed',
  'unit.move': 'unit.moved',
  'unit.delete': 'unit.deleted',
  'membership.add': 'membership.added',
  'membership.roleChange': 'membership.roleChanged',
  'membership.rolesChange': 'membership.rolesChanged',
  'membership.remove': 'membership.removed',
  'membership.removeFromTenant': 'member.removed',
  'invitation.create': 'invitation.created',
  'invitation.revoke': 'invitation.revoked',
  'invitation.accept': 'invitation.accepted',
  'directory.deactivate': 'directory.userDeactivated',
  'directory.reactivate': 'directory.userReactivated',
  'changeSet.apply': 'changeSet.applied',
  'role.create': 'role.created',
  'role.update': 'role.updated',
  'role.delete': 'role.deleted',
  'permission.create': 'permission.created',
  'permission.update': 'permission.updated',
  'permission.delete': 'permission.deleted',
  'reportingLine.change': 'reportingLine.changed',
};

export const EVENT_DESCRIPTIONS: Record<WebhookEventType, string> = {
  'unit.created': 'A unit was created.',
  'unit.renamed': 'A unit was renamed.',
  'unit.moved': 'A unit (and everything below it) moved under another parent.',
  'unit.deleted': 'A unit was deleted.',
  'membership.added': 'Someone was added to a unit with a role.',
  'membership.roleChanged': "Someone's role in a unit changed.",
  'membership.rolesChanged': "The custom roles someone holds in a unit changed (`before.roles`, `after.roles`: role keys).",
  'membership.removed': 'Someone was removed from a unit.',
  'member.removed': 'Someone was removed from the organization (all their memberships).',
  'invitation.created': 'Someone was invited.',
  'invitation.revoked': 'An invitation was revoked.',
  'invitation.accepted': 'An invitation was accepted.',
  'directory.userDeactivated': "The company's directory deactivated someone.",
  'directory.userReactivated': "The company's directory reactivated someone.",
  'changeSet.applied': 'A reorganization (a reviewed change set) was applied; each of its changes also sends its own event, marked with the change set.',
  'role.created': 'A custom role was defined (its permissions and reach in `after`).',
  'role.updated': "A custom role's name, permissions or reach changed (`before` and `after`).",
  'role.deleted': "A custom role was deleted; `after.replaceWith` says what its holders hold instead (each of their memberships also sends its own event).",
  'permission.created': 'The organization defined a permission of its own.',
  'permission.updated': "A permission's description changed.",
  'permission.deleted': 'A permission of the organization was deleted.',
  'reportingLine.changed': "Someone's manager was set, changed or cleared (`after`: userId, managerId (null when cleared), previousManagerId, source).",
};

const auditEntry = z.object({
  tenantId: z.string(),
  auditId: z.string(),
  action: z.string(),
  at: z.string(),
  actor: z.object({ userId: z.string(), email: z.string(), name: z.string().optional() }),
  target: z.object({ type: z.string(), id: z.string(), label: z.string().optional() }),
  unitId: z.string().optional(),
  before: z.record(z.string(), z.unknown()).optional(),
  after: z.record(z.string(), z.unknown()).optional(),
  changeSetId: z.string().optional(),
});

/** The event as sent: the Standard Webhooks payload (`type`, `timestamp`, `data`). */
export interface WebhookEvent {
  /** The message id (`webhook-id`): the audit entry's id, the same on every retry and resend. */
  messageId: string;
  type: WebhookEventType;
  timestamp: string;
  data: {
    organizationId: string;
    actor: { id: string; name?: string; email: string };
    target: { type: string; id: string; label?: string };
    unitId?: string;
    before?: Record<string, unknown>;
    after?: Record<string, unknown>;
    /** The change set (reorganization) this change was part of. */
    changeSetId?: string;
  };
}

export const messageIdOf = (auditId: string) => `msg_${auditId}`;

/** The event a new audit item stands for, or undefined when it is not one endpoints hear of. */
export function eventOf(item: Record<string, unknown>): WebhookEvent | undefined {
  if (item.type !== 'audit') return undefined;
  const parsed = auditEntry.safeParse(item);
  if (!parsed.success) return undefined;
  const e = parsed.data;
  const type = FROM_AUDIT[e.action];
  if (!type) return undefined;
  return {
    messageId: messageIdOf(e.auditId),
    type,
    timestamp: e.at,
    data: {
      organizationId: e.tenantId,
      actor: { id: e.actor.userId, email: e.actor.email, ...(e.actor.name ? { name: e.actor.name } : {}) },
      target: e.target,
      ...(e.unitId ? { unitId: e.unitId } : {}),
      ...(e.before ? { before: e.before } : {}),
      ...(e.after ? { after: e.after } : {}),
      ...(e.changeSetId ? { changeSetId: e.changeSetId } : {}),
    },
  };
}

export const payloadOf = (e: WebhookEvent) => JSON.stringify({ type: e.type, timestamp: e.timestamp, data: e.data });
