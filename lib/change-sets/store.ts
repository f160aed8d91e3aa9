// Reading and writing a change set's items. Every header write is a Put of the whole header
// conditioned on the version the caller read, so two edits of one set never interleave.
import 'server-only';
import { auditEntryPut } from '../audit';
import { batchGet, keys, queryAll, queryPage, type AuditActor, type TenantDb, type TransactItem, type Page } from '../db';
import { toMembership } from '../members/membership-items';
import { toUnit } from '../org/unit-item';
import {
  headerItem, toDraftedOperation, toHeader, toReview, toUndo,
  type ChangeSet, type ChangeSetHeader, type OperationBasis,
} from './change-set-item';
import { changeSetChanged, changeSetNotFound } from './errors';
import { membershipsNamed, memberKey, peopleNamed, splitMemberKey, unitsNamed, type Operation } from './operations';

/** The whole set: header, operations in order, reviews, inverses (one Query, strongly consistent). */
export async function readChangeSet(db: TenantDb, setId: string): Promise<ChangeSet> {
  const items = await queryAll(db, {
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.changeSetPartition(db.tenantId, setId) },
    ConsistentRead: true,
  });
  const head = items.find((i) => i.SK === 'SET');
  if (!head) throw changeSetNotFound();
  const sk = (i: Record<string, unknown>) => String(i.SK);
  return {
    header: toHeader(head),
    operations: items.filter((i) => sk(i).startsWith(keys.changeSetOpPrefix)).map(toDraftedOperation),
    reviews: items.filter((i) => sk(i).startsWith(keys.changeSetReviewPrefix)).map(toReview),
    undo: items.filter((i) => sk(i).startsWith(keys.changeSetUndoPrefix)).map(toUndo),
  };
}

/** The tenant's change sets, newest first (GSI1), one page. */
export async function listChangeSets(db: TenantDb, options: { cursor?: string | null; limit?: number } = {}): Promise<Page<ChangeSetHeader>> {
  const page = await queryPage(
    db,
    {
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.gsi1.changeSets(db.tenantId) },
      ScanIndexForward: false,
    },
    { limit: options.limit ?? 50, scope: `changeSets:${db.tenantId}`, cursor: options.cursor },
  );
  return { ...page, items: page.items.map(toHeader) };
}

/** The header written whole, conditioned on the version read (none: a new set). */
export function headerPut(db: TenantDb, next: ChangeSetHeader, readVersion?: number): TransactItem {
  return {
    Put: {
      TableName: db.tableName,
      Item: headerItem(db.tenantId, next),
      ...(readVersion === undefined
        ? { ConditionExpression: 'attribute_not_exists(PK)' }
        : { ConditionExpression: '#version = :v', ExpressionAttributeNames: { '#version': 'version' }, ExpressionAttributeValues: { ':v': readVersion } }),
    },
  };
}

export const headerChanged = (stored: Record<string, unknown> | undefined) =>
  stored ? changeSetChanged(stored.version as number) : changeSetNotFound();

/**
 * What the live tree says about the units and memberships the operations name (two BatchGetItems):
 * the facts each operation is drafted on. Units the set itself creates are left out.
 */
export async function readBasis(db: TenantDb, ops: Operation[], createdBySet: ReadonlySet<string>): Promise<OperationBasis> {
  const unitIds = [...new Set(ops.flatMap(unitsNamed))].filter((id) => !createdBySet.has(id));
  const memberKeys = [...new Set(ops.flatMap(membershipsNamed))].filter((k) => !createdBySet.has(splitMemberKey(k).unitId));
  const userIds = [...new Set(ops.flatMap(peopleNamed))];
  const [units, memberships, profiles] = await Promise.all([
    batchGet(db, unitIds.map((id) => keys.unit(db.tenantId, id))),
    batchGet(db, memberKeys.map((k) => keys.userMembership(db.tenantId, splitMemberKey(k).userId, splitMemberKey(k).unitId))),
    batchGet(db, userIds.map((id) => keys.tenantUser(db.tenantId, id)), { projection: ['userId', 'name', 'email'] }),
  ]);
  const basis: OperationBasis = {
    units: {}, memberships: {},
    people: Object.fromEntries(profiles.map((p) => [String(p.userId), { name: String(p.name ?? ''), email: String(p.email ?? '') }])),
  };
  for (const item of units) {
    const u = toUnit(item);
    basis.units[u.id] = { version: u.version, name: u.name, parentId: u.parentId, path: u.path };
  }
  for (const k of memberKeys) basis.memberships[k] = null;
  for (const item of memberships) {
    const m = toMembership(item);
    basis.memberships[memberKey(m.unitId, m.userId)] = { role: m.role, version: m.version, ...(m.roles?.length ? { roles: [...m.roles] } : {}) };
  }
  return basis;
}

/** The part of `basis` one operation relies on. */
export function basisOf(op: Operation, basis: OperationBasis): OperationBasis {
  const units = Object.fromEntries(unitsNamed(op).flatMap((id) => (basis.units[id] ? [[id, basis.units[id]]] : [])));
  const memberships = Object.fromEntries(membershipsNamed(op).flatMap((k) => (k in basis.memberships ? [[k, basis.memberships[k]]] : [])));
  const people = Object.fromEntries(peopleNamed(op).flatMap((id) => (basis.people?.[id] ? [[id, basis.people[id]]] : [])));
  return { units, memberships, people };
}

/** The audit entry of a change to the set itself (its operations' own changes are audited when applied). */
export const setAudit = (db: TenantDb, actor: AuditActor, action: string, header: Pick<ChangeSetHeader, 'setId' | 'name'>, after?: Record<string, unknown>) =>
  auditEntryPut(db, { actor, action, target: { type: 'changeSet', id: header.setId, label: header.name }, ...(after ? { after } : {}) });
