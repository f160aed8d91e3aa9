// T14 reads: a tenant's audit trail and one unit's, newest first, one Query page each.
import 'server-only';
import { z } from 'zod';
import { INDEX, itemParser, keys, pageSize, queryPage, storedActor, TTL_ATTRIBUTE, type AuditActor, type Page, type TenantDb } from '../db';
import { encodeTime } from 'ulid';
import { badDate } from './errors';
import { validateId } from '../validation';
import { AUDIT_TARGET_TYPES, type AuditInput } from './audit-entry';

export const AUDIT_PAGE = { default: 50, max: 100 } as const;

export interface AuditEntry {
  id: string;
  tenantId: string;
  actor: AuditActor;
  action: string;
  target: AuditInput['target'];
  unitId?: string;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
  /** The change set (reorganization) the change was part of. */
  changeSetId?: string;
  /** ISO time of the mutation. */
  at: string;
  /** ISO time after which TTL removes the entry; absent when kept forever. */
  expiresAt?: string;
}

const storedAuditEntry = z.object({
  auditId: z.string(),
  tenantId: z.string(),
  actor: storedActor,
  action: z.string(),
  target: z.object({
    type: z.enum(AUDIT_TARGET_TYPES),
    id: z.string(),
    label: z.string().optional(),
  }) satisfies z.ZodType<AuditInput['target']>,
  unitId: z.string().optional(),
  before: z.record(z.string(), z.unknown()).optional(),
  after: z.record(z.string(), z.unknown()).optional(),
  changeSetId: z.string().optional(),
  at: z.string(),
  [TTL_ATTRIBUTE]: z.number().optional(),
});
const parseAuditEntry = itemParser('audit', storedAuditEntry);

export function toAuditEntry(item: Record<string, unknown>): AuditEntry {
  const e = parseAuditEntry(item);
  const expires = e[TTL_ATTRIBUTE];
  return {
    id: e.auditId,
    tenantId: e.tenantId,
    actor: e.actor,
    action: e.action,
    target: e.target,
    ...(e.unitId ? { unitId: e.unitId } : {}),
    ...(e.before ? { before: e.before } : {}),
    ...(e.after ? { after: e.after } : {}),
    ...(e.changeSetId ? { changeSetId: e.changeSetId } : {}),
    at: e.at,
    ...(expires ? { expiresAt: new Date(expires * 1000).toISOString() } : {}),
  };
}

export interface AuditPageOptions {
  limit?: number;
  cursor?: string;
}

/** What the trail can be narrowed to; any combination. */
export interface AuditFilter {
  /** Entries of this actor (user id, or a machine actor's id such as `operator`). */
  actorId?: string;
  /** Entries of this action (`unit.move`). */
  action?: string;
  /** Entries listed under this unit. */
  unitId?: string;
  /** ISO times, inclusive. */
  from?: string;
  to?: string;
}

// TTL deletion is lazy (typically within days), so entries past their expiry are filtered out
// here (lib/db queryPage reads on until the page is full).
const notExpired = {
  FilterExpression: 'attribute_not_exists(#exp) OR #exp > :now',
  names: { '#exp': TTL_ATTRIBUTE },
};

/**
 * The smallest ULID at `from` and the largest at `to`: a date range is a sort-key range on every
 * audit listing (table and indexes alike sort by the entry's ULID).
 */
function idRange(filter: AuditFilter): { low?: string; high?: string } {
  const at = (iso: string | undefined, fill: string) => {
    if (!iso) return undefined;
    const ms = Date.parse(iso);
    if (!Number.isFinite(ms)) throw badDate();
    return encodeTime(Math.min(Math.max(ms, 0), 2 ** 48 - 1), 10) + fill.repeat(16);
  };
  return { low: at(filter.from, '0'), high: at(filter.to, 'Z') };
}

/**
 * Where a filtered listing reads: the most selective partition the filter names (an actor's
 * entries, then an action's, then a unit's, else the whole trail); the other criteria become a
 * FilterExpression over that partition (queryPage reads on until the page is full).
 */
function auditSource(db: TenantDb, filter: AuditFilter) {
  if (filter.actorId) return { index: INDEX.gsi2, pk: 'GSI2PK', sk: 'GSI2SK', value: keys.gsi2.actorAudit(db.tenantId, filter.actorId), by: 'actor' as const };
  if (filter.action) return { index: INDEX.gsi3, pk: 'GSI3PK', sk: 'GSI3SK', value: keys.gsi3.actionAudit(db.tenantId, filter.action), by: 'action' as const };
  if (filter.unitId) return { index: INDEX.gsi1, pk: 'GSI1PK', sk: 'GSI1SK', value: keys.gsi1.unitAudit(db.tenantId, filter.unitId), by: 'unit' as const };
  return { index: undefined, pk: 'PK', sk: 'SK', value: keys.auditPartition(db.tenantId), by: 'tenant' as const };
}

/** T14, optionally filtered by actor, action, unit and time: one Query page, newest first. */
export async function listAudit(db: TenantDb, filter: AuditFilter = {}, options: AuditPageOptions = {}): Promise<Page<AuditEntry>> {
  const limit = pageSize(options.limit, AUDIT_PAGE);
  const unitId = filter.unitId ? validateId(filter.unitId, 'unit') : undefined;
  const source = auditSource(db, { ...filter, unitId });
  const { low, high } = idRange(filter);
  const range = low && high ? ' AND #sk BETWEEN :low AND :high' : low ? ' AND #sk >= :low' : high ? ' AND #sk <= :high' : '';
  const conditions = [notExpired.FilterExpression];
  const names: Record<string, string> = { ...notExpired.names, '#pk': source.pk, ...(range ? { '#sk': source.sk } : {}) };
  const values: Record<string, unknown> = { ':pk': source.value, ':now': Math.floor(Date.now() / 1000), ...(low ? { ':low': low } : {}), ...(high ? { ':high': high } : {}) };
  if (filter.action && source.by !== 'action') {
    conditions.push('#action = :action');
    names['#action'] = 'action';
    values[':action'] = filter.action;
  }
  if (unitId && source.by !== 'unit') {
    conditions.push('unitId = :unit');
    values[':unit'] = unitId;
  }
  // The cursor is bound to the whole filter: a page link never continues a different listing.
  const scope = `T14:${db.tenantId}:${JSON.stringify([filter.actorId ?? '', filter.action ?? '', unitId ?? '', low ?? '', high ?? ''])}`;
  const page = await queryPage(
    db,
    {
      IndexName: source.index,
      KeyConditionExpression: `#pk = :pk${range}`,
      FilterExpression: conditions.map((c) => `(${c})`).join(' AND '),
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ScanIndexForward: false,
    },
    { limit, scope, cursor: options.cursor },
  );
  return { items: page.items.map(toAuditEntry), nextCursor: page.nextCursor };
}

/** T14 per tenant: every entry, newest first. */
export async function listTenantAudit(db: TenantDb, options: AuditPageOptions = {}): Promise<Page<AuditEntry>> {
  return listAudit(db, {}, options);
}

/** T14 per unit: the entries listed under one unit, newest first. */
export async function listUnitAudit(db: TenantDb, unitId: string, options: AuditPageOptions = {}): Promise<Page<AuditEntry>> {
  return listAudit(db, { unitId: validateId(unitId, 'unit') }, options);
}
