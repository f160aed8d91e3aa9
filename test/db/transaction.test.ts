// The transaction builder on DynamoDB Local: a failed condition answers with the meaning its item
// was added with (whatever its position), 'retry' only when every failed item asks for it, and an
// item added without a meaning that fails is a bug, not a user's error.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { transaction, type TenantDb } from '../../lib/db';
import { versionConflict } from '../../lib/errors';
import { newTenant } from '../support/fixtures';
import { tenantDbFor } from '../support/tenant-db';
import { rawClient } from '../support/raw-client';

describe('transaction builder', () => {
  const put = (db: TenantDb, sk: string, version: number) =>
    rawClient(db).send(new PutCommand({ TableName: db.tableName, Item: { PK: `T#${db.tenantId}#TEST`, SK: sk, version } }));
  const expectVersion = (db: TenantDb, sk: string, version: number) => ({
    ConditionCheck: {
      TableName: db.tableName, Key: { PK: `T#${db.tenantId}#TEST`, SK: sk },
      ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': version },
    },
  });

  test('each item carries its meaning', async () => {
    const t = await newTenant('Tx');
    const db = tenantDbFor(t.tenantId);
    await Promise.all([put(db, 'A', 1), put(db, 'B', 1), put(db, 'C', 1)]);
    const bIsStale = (stored?: Record<string, unknown>) => versionConflict('unit', stored?.version as number);

    assert.equal(await transaction(db).add(expectVersion(db, 'A', 1)).add(expectVersion(db, 'B', 1), bIsStale).send(), 'written');
    await assert.rejects(
      transaction(db).add(expectVersion(db, 'A', 1)).add([expectVersion(db, 'C', 1), expectVersion(db, 'B', 2)], bIsStale).send(),
      (e: Error & { code?: string; details?: { currentVersion?: number } }) => e.code === 'unit.versionConflict' && e.details?.currentVersion === 1,
    );
    assert.equal(await transaction(db).add(expectVersion(db, 'A', 9), () => 'retry').add(expectVersion(db, 'B', 1), bIsStale).send(), 'retry');
    await assert.rejects(
      transaction(db).add(expectVersion(db, 'A', 9), () => 'retry').add(expectVersion(db, 'B', 9), bIsStale).send(),
      (e: Error & { code?: string }) => e.code === 'unit.versionConflict',
    );
    await assert.rejects(transaction(db).add(expectVersion(db, 'C', 9)).send(), /must not fail did \(ConditionCheck T#.*#TEST C\)/);
  });
});
