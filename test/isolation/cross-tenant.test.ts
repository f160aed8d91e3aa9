// Isolation by credentials: every request a tenant's scoped credentials make against another
// tenant's keys is refused by the gateway exactly as DynamoDB refuses it, nothing is returned or
// changed, and the tenant's own requests succeed. Three tenants; the first id is a prefix of the
// other two, so `T#<a>` must match neither `T#<a>X…` nor `T#<a>-x…`.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  BatchGetCommand, BatchWriteCommand, DeleteCommand, GetCommand, PutCommand, QueryCommand, ScanCommand,
  TransactGetCommand, TransactWriteCommand, UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { INDEX, keys, type TenantDb } from '../../lib/db';
import { isAccessDenied, prefixSharingTenantIds, testPlatformDb, testTenantDb } from '../support/tenancy';
import { seedTenant, snapshot, type SeededTenant } from './seed';
import { rawClient } from '../support/raw-client';

type Db = { client: TenantDb['client']; tableName: string };
type Request = (db: Db, me: SeededTenant, victim: SeededTenant) => Promise<unknown>;

const get = (db: Db, Key: object) => db.client.send(new GetCommand({ TableName: db.tableName, Key }));
const put = (db: Db, Item: object) => rawClient(db).send(new PutCommand({ TableName: db.tableName, Item }));
const query = (db: Db, index: string | undefined, attribute: string, value: string) =>
  db.client.send(new QueryCommand({
    TableName: db.tableName, IndexName: index, KeyConditionExpression: '#pk = :pk',
    ExpressionAttributeNames: { '#pk': attribute }, ExpressionAttributeValues: { ':pk': value },
  }));
const scan = (db: Db, index?: string) => db.client.send(new ScanCommand({ TableName: db.tableName, IndexName: index }));
const unitKey = (t: SeededTenant) => keys.unit(t.tenantId, t.unitId);

/** Every action the app uses, on the table and on every index, aimed at the victim's keys. */
const attacks: Record<string, Request> = {
  GetItem: (db, _me, v) => get(db, unitKey(v)),
  'GetItem (settings)': (db, _me, v) => get(db, keys.tenantSettings(v.tenantId)),
  'PutItem (new item)': (db, _me, v) => put(db, { ...v.probe, name: 'planted' }),
  'PutItem (overwrite)': (db, _me, v) => put(db, { ...unitKey(v), name: 'overwritten' }),
  UpdateItem: (db, _me, v) =>
    rawClient(db).send(new UpdateCommand({ TableName: db.tableName, Key: unitKey(v), UpdateExpression: 'SET #n = :n', ExpressionAttributeNames: { '#n': 'name' }, ExpressionAttributeValues: { ':n': 'renamed' } })),
  DeleteItem: (db, _me, v) => rawClient(db).send(new DeleteCommand({ TableName: db.tableName, Key: unitKey(v) })),
  'Query (table)': (db, _me, v) => query(db, undefined, 'PK', keys.unitPartition(v.tenantId, v.unitId)),
  'Query (table, plain key name)': (db, _me, v) =>
    db.client.send(new QueryCommand({ TableName: db.tableName, KeyConditionExpression: 'PK = :pk AND begins_with(SK, :s)', ExpressionAttributeValues: { ':pk': keys.userPartition(v.tenantId, v.userId), ':s': 'P' } })),
  'Query GSI1 (tree)': (db, _me, v) => query(db, INDEX.gsi1, 'GSI1PK', keys.gsi1.tree(v.tenantId)),
  'Query GSI2 (children)': (db, _me, v) => query(db, INDEX.gsi2, 'GSI2PK', keys.gsi2.children(v.tenantId, v.rootId)),
  'Query GSI2 (emails)': (db, _me, v) => query(db, INDEX.gsi2, 'GSI2PK', keys.gsi2.emails(v.tenantId)),
  'Query GSI3 (names)': (db, _me, v) => query(db, INDEX.gsi3, 'GSI3PK', keys.gsi3.names(v.tenantId)),
  'Query GSI4 (tenants of a user)': (db, _me, v) => query(db, INDEX.gsi4, 'GSI4PK', keys.gsi4.userTenants(v.userId)),
  'BatchGetItem (own key + one foreign)': (db, me, v) =>
    db.client.send(new BatchGetCommand({ RequestItems: { [db.tableName]: { Keys: [unitKey(me), unitKey(v)] } } })),
  'BatchWriteItem (own put + one foreign delete)': (db, me, v) =>
    rawClient(db).send(new BatchWriteCommand({ RequestItems: { [db.tableName]: [{ PutRequest: { Item: { ...me.probe } } }, { DeleteRequest: { Key: unitKey(v) } }] } })),
  'BatchWriteItem (foreign put)': (db, _me, v) =>
    rawClient(db).send(new BatchWriteCommand({ RequestItems: { [db.tableName]: [{ PutRequest: { Item: { ...v.probe } } }] } })),
  'TransactGetItems (own + one foreign)': (db, me, v) =>
    db.client.send(new TransactGetCommand({ TransactItems: [{ Get: { TableName: db.tableName, Key: unitKey(me) } }, { Get: { TableName: db.tableName, Key: unitKey(v) } }] })),
  'TransactWriteItems Put (own + one foreign)': (db, me, v) =>
    rawClient(db).send(new TransactWriteCommand({ TransactItems: [{ Put: { TableName: db.tableName, Item: { ...me.probe } } }, { Put: { TableName: db.tableName, Item: { ...v.probe } } }] })),
  'TransactWriteItems Update': (db, me, v) =>
    rawClient(db).send(new TransactWriteCommand({ TransactItems: [
      { Put: { TableName: db.tableName, Item: { ...me.probe } } },
      { Update: { TableName: db.tableName, Key: unitKey(v), UpdateExpression: 'SET version = :v', ExpressionAttributeValues: { ':v': 99 } } },
    ] })),
  'TransactWriteItems Delete': (db, me, v) =>
    rawClient(db).send(new TransactWriteCommand({ TransactItems: [{ Put: { TableName: db.tableName, Item: { ...me.probe } } }, { Delete: { TableName: db.tableName, Key: unitKey(v) } }] })),
  'TransactWriteItems ConditionCheck': (db, me, v) =>
    rawClient(db).send(new TransactWriteCommand({ TransactItems: [
      { Put: { TableName: db.tableName, Item: { ...me.probe } } },
      { ConditionCheck: { TableName: db.tableName, Key: unitKey(v), ConditionExpression: 'attribute_exists(PK)' } },
    ] })),
};

