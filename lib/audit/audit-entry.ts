// Builds the audit item that every mutation appends inside its own transaction (T14).
import { monotonicFactory } from 'ulid';
import { actorIdentity, keys, TTL_ATTRIBUTE, type AuditActor, type TenantDb } from '../db';
import { auditRetentionSeconds } from './audit-retention';

/** What an entry can be about: the audit log's parser reads the same list. */
export const AUDIT_TARGET_TYPES = ['unit', 'membership', 'invitation', 'tenant', 'directory', 'apiKey', 'webhook', 'changeSet', 'role', 'permission', 'person', 'accessReview', 'accessReviewSchedule', 'auditStream'] as const;

export interface AuditInput {
  actor: AuditActor;
  /** Dotted verb, e.g. 'unit.create', 'unit.move', 'membership.roleChange'. */
  action: string;
  target: { type: (typeof AUDIT_TARGET_TYPES)[number]; id: string; label?: string };
  /** Units the entry is listed under (T14 per unit); usually the unit acted on. */
  unitId?: string;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
  /**
   * Seconds to keep the entry; 0 keeps it forever. Undefined uses the configured retention
   * (ARBOR_AUDIT_RETENTION_DAYS), so every mutation's entry expires by TTL without each caller
   * having to remember it.
   */
  retentionSeconds?: number;
}

// Monotonic within this process, so entries written in the same millisecond still list in the
// order they were made (newest first is a plain descending sort-key read).
const auditUlid = monotonicFactory();

export function auditEntryPut(db: TenantDb, input: AuditInput, now = new Date()) {
  const auditId = auditUlid(now.getTime());
  const item: Record<string, unknown> = {
    ...keys.audit(db.tenantId, auditId),
    type: 'audit',
    tenantId: db.tenantId,
    auditId,
    actor: actorIdentity(input.actor),
    action: input.action,
    target: input.target,
    unitId: input.unitId,
    before: input.before,
    after: input.after,
    at: now.toISOString(),
    // A change made while applying a change set holds that set's locks: the trail links the two.
    ...(db.lockHolder ? { changeSetId: db.lockHolder } : {}),
    // A removal an access review decided: the trail links it to the review.
    ...(db.accessReviewId ? { accessReviewId: db.accessReviewId } : {}),
  };
  if (input.unitId) {
    item.GSI1PK = keys.gsi1.unitAudit(db.tenantId, input.unitId);
    item.GSI1SK = auditId;
  }
  // The trail filtered by who acted and by what they did: one index partition each, written with
  // the entry itself (so in the mutation's own transaction), sorted by the same ULID.
  item.GSI2PK = keys.gsi2.actorAudit(db.tenantId, input.actor.userId);
  item.GSI2SK = auditId;
  item.GSI3PK = keys.gsi3.actionAudit(db.tenantId, input.action);
  item.GSI3SK = auditId;
  const retention = input.retentionSeconds ?? auditRetentionSeconds();
  if (retention) item[TTL_ATTRIBUTE] = Math.floor(now.getTime() / 1000) + retention;
  return {
    Put: { TableName: db.tableName, Item: item, ConditionExpression: 'attribute_not_exists(PK)' },
  };
}
