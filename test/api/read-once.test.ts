// The request's memory of items (lib/api/read-once.ts) against DynamoDB Local through the IAM
// gateway: reads asked at the same moment go out together, an item is read once until the
// request writes, and projected or eventually consistent reads by key are served from it.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { BatchGetCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { readOnce } from '../../lib/api/read-once';
import { batchGet, getItem, keys, type TenantDb } from '../../lib/db';
import { createUnit } from '../../lib/org';
import { newTenant } from '../support/fixtures';
import { tenantDbFor } from '../support/tenant-db';
import { rawClient } from '../support/raw-client';

let raw: TenantDb;
let rootId: string;
let childId: string;
let otherId: string;

before(async () => {
  const t = await newTenant('ReadOnce');
  raw = tenantDbFor(t.tenantId);
  rootId = t.rootUnitId;
  const actor = { userId: t.ownerUserId, email: t.ownerEmail };
  childId = (await createUnit(raw, actor, { parentId: rootId, name: 'Child' })).id;
  otherId = (await createUnit(raw, actor, { parentId: rootId, name: 'Other' })).id;
});

/** A db whose reads go through a fresh memory, with the commands that reach the table counted. */
function requestDb() {
  const sent: string[] = [];
  const send = (command: object, ...rest: unknown[]) => {
    sent.push(command.constructor.name.replace(/Command$/, ''));
    return (raw.client.send as (...a: unknown[]) => Promise<unknown>).call(raw.client, command, ...rest);
  };
  const memory = readOnce({ send } as unknown as TenantDb['client']);
  const client = new Proxy(raw.client, {
    get: (target, prop, receiver) => (prop === 'send' ? (c: object, ...r: unknown[]) => {
      const isWrite = c instanceof UpdateCommand;
      if (isWrite) memory.forget();
      return isWrite ? send(c, ...r) : memory.send(c, ...r);
    } : Reflect.get(target, prop, receiver)),
  });
  return { db: { ...raw, client } as TenantDb, sent };
}

const unitKey = (id: string) => keys.unit(raw.tenantId, id);

test('two parts of a request asking for the same unit at once: one GetItem', async () => {
  const { db, sent } = requestDb();
  const [a, b] = await Promise.all([getItem(db, unitKey(childId)), getItem(db, unitKey(childId))]);
  assert.equal(a?.name, 'Child');
  assert.deepEqual(a, b);
  assert.notEqual(a, b, 'each caller gets its own copy');
  assert.deepEqual(sent, ['Get']);
});

test('different units asked apart at the same moment: one BatchGetItem; asked again later: none', async () => {
  const { db, sent } = requestDb();
  const [a, b, c] = await Promise.all([getItem(db, unitKey(rootId)), getItem(db, unitKey(childId)), batchGet(db, [unitKey(otherId), unitKey(childId)])]);
  assert.equal(a?.unitId, rootId);
  assert.equal(b?.unitId, childId);
  assert.deepEqual(c.map((i) => i.unitId).sort(), [childId, otherId].sort());
  assert.deepEqual(sent, ['BatchGet']);
  await getItem(db, unitKey(rootId));
  assert.deepEqual(sent, ['BatchGet']);
});

test('a projected, eventually consistent read is served from what the request holds, and reads only what it lacks', async () => {
  const { db, sent } = requestDb();
  await getItem(db, unitKey(childId));
  const labels = await batchGet(db, [unitKey(childId), unitKey(otherId)], { consistent: false, projection: ['unitId', 'name'] });
  assert.deepEqual(labels.map((i) => i.name).sort(), ['Child', 'Other']);
  assert.deepEqual(Object.keys(labels.find((i) => i.unitId === childId)!).sort(), ['PK', 'SK', 'name', 'unitId'], 'only the attributes asked for');
  assert.deepEqual(sent, ['Get', 'BatchGet']);
  // A projected read is not remembered: Other, never read whole, is read again.
  const other = await db.client.send(new BatchGetCommand({ RequestItems: { [raw.tableName]: { Keys: [unitKey(otherId)], ConsistentRead: false } } }));
  assert.equal(other.Responses?.[raw.tableName]?.length, 1);
  assert.deepEqual(sent, ['Get', 'BatchGet', 'BatchGet']);
  const child = await db.client.send(new BatchGetCommand({ RequestItems: { [raw.tableName]: { Keys: [unitKey(childId)], ConsistentRead: false } } }));
  assert.equal(child.Responses?.[raw.tableName]?.length, 1);
  assert.deepEqual(sent, ['Get', 'BatchGet', 'BatchGet'], 'Child was read whole before: served from memory');
});

test('a write forgets: the next read goes to the table', async () => {
  const { db, sent } = requestDb();
  await getItem(db, unitKey(childId));
  await rawClient(db).send(new UpdateCommand({ TableName: raw.tableName, Key: unitKey(childId), UpdateExpression: 'SET touchedByTest = :t', ExpressionAttributeValues: { ':t': 1 } }));
  const after = await db.client.send(new GetCommand({ TableName: raw.tableName, Key: unitKey(childId), ConsistentRead: true }));
  assert.equal(after.Item?.touchedByTest, 1);
  assert.deepEqual(sent, ['Get', 'Update', 'Get']);
});
