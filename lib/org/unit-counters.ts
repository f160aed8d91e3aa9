// The counters every tree write keeps in its own transaction: a parent's childCount and the
// tenant's unitCount.
import 'server-only';
import { keys, type TenantDb, type TransactItem } from '../db';
import { lockFree } from './unit-lock';

/**
 * A parent gains or loses children. Conditioned on the parent existing and not being locked
 * against this db (unit-lock.ts), and, when a child's path is derived from it, on the parent still being at `path`;
 * the stored parent comes back when the condition fails (a job's lock, or gone).
 */
export function childCountUpdate(db: TenantDb, unitId: string, by: number, path?: string): TransactItem {
  const free = lockFree(db);
  return {
    Update: {
      TableName: db.tableName,
      Key: keys.unit(db.tenantId, unitId),
      UpdateExpression: 'SET childCount = childCount + :by',
      ConditionExpression: `attribute_exists(PK) AND ${free.expression}${path ? ' AND #path = :path' : ''}`,
      ExpressionAttributeNames: { ...free.names, ...(path ? { '#path': 'path' } : {}) },
      ExpressionAttributeValues: { ':by': by, ...free.values, ...(path ? { ':path': path } : {}) },
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    },
  };
}

/** `n` units deleted from the tenant (never below zero). */
export function unitCountDecrement(db: TenantDb, n: number): TransactItem {
  return {
    Update: {
      TableName: db.tableName,
      Key: keys.tenantSettings(db.tenantId),
      UpdateExpression: 'SET unitCount = unitCount - :n',
      ConditionExpression: 'unitCount >= :n',
      ExpressionAttributeValues: { ':n': n },
    },
  };
}
