// Units for membership tests until lib/org's createUnit lands: puts a unit item built by
// unitItem() under a parent, touching nothing else (no childCount, no unitCount, no audit).
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { keys } from '../../lib/db';
import { childPath, depthOf, unitItem, type Unit } from '../../lib/org/unit-item';
import { directClient, tableName } from './stack';

export async function putUnit(tenantId: string, parent: { id: string; path: string }, name: string): Promise<Unit> {
  const id = ulid();
  const now = new Date().toISOString();
  const path = childPath(parent.path, id);
  const unit: Unit = {
    tenantId, id, name, parentId: parent.id, path, depth: depthOf(path),
    childCount: 0, memberCount: 0, version: 1, createdAt: now, updatedAt: now,
  };
  await directClient().send(
    new PutCommand({ TableName: tableName(), Item: unitItem(unit), ConditionExpression: 'attribute_not_exists(PK)' }),
  );
  return unit;
}

/** Marks a unit as locked by a move job (what lib/org's large moves do). */
export async function lockUnit(tenantId: string, unitId: string, jobId = ulid()) {
  await directClient().send(
    new UpdateCommand({
      TableName: tableName(), Key: keys.unit(tenantId, unitId),
      UpdateExpression: 'SET #lock = :job', ExpressionAttributeNames: { '#lock': 'lock' }, ExpressionAttributeValues: { ':job': jobId },
    }),
  );
}
