// Builds the audit item that every mutation appends inside its own transaction (T14).
import { ulid } from 'ulid';
import { keys, TTL_ATTRIBUTE, type Actor, type TenantDb } from '../db';

export interface AuditInput {
  actor: Actor;
  /** Dotted verb, e.g. 'unit.create', 'unit.move', 'membership.roleChange'. */
  action: string;
  target: { type: 'unit' | 'membership' | 'invitation' | 'tenant'; id: string; label?: string };
  /** Units the entry is listed under (T14 per unit); usually the unit acted on. */
  unitId?: string;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
  /** Seconds to keep the entry; 0 or undefined keeps it forever. */
  retentionSeconds?: number;
}

export function auditEntryPut(db: TenantDb, input: AuditInput, now = new Date()) {
  const auditId = ulid(now.getTime());
  const item: Record<string, unknown> = {
    ...keys.audit(db.tenantId, auditId),
    type: 'audit',
    tenantId: db.tenantId,
    auditId,
    actor: input.actor,
    action: input.action,
    target: input.target,
    unitId: input.unitId,
    before: input.before,
    after: input.after,
    at: now.toISOString(),
  };
  if (input.unitId) {
    item.GSI1PK = keys.gsi1.unitAudit(db.tenantId, input.unitId);
    item.GSI1SK = auditId;
  }
  if (input.retentionSeconds) item[TTL_ATTRIBUTE] = Math.floor(now.getTime() / 1000) + input.retentionSeconds;
  return {
    Put: { TableName: db.tableName, Item: item, ConditionExpression: 'attribute_not_exists(PK)' },
  };
}
