// The last-owner guard: tenant settings carry ownerCount, moved in the same transaction as every
// owner membership change.
import 'server-only';
import { keys, type TenantDb, type TransactItem } from '../db';

/**
 * Moves ownerCount by `delta`. A decrease is conditioned on `ownerCount > -delta`, so at least
 * one owner always remains, even when the last two owners are demoted or removed concurrently.
 * A counter, not a user edit: the settings version is not bumped.
 */
export function ownerCountUpdate(db: TenantDb, delta: number): TransactItem {
  return {
    Update: {
      TableName: db.tableName,
      Key: keys.tenantSettings(db.tenantId),
      UpdateExpression: 'SET ownerCount = ownerCount + :delta',
      ConditionExpression: delta < 0 ? 'ownerCount > :min' : 'attribute_exists(PK)',
      ExpressionAttributeValues: delta < 0 ? { ':delta': delta, ':min': -delta } : { ':delta': delta },
    },
  };
}