const [idA, idB, idC] = prefixSharingTenantIds();
const labels: Record<string, string> = { [idA]: 'A', [idB]: 'A+"X"', [idC]: 'A+"-x"' };
const seeded: Record<string, SeededTenant> = {};

before(async () => {
  for (const id of [idA, idB, idC]) seeded[id] = await seedTenant(id);
});

describe('a tenant’s credentials against another tenant’s keys', () => {
  const pairs = [idA, idB, idC].flatMap((x) => [idA, idB, idC].filter((y) => y !== x).map((y) => [x, y] as const));
  for (const [attacker, victim] of pairs) {
    test(`${labels[attacker]} → ${labels[victim]}: every action is denied and nothing changes`, async () => {
      const me = seeded[attacker];
      const them = seeded[victim];
      const [mineBefore, theirsBefore] = [await snapshot(me), await snapshot(them)];
      const db = await testTenantDb(attacker);
      for (const [name, attack] of Object.entries(attacks)) {
        await assert.rejects(attack(db, me, them), (e: Error & { $metadata?: { httpStatusCode?: number } }) => {
          assert.ok(isAccessDenied(e), `${name}: expected AccessDeniedException, got ${e.name}: ${e.message}`);
          assert.equal(e.$metadata?.httpStatusCode, 400, name);
          return true;
        });
      }
      assert.deepEqual(await snapshot(them), theirsBefore, 'the victim’s items are unchanged');
      assert.deepEqual(await snapshot(me), mineBefore, 'denied batches and transactions wrote none of their own items either');
    });
  }

  test('the denial reads exactly like DynamoDB’s', async () => {
    const db = await testTenantDb(idA);
    await assert.rejects(get(db, unitKey(seeded[idB])), (e: Error) => {
      assert.equal(e.name, 'AccessDeniedException');
      assert.equal(
        e.message,
        `User: arn:aws:sts::000000000000:assumed-role/arbor-tenant-access/t=${idA} is not authorized to perform: dynamodb:GetItem ` +
          `on resource: arn:aws:dynamodb:us-east-1:000000000000:table/${db.tableName} because no session policy allows the dynamodb:GetItem action`,
      );
      return true;
    });
    await assert.rejects(query(db, INDEX.gsi1, 'GSI1PK', keys.gsi1.tree(idC)), (e: Error) =>
      e.message.includes(`dynamodb:Query on resource: arn:aws:dynamodb:us-east-1:000000000000:table/${db.tableName}/index/GSI1 because no session policy allows`),
    );
  });
});

