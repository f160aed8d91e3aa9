// Every client lib/db builds counts, for the request it runs in, the commands it sends and the
// capacity DynamoDB says they consumed (asked for with ReturnConsumedCapacity TOTAL): real GetItem,
// Query and TransactWriteItems against DynamoDB Local. Outside a request nothing is asked or counted.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { addConsumedCapacity, newRequestContext, runInRequest, type DynamoDbUsage } from '../../lib/observability';
import { directClient, tableName } from '../support/stack';

const request = () => newRequestContext({ requestId: `test-${ulid()}`, method: 'GET', route: '/test', kind: 'api' });

describe('DynamoDB usage per request', () => {
  const client = directClient();
  const pk = `OBS#${ulid()}`;

  test('GetItem, Query and TransactWriteItems are counted with their consumed capacity', async () => {
    const TableName = tableName();
    await client.send(new PutCommand({ TableName, Item: { PK: pk, SK: 'A', n: 1 } }));
    const context = request();
    await runInRequest(context, async () => {
      const got = await client.send(new GetCommand({ TableName, Key: { PK: pk, SK: 'A' }, ConsistentRead: true }));
      assert.equal(got.Item?.n, 1, 'the answer is unchanged');
      await client.send(new QueryCommand({ TableName, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': pk } }));
      await client.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName, Item: { PK: pk, SK: 'B', n: 2 } } },
            { Update: { TableName, Key: { PK: pk, SK: 'A' }, UpdateExpression: 'SET n = :n', ExpressionAttributeValues: { ':n': 3 } } },
          ],
        }),
      );
    });
    const usage = context.dynamodb;
    assert.equal(usage.requests, 3);
    assert.deepEqual(usage.byOperation, { GetItem: 1, Query: 1, TransactWriteItems: 1 }, JSON.stringify(usage));
    // A strongly consistent read of a small item is 1 RCU; the eventually consistent Query 0.5.
    assert.equal(usage.consumedRcu, 1.5, JSON.stringify(usage));
    // Two small items written: 2 WCU as DynamoDB Local counts them (AWS doubles transactional
    // writes, so 4 there); the counter adds whatever the answer says.
    assert.ok(usage.consumedWcu >= 2 && usage.consumedWcu <= 4, JSON.stringify(usage));
    assert.equal(usage.retries, 0);
  });

  test('outside a request the command goes out as built: no capacity asked for', async () => {
    const out = await client.send(new GetCommand({ TableName: tableName(), Key: { PK: pk, SK: 'A' } }));
    assert.equal(out.ConsumedCapacity, undefined);
  });

  test('a caller that asks for capacity itself keeps its own request', async () => {
    const context = request();
    const out = await runInRequest(context, () => client.send(new GetCommand({ TableName: tableName(), Key: { PK: pk, SK: 'A' }, ReturnConsumedCapacity: 'INDEXES' })));
    assert.ok(out.ConsumedCapacity?.Table, 'INDEXES answers per table');
    assert.equal(context.dynamodb.consumedRcu, 0.5);
  });

  test('capacity is classified as read or write units by operation (no network)', () => {
    const usage: DynamoDbUsage = { requests: 0, retries: 0, byOperation: {}, consumedRcu: 0, consumedWcu: 0 };
    addConsumedCapacity(usage, 'BatchGetItem', {}, [{ CapacityUnits: 2 }, { CapacityUnits: 1 }]);
    addConsumedCapacity(usage, 'PutItem', {}, { CapacityUnits: 1 });
    addConsumedCapacity(usage, 'ExecuteStatement', { Statement: 'SELECT * FROM t' }, { CapacityUnits: 0.5 });
    addConsumedCapacity(usage, 'ExecuteStatement', { Statement: 'UPDATE t SET a = 1' }, { CapacityUnits: 1 });
    addConsumedCapacity(usage, 'TransactWriteItems', {}, [{ ReadCapacityUnits: 1, WriteCapacityUnits: 4, CapacityUnits: 5 }]);
    assert.equal(usage.consumedRcu, 4.5);
    assert.equal(usage.consumedWcu, 6);
  });
});
