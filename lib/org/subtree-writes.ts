// The per-item writes of moving or deleting a subtree, written once for both ways it runs: in one
// transaction (each item conditioned on the state the snapshot read, and not locked against the
// db: unit-lock.ts) or as a tree job (each unit conditioned on being held by the job's lock; a
// unit's memberships are held by that lock too, as every membership write is conditioned on its
// unit not being locked). The caller says which with the guard.
import 'server-only';
import { keys, sortKeys, type TenantDb, type TransactItem } from '../db';
import { nameWordDeletes } from '../items/name-words';
import { siblingNameDelete } from './sibling-name';
import { depthOf } from './unit-item';
import { lockFree, valuesOrNone } from './unit-lock';

/**
 * A unit as the snapshot or the job's plan holds it. Written "as read", unchanged means the same
 * place and name and no child or member added or removed (the counts are then required).
 */
export interface UnitAsRead {
  id: string;
  parentId: string | null;
  name: string;
  path: string;
  childCount?: number;
  memberCount?: number;
}

/**
 * What a subtree write is conditioned on: the item as read (one transaction), or held by the job.
 * A job started through a holding db (TenantDb.lockHolder) releases each unit back to that holder
 * (`releaseTo`) instead of unlocking it.
 */
export type SubtreeGuard = { asRead: true } | { heldBy: string; releaseTo?: string };

const heldBy = (guard: SubtreeGuard) => ('heldBy' in guard ? guard.heldBy : undefined);

/** The unit's own condition: held by the job, or not locked against the db and as read. */
function unitCondition(db: TenantDb, unit: UnitAsRead, guard: SubtreeGuard, extra?: { version: number }) {
  const job = heldBy(guard);
  if (job) return { expression: '#lock = :job', names: { '#lock': 'lock' }, values: { ':job': job } as Record<string, unknown> };
  if (unit.childCount === undefined || unit.memberCount === undefined) throw new Error(`unit ${unit.id}: written as read without its counts`);
  const free = lockFree(db);
  return {
    expression: `${free.expression} AND #path = :old AND #name = :was AND childCount = :children_n AND memberCount = :members_n${extra ? ' AND #version = :expected' : ''}`,
    names: { ...free.names, '#path': 'path', '#name': 'name', ...(extra ? { '#version': 'version' } : {}) },
    values: {
      ...free.values, ':old': unit.path, ':was': unit.name, ':children_n': unit.childCount, ':members_n': unit.memberCount,
      ...(extra ? { ':expected': extra.version } : {}),
    } as Record<string, unknown>,
  };
}

/**
 * How a job's write lets go of a unit, appended to a SET clause: unlocked, or handed back to the
 * holder the job runs for. Nothing outside a job.
 */
function release(guard: SubtreeGuard): { clause: string; values: Record<string, unknown> } {
  if (!('heldBy' in guard)) return { clause: '', values: {} };
  return guard.releaseTo ? { clause: ', #lock = :holder', values: { ':holder': guard.releaseTo } } : { clause: ' REMOVE #lock', values: {} };
}

/** A unit below the moved root takes its new path; in a job, the same write releases its lock. */
export function unitPathRewrite(db: TenantDb, unit: UnitAsRead, path: string, now: string, guard: SubtreeGuard): TransactItem {
  const c = unitCondition(db, unit, guard);
  const r = release(guard);
  return {
    Update: {
      TableName: db.tableName,
      Key: keys.unit(db.tenantId, unit.id),
      UpdateExpression: `SET #path = :path, GSI1SK = :path, #depth = :depth, updatedAt = :now${r.clause}`,
      ConditionExpression: c.expression,
      ExpressionAttributeNames: { ...c.names, '#path': 'path', '#depth': 'depth' },
      ExpressionAttributeValues: { ...c.values, ...r.values, ':path': path, ':depth': depthOf(path), ':now': now },
    },
  };
}

