// T14 reads: a tenant's audit trail and one unit's, newest first, one Query page each.
// Server-only.
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { decodeCursor, encodeCursor, INDEX, keys, pageSize, TTL_ATTRIBUTE, type Actor, type Page, type TenantDb } from '../db';
import { validateId } from '../validation';
import type { AuditInput } from './audit-entry';

export const AUDIT_PAGE = { default: 50, max: 100 } as const;

export interface AuditEntry {
  id: string;
  tenantId: string;
  actor: Actor;
  action: string;
  target: AuditInput['target'];
  unitId?: string;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
  /** ISO time of the mutation. */
  at: string;
  /** ISO time after which TTL removes the entry; absent when kept forever. */
  expiresAt?: string;
}

export function toAuditEntry(item: Record<string, unknown>): AuditEntry {
  const expires = item[TTL_ATTRIBUTE] as number | undefined;
  return {
    id: item.auditId as string,
    tenantId: item.tenantId as string,
    actor: item.actor as Actor,
    action: item.action as string,
    target: item.target as AuditInput['target'],
    ...(item.unitId ? { unitId: item.unitId as string } : {}),
    ...(item.before ? { before: item.before as Record<string, unknown> } : {}),
    ...(item.after ? { after: item.after as Record<string, unknown> } : {}),
    at: item.at as string,
    ...(expires ? { expiresAt: new Date(expires * 1000).toISOString() } : {}),
  };
}

export interface AuditPageOptions {
  limit?: number;
  cursor?: string;
}

// TTL deletion is lazy (typically within days), so entries past their expiry are filtered out
// here; the filter is applied after the page is read, so a page may hold fewer than `limit`.
const notExpired = {
  FilterExpression: 'attribute_not_exists(#exp) OR #exp > :now',
  names: { '#exp': TTL_ATTRIBUTE },
};

async function queryAudit(
  db: TenantDb,
  scope: string,
  query: { IndexName?: string; KeyConditionExpression: string; pk: string },
  options: AuditPageOptions,
): Promise<Page<AuditEntry>> {
  const limit = pageSize(options.limit, AUDIT_PAGE);
  const out = await db.client.send(
    new QueryCommand({
      TableName: db.tableName,
      IndexName: query.IndexName,
      KeyConditionExpression: query.KeyConditionExpression,
      FilterExpression: notExpired.FilterExpression,
      ExpressionAttributeNames: notExpired.names,
      ExpressionAttributeValues: { ':pk': query.pk, ':now': Math.floor(Date.now() / 1000) },
      ScanIndexForward: false,
      Limit: limit,
      ExclusiveStartKey: decodeCursor(scope, options.cursor),
    }),
  );
  return { items: (out.Items ?? []).map(toAuditEntry), nextCursor: encodeCursor(scope, out.LastEvaluatedKey) };
}

/** T14 per tenant: every entry, newest first. */
export async function listTenantAudit(db: TenantDb, options: AuditPageOptions = {}): Promise<Page<AuditEntry>> {
  return queryAudit(
    db,
    `T14:${db.tenantId}`,
    { KeyConditionExpression: 'PK = :pk', pk: keys.auditPartition(db.tenantId) },
    options,
  );
}

/** T14 per unit: the entries listed under one unit, newest first. */
export async function listUnitAudit(db: TenantDb, unitId: string, options: AuditPageOptions = {}): Promise<Page<AuditEntry>> {
  const id = validateId(unitId, 'unit');
  return queryAudit(
    db,
    `T14:${db.tenantId}:${id}`,
    { IndexName: INDEX.gsi1, KeyConditionExpression: 'GSI1PK = :pk', pk: keys.gsi1.unitAudit(db.tenantId, id) },
    options,
  );
}
