// Sibling names are unique, ignoring case (as most consoles do): each child's name is claimed by
// a guard item in its parent's sibling partition, written in the same transaction as the unit.
// The key holds a hash of the lower-cased name, so user text never becomes key material.
import 'server-only';
import { createHash } from 'node:crypto';
import { keys, type TenantDb, type TransactItem } from '../db';
import { searchKey } from '../validation';

const nameHash = (name: string) => createHash('sha256').update(searchKey(name)).digest('base64url');

export const siblingNameKey = (tenantId: string, parentId: string, name: string) =>
  keys.siblingName(tenantId, parentId, nameHash(name));

/** True when two names would collide among siblings. */
export const sameSiblingName = (a: string, b: string) => searchKey(a) === searchKey(b);

/** Claims `name` under `parentId` for `unitId`; fails when a sibling already holds it. */
export function siblingNamePut(db: TenantDb, parentId: string, name: string, unitId: string): TransactItem {
  return {
    Put: {
      TableName: db.tableName,
      Item: {
        ...siblingNameKey(db.tenantId, parentId, name),
        type: 'siblingName', tenantId: db.tenantId, parentId, unitId, createdAt: new Date().toISOString(),
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

/**
 * Releases the claim. Never removes another unit's claim; tolerates a missing one (units
 * written before claims existed) so it can't wedge a delete.
 */
export function siblingNameDelete(db: TenantDb, parentId: string, name: string, unitId: string): TransactItem {
  return {
    Delete: {
      TableName: db.tableName,
      Key: siblingNameKey(db.tenantId, parentId, name),
      ConditionExpression: 'attribute_not_exists(PK) OR unitId = :unit',
      ExpressionAttributeValues: { ':unit': unitId },
    },
  };
}