/** The moved root: new parent, path and version (the one version a move changes). */
export function movedRootUpdate(
  db: TenantDb,
  root: UnitAsRead,
  to: { parentId: string; path: string; expectedVersion: number },
  now: string,
  guard: SubtreeGuard,
): TransactItem {
  const c = heldBy(guard)
    ? { expression: '#lock = :job AND #version = :expected', names: { '#lock': 'lock', '#version': 'version' }, values: { ':job': heldBy(guard), ':expected': to.expectedVersion } }
    : unitCondition(db, root, guard, { version: to.expectedVersion });
  return {
    Update: {
      TableName: db.tableName,
      Key: keys.unit(db.tenantId, root.id),
      UpdateExpression:
        'SET parentId = :parent, GSI2PK = :children, #path = :path, GSI1SK = :path, #depth = :depth, #version = :next, updatedAt = :now',
      ConditionExpression: c.expression,
      ExpressionAttributeNames: { ...c.names, '#path': 'path', '#depth': 'depth', '#version': 'version' },
      ExpressionAttributeValues: {
        ...c.values, ':parent': to.parentId, ':children': keys.gsi2.children(db.tenantId, to.parentId), ':path': to.path,
        ':depth': depthOf(to.path), ':next': to.expectedVersion + 1, ':now': now,
      },
    },
  };
}

/**
 * Both directions of a membership take the unit's new path. Rewriting the same path twice
 * changes nothing, so a job's step may run again after a crash.
 */
export function membershipPathRewrite(db: TenantDb, m: { unitId: string; userId: string }, unitPath: string): TransactItem[] {
  return [
    {
      Update: {
        TableName: db.tableName,
        Key: keys.unitMember(db.tenantId, m.unitId, m.userId),
        UpdateExpression: 'SET unitPath = :path, GSI1SK = :sk',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':path': unitPath, ':sk': sortKeys.memberInTree(unitPath, m.userId) },
      },
    },
    {
      Update: {
        TableName: db.tableName,
        Key: keys.userMembership(db.tenantId, m.userId, m.unitId),
        UpdateExpression: 'SET unitPath = :path',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':path': unitPath },
      },
    },
  ];
}

/**
 * A unit deleted with its sibling name claim (except where the caller releases it: a job's root
 * at its commit) and its name words; the name as read gives the stored words.
 */
export function unitDeletes(
  db: TenantDb,
  unit: UnitAsRead,
  guard: SubtreeGuard,
  options: { version?: number; keepClaim?: boolean } = {},
): TransactItem[] {
  const c = unitCondition(db, unit, guard, options.version !== undefined && !heldBy(guard) ? { version: options.version } : undefined);
  return [
    {
      Delete: {
        TableName: db.tableName,
        Key: keys.unit(db.tenantId, unit.id),
        ConditionExpression: c.expression,
        ExpressionAttributeNames: c.names,
        ExpressionAttributeValues: c.values,
      },
    },
    ...(options.keepClaim ? [] : [siblingNameDelete(db, unit.parentId!, unit.name, unit.id)]),
    ...nameWordDeletes(db, { kind: 'unit', id: unit.id }, unit.name),
  ];
}

/**
 * Both directions of a membership deleted. In a job the unit-side item answers whether the delete
 * has happened (a step sent again after a crash finds it gone), and the user's direction may
 * already be gone, so its delete tolerates that.
 */
export function subtreeMembershipDeletes(db: TenantDb, m: { unitId: string; userId: string }, guard: SubtreeGuard): TransactItem[] {
  const job = heldBy(guard);
  const free = lockFree(db);
  return [
    {
      Delete: {
        TableName: db.tableName,
        Key: keys.unitMember(db.tenantId, m.unitId, m.userId),
        ...(job
          ? { ConditionExpression: 'attribute_exists(PK)' }
          : { ConditionExpression: `attribute_exists(PK) AND ${free.expression}`, ExpressionAttributeNames: free.names, ...valuesOrNone(free.values) }),
      },
    },
    {
      Delete: {
        TableName: db.tableName,
        Key: keys.userMembership(db.tenantId, m.userId, m.unitId),
        ...(job
          ? { ConditionExpression: 'attribute_not_exists(PK) OR unitId = :unit', ExpressionAttributeValues: { ':unit': m.unitId } }
          : { ConditionExpression: 'attribute_exists(PK)' }),
      },
    },
  ];
}
