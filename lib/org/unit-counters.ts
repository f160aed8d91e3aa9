// The counters every tree write keeps in its own transaction: a parent's childCount and the
// tenant's unitCount. Server-only.
import { keys, type TenantDb, type TransactItem } from '../db';

/**
 * A parent gains or loses children. Conditioned on the parent existing and not being held by a
 * tree job, and, when a child's path is derived from it, on the parent still being at `path`;
 * the stored parent comes back when the condition fails (a job's lock, or gone).
 */
export function childCountUpdate(db: TenantDb, unitId: string, by: number, path?: string): TransactItem {
  return {
    Update: {
      TableName: db.tableName,
      Key: keys.unit(db.tenantId, unitId),
      UpdateExpression: 'SET childCount = childCount + :by',
      ConditionExpression: `attribute_exists(PK) AND attribute_not_exists(#lock)${path ? ' AND #path = :path' : ''}`,
      ExpressionAttributeNames: { '#lock': 'lock', ...(path ? { '#path': 'path' } : {}) },
      ExpressionAttributeValues: { ':by': by, ...(path ? { ':path': path } : {}) },
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
