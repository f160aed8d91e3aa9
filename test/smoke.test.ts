import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { directClient, tableName } from './support/stack';

test('the local stack serves the table with its four indexes', async () => {
  const out = await directClient().send(new DescribeTableCommand({ TableName: tableName() }));
  assert.deepEqual(out.Table?.GlobalSecondaryIndexes?.map((i) => i.IndexName).sort(), ['GSI1', 'GSI2', 'GSI3', 'GSI4']);
});