describe('a tenant’s credentials against its own keys', () => {
  for (const id of [idA, idB, idC]) {
    test(`${labels[id]}: every action succeeds and returns only its own items`, async () => {
      const me = seeded[id];
      const db = await testTenantDb(id);
      assert.equal((await get(db, unitKey(me))).Item?.tenantId, id);
      const own = (out: { Items?: Record<string, unknown>[] }) => (out.Items ?? []).map((i) => i.tenantId);
      assert.deepEqual(own(await query(db, undefined, 'PK', keys.unitPartition(id, me.unitId))), [id]);
      assert.deepEqual(own(await query(db, INDEX.gsi1, 'GSI1PK', keys.gsi1.tree(id))), [id]);
      assert.deepEqual(own(await query(db, INDEX.gsi2, 'GSI2PK', keys.gsi2.children(id, me.rootId))), [id]);
      assert.deepEqual(own(await query(db, INDEX.gsi2, 'GSI2PK', keys.gsi2.emails(id))), [id]);
      assert.deepEqual(own(await query(db, INDEX.gsi3, 'GSI3PK', keys.gsi3.names(id))), [id, id]);

      const scratch = keys.unit(id, 'SCRATCH');
      await put(db, { ...scratch, version: 1 });
      await rawClient(db).send(new UpdateCommand({ TableName: db.tableName, Key: scratch, UpdateExpression: 'SET version = :v', ConditionExpression: 'version = :one', ExpressionAttributeValues: { ':v': 2, ':one': 1 } }));
      const batch = await db.client.send(new BatchGetCommand({ RequestItems: { [db.tableName]: { Keys: [unitKey(me), scratch, keys.tenantSettings(id)] } } }));
      assert.equal(batch.Responses?.[db.tableName]?.length, 3);
      await rawClient(db).send(new BatchWriteCommand({ RequestItems: { [db.tableName]: [{ PutRequest: { Item: { ...keys.unit(id, 'SCRATCH2') } } }] } }));
      const tx = await db.client.send(new TransactGetCommand({ TransactItems: [{ Get: { TableName: db.tableName, Key: scratch } }, { Get: { TableName: db.tableName, Key: unitKey(me) } }] }));
      assert.equal(tx.Responses?.[0]?.Item?.version, 2);
      await rawClient(db).send(new TransactWriteCommand({ TransactItems: [
        { ConditionCheck: { TableName: db.tableName, Key: unitKey(me), ConditionExpression: 'attribute_exists(PK)' } },
        { Update: { TableName: db.tableName, Key: scratch, UpdateExpression: 'SET version = :v', ExpressionAttributeValues: { ':v': 3 } } },
        { Delete: { TableName: db.tableName, Key: keys.unit(id, 'SCRATCH2') } },
        { Put: { TableName: db.tableName, Item: { ...keys.unit(id, 'SCRATCH3') } } },
      ] }));
      await rawClient(db).send(new DeleteCommand({ TableName: db.tableName, Key: scratch }));
      await rawClient(db).send(new DeleteCommand({ TableName: db.tableName, Key: keys.unit(id, 'SCRATCH3') }));
      assert.equal((await get(db, scratch)).Item, undefined);
    });
  }

  test('tenant credentials never reach platform items, not even the tenant’s own', async () => {
    const me = seeded[idA];
    const db = await testTenantDb(idA);
    for (const attempt of [
      () => get(db, keys.tenantRegistry(idA)),
      () => get(db, keys.user(me.userId)),
      () => get(db, keys.domainClaim('a.test')),
      () => query(db, INDEX.gsi4, 'GSI4PK', keys.gsi4.userTenants(me.userId)),
    ]) {
      await assert.rejects(attempt(), (e: Error) => isAccessDenied(e) && /because no identity-based policy allows/.test(e.message));
    }
  });
});

describe('Scan', () => {
  test('is denied for every tenant and for the platform, on the table and on every index', async () => {
    const dbs = [...(await Promise.all([idA, idB, idC].map((id) => testTenantDb(id)))), testPlatformDb()];
    for (const db of dbs) {
      for (const index of [undefined, INDEX.gsi1, INDEX.gsi2, INDEX.gsi3, INDEX.gsi4]) {
        await assert.rejects(scan(db, index), (e: Error) => isAccessDenied(e) && /dynamodb:Scan .* with an explicit deny in an identity-based policy$/.test(e.message));
      }
    }
  });
});

describe('platform credentials', () => {
  test('reach platform items and the tenants-of-a-user index, never tenant partitions', async () => {
    const me = seeded[idB];
    const db = testPlatformDb();
    assert.equal((await get(db, keys.tenantRegistry(idB))).Item?.tenantId, idB);
    const tenants = await query(db, INDEX.gsi4, 'GSI4PK', keys.gsi4.userTenants(me.userId));
    assert.deepEqual(tenants.Items?.map((i) => i.tenantId), [idB]);
    assert.equal(tenants.Items?.[0]?.name, undefined, 'GSI4 projects keys and tenantId only');
    for (const [name, attack] of Object.entries(attacks)) {
      if (name.startsWith('Query GSI4')) continue;
      await assert.rejects(attack(db, seeded[idA], me), (e: Error) => isAccessDenied(e) || assert.fail(`${name}: ${e.name}`));
    }
    await assert.rejects(query(db, INDEX.gsi1, 'GSI1PK', keys.gsi4.userTenants(me.userId)), isAccessDenied);
  });
});
