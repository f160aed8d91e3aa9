// Request → IAM authorization requests, without a network: the exact action, resource and
// leading keys the gateway derives for each DynamoDB operation, on the table and on indexes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { authorizationItems, tablesIn, type TableKeys } from '../../scripts/local-stack/aws-emulator/authorization-requests';
import { partitionKeyValues } from '../../scripts/local-stack/aws-emulator/key-condition';

const schema: TableKeys = { hashKey: 'PK', indexes: { GSI1: 'GSI1PK', GSI2: 'GSI2PK', GSI3: 'GSI3PK', GSI4: 'GSI4PK' } };
const arn = 'arn:aws:dynamodb:us-east-1:000000000000:table/arbor';
const ctx = { keysOf: (t: string) => (t === 'arbor' ? schema : undefined), arnOf: (t: string) => `arn:aws:dynamodb:us-east-1:000000000000:table/${t}` };
const S = (s: string) => ({ S: s });
const derive = (op: string, body: Record<string, unknown>) => authorizationItems(op, body, ctx);

test('single-item operations: the item’s partition key', () => {
  assert.deepEqual(derive('GetItem', { TableName: 'arbor', Key: { PK: S('T#a'), SK: S('TENANT') } }), [{ action: 'dynamodb:GetItem', resource: arn, leadingKeys: ['T#a'] }]);
  assert.deepEqual(derive('PutItem', { TableName: 'arbor', Item: { PK: S('T#a#U#1'), SK: S('UNIT'), GSI1PK: S('T#b') } }), [{ action: 'dynamodb:PutItem', resource: arn, leadingKeys: ['T#a#U#1'] }]);
  assert.deepEqual(derive('UpdateItem', { TableName: arn, Key: { PK: S('USER#u') } }), [{ action: 'dynamodb:UpdateItem', resource: arn, leadingKeys: ['USER#u'] }]);
  assert.deepEqual(derive('DeleteItem', { TableName: 'arbor', Key: { SK: S('x') } }), [{ action: 'dynamodb:DeleteItem', resource: arn, leadingKeys: undefined }]);
});

test('Query: the partition key of the table or of the index queried', () => {
  assert.deepEqual(
    derive('Query', { TableName: 'arbor', IndexName: 'GSI2', KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :p)', ExpressionAttributeNames: { '#pk': 'GSI2PK', '#sk': 'GSI2SK' }, ExpressionAttributeValues: { ':pk': S('T#a#EMAILS'), ':p': S('x') } }),
    [{ action: 'dynamodb:Query', resource: `${arn}/index/GSI2`, leadingKeys: ['T#a#EMAILS'] }],
  );
  assert.deepEqual(
    derive('Query', { TableName: 'arbor', KeyConditionExpression: 'SK BETWEEN :a AND :b AND PK = :pk', ExpressionAttributeValues: { ':pk': S('T#a'), ':a': S('1'), ':b': S('2') } }),
    [{ action: 'dynamodb:Query', resource: arn, leadingKeys: ['T#a'] }],
  );
  assert.deepEqual(derive('Query', { TableName: 'arbor', KeyConditions: { PK: { ComparisonOperator: 'EQ', AttributeValueList: [S('T#a')] } } })[0].leadingKeys, ['T#a']);
  // The sort key equality of an index is not its partition key; an index query names GSI1PK.
  assert.deepEqual(derive('Query', { TableName: 'arbor', IndexName: 'GSI1', KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': S('T#a') } })[0].leadingKeys, undefined);
});

test('key conditions the parser cannot read give no leading key (denied by the Null guard)', () => {
  const values = { ':v': S('T#a') };
  assert.deepEqual(partitionKeyValues({ KeyConditionExpression: '(PK = :v)', ExpressionAttributeValues: values }, 'PK'), [S('T#a')]);
  assert.deepEqual(partitionKeyValues({ KeyConditionExpression: 'PK=:v', ExpressionAttributeValues: values }, 'PK'), [S('T#a')]);
  assert.deepEqual(partitionKeyValues({ KeyConditionExpression: 'PK = :missing', ExpressionAttributeValues: values }, 'PK'), []);
  assert.deepEqual(partitionKeyValues({ KeyConditionExpression: 'begins_with(PK, :v)', ExpressionAttributeValues: values }, 'PK'), []);
});

test('Scan and table operations carry no leading keys', () => {
  assert.deepEqual(derive('Scan', { TableName: 'arbor', IndexName: 'GSI3' }), [{ action: 'dynamodb:Scan', resource: `${arn}/index/GSI3` }]);
  assert.deepEqual(derive('DescribeTable', { TableName: 'arbor' }), [{ action: 'dynamodb:DescribeTable', resource: arn }]);
  assert.deepEqual(derive('ListTables', {}), [{ action: 'dynamodb:ListTables', resource: '*' }]);
});

test('batches: one request per table with every key; transactions: one per item as the underlying action', () => {
  assert.deepEqual(
    derive('BatchGetItem', { RequestItems: { arbor: { Keys: [{ PK: S('T#a'), SK: S('1') }, { PK: S('T#b'), SK: S('1') }, { PK: S('T#a'), SK: S('2') }] } } }),
    [{ action: 'dynamodb:BatchGetItem', resource: arn, leadingKeys: ['T#a', 'T#b'] }],
  );
  assert.deepEqual(
    derive('BatchWriteItem', { RequestItems: { arbor: [{ PutRequest: { Item: { PK: S('T#a') } } }, { DeleteRequest: { Key: { PK: S('T#b') } } }, { DeleteRequest: { Key: {} } }] } }),
    [{ action: 'dynamodb:BatchWriteItem', resource: arn, leadingKeys: undefined }],
    'one unreadable key makes the whole set unknown',
  );
  assert.deepEqual(derive('TransactGetItems', { TransactItems: [{ Get: { TableName: 'arbor', Key: { PK: S('T#a') } } }] }), [
    { action: 'dynamodb:GetItem', resource: arn, leadingKeys: ['T#a'], enclosingOperation: 'TransactGetItems' },
  ]);
  const tx = { TransactItems: [
    { Put: { TableName: 'arbor', Item: { PK: S('T#a') } } },
    { Update: { TableName: 'arbor', Key: { PK: S('T#b') } } },
    { Delete: { TableName: 'arbor', Key: { PK: S('T#c') } } },
    { ConditionCheck: { TableName: 'arbor', Key: { PK: S('T#d') } } },
  ] };
  assert.deepEqual(derive('TransactWriteItems', tx).map((i) => [i.action, i.leadingKeys?.[0], i.enclosingOperation]), [
    ['dynamodb:PutItem', 'T#a', 'TransactWriteItems'],
    ['dynamodb:UpdateItem', 'T#b', 'TransactWriteItems'],
    ['dynamodb:DeleteItem', 'T#c', 'TransactWriteItems'],
    ['dynamodb:ConditionCheckItem', 'T#d', 'TransactWriteItems'],
  ]);
  assert.deepEqual(tablesIn({ ...tx, RequestItems: { other: [] } }), ['other', 'arbor']);
});

test('PartiQL is authorized per statement as dynamodb:PartiQL<Verb>, without leading keys', () => {
  assert.deepEqual(derive('ExecuteStatement', { Statement: 'SELECT * FROM "arbor" WHERE PK = ?' }), [{ action: 'dynamodb:PartiQLSelect', resource: arn }]);
  assert.deepEqual(derive('BatchExecuteStatement', { Statements: [{ Statement: 'DELETE FROM arbor WHERE PK = ?' }] }), [{ action: 'dynamodb:PartiQLDelete', resource: arn }]);
});
