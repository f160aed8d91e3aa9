// lib/db's single-item and batch writes on DynamoDB Local: a failed condition is an answer, not an
// exception; a write made for a decision carries the decision's facts exactly as a transaction
// does (a fact that changed writes nothing and answers authz.stale); a batch refuses facts.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { deleteAll, deleteItem, getItem, putAll, putItem, updateItem, withoutGuards, type TenantDb, type WriteFact } from '../../lib/db';
import { newTenant } from '../support/fixtures';
import { tenantDbFor } from '../support/tenant-db';

const testKey = (db: TenantDb, sk: string) => ({ PK: `T#${db.tenantId}#TEST`, SK: sk });
const decided = (db: TenantDb, facts: WriteFact[]): TenantDb => ({ ...db, guards: { facts: () => facts, sent: () => undefined } });

describe('single-item writes', () => {
  test('a failed condition answers written: false, with the stored item when asked', async () => {
    const db = tenantDbFor((await newTenant('Writes')).tenantId);
    assert.deepEqual(await putItem(db, { Item: { ...testKey(db, 'A'), version: 1 }, ConditionExpression: 'attribute_not_exists(PK)' }), { written: true });
    const again = await putItem(db, {
      Item: { ...testKey(db, 'A'), version: 9 }, ConditionExpression: 'attribute_not_exists(PK)', ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    });
    assert.equal(again.written, false);
    assert.equal(!again.written && again.stored?.version, 1);
    const bumped = await updateItem(db, { Key: testKey(db, 'A'), UpdateExpression: 'SET version = version + :one', ExpressionAttributeValues: { ':one': 1 }, ReturnValues: 'ALL_NEW' });
    assert.equal(bumped.written && bumped.attributes?.version, 2);
    assert.equal((await deleteItem(db, { Key: testKey(db, 'A'), ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': 1 } })).written, false);
    assert.equal((await deleteItem(db, { Key: testKey(db, 'A'), ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': 2 } })).written, true);
    assert.equal(await getItem(db, testKey(db, 'A')), undefined);
  });

  test("a decided write carries the decision's facts: a changed fact writes nothing", async () => {
    const db = tenantDbFor((await newTenant('Guarded')).tenantId);
    await putItem(db, { Item: { ...testKey(db, 'GRANT'), role: 'admin' } });
    const holds: WriteFact = { key: testKey(db, 'GRANT'), expect: { role: 'admin' }, changed: 'grant' };
    const broken: WriteFact = { ...holds, expect: { role: 'owner' } };

    assert.equal((await putItem(decided(db, [holds]), { Item: { ...testKey(db, 'B'), n: 1 } })).written, true);
    await assert.rejects(putItem(decided(db, [broken]), { Item: { ...testKey(db, 'C'), n: 1 } }), (e: Error & { code?: string }) => e.code === 'authz.stale');
    assert.equal(await getItem(db, testKey(db, 'C')), undefined);
    // The fact on the written item itself is joined to the write's own condition.
    await assert.rejects(updateItem(decided(db, [broken]), { Key: testKey(db, 'GRANT'), UpdateExpression: 'SET n = :n', ExpressionAttributeValues: { ':n': 1 } }), (e: Error & { code?: string }) => e.code === 'authz.stale');
    assert.equal((await getItem(db, testKey(db, 'GRANT')))?.n, undefined);
    // The write's own condition failing is still its own answer, not a stale decision.
    assert.equal((await putItem(decided(db, [holds]), { Item: { ...testKey(db, 'B'), n: 2 }, ConditionExpression: 'attribute_not_exists(PK)' })).written, false);
    // A transaction returns no values: asking for them with facts is a programming error.
    await assert.rejects(updateItem(decided(db, [holds]), { Key: testKey(db, 'B'), UpdateExpression: 'SET n = :n', ExpressionAttributeValues: { ':n': 3 }, ReturnValues: 'ALL_NEW' }), /withoutGuards/);
    assert.equal((await updateItem(withoutGuards(decided(db, [broken])), { Key: testKey(db, 'B'), UpdateExpression: 'SET n = :n', ExpressionAttributeValues: { ':n': 4 } })).written, true);
  });

  test('batches write every item and refuse to carry facts', async () => {
    const db = tenantDbFor((await newTenant('Batches')).tenantId);
    const items = Array.from({ length: 30 }, (_, i) => ({ ...testKey(db, `I${String(i).padStart(2, '0')}`), n: i }));
    const batches: number[] = [];
    assert.equal(await putAll(db, items, { afterBatch: (n) => void batches.push(n) }), 30);
    assert.deepEqual(batches, [25, 5]);
    assert.equal((await getItem(db, testKey(db, 'I29')))?.n, 29);
    const fact: WriteFact = { key: testKey(db, 'I00'), expect: { n: 0 }, changed: 'grant' };
    await assert.rejects(deleteAll(decided(db, [fact]), [testKey(db, 'I00')]), /withoutGuards/);
    assert.equal(await deleteAll(db, items.map((i) => ({ PK: i.PK, SK: i.SK }))), 30);
    assert.equal(await getItem(db, testKey(db, 'I29')), undefined);
  });
});
