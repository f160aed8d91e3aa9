// Puts a unit in the state a large move leaves it in while it runs (locked by a job), so
// suites can check that edits refuse locked units without running a real move job.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { keys } from '../../lib/db';
import { directClient, tableName } from './stack';

export async function lockUnit(tenantId: string, unitId: string, jobId = ulid()) {
  await directClient().send(
    new UpdateCommand({
      TableName: tableName(), Key: keys.unit(tenantId, unitId),
      UpdateExpression: 'SET #lock = :job', ExpressionAttributeNames: { '#lock': 'lock' }, ExpressionAttributeValues: { ':job': jobId },
      ConditionExpression: 'attribute_exists(PK)',
    }),
  );
}
