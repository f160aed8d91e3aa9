import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../../lib/db';
import { createUnit, getUnitOrThrow, listChildren, MAX_DEPTH, renameUnit } from '../../lib/org';
import { siblingNameKey } from '../../lib/org/sibling-name';
import { directClient, tableName } from '../support/stack';
import { code, orgTenant } from './support/org-fixtures';

const get = async (key: { PK: string; SK: string }) =>
  (await directClient().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;

describe('createUnit', () => {
  test('writes the unit, its name claim, the parent count, the tenant count and an audit entry together', async () => {
    const t = await orgTenant();
    const unit = await createUnit(t.db, t.actor, { parentId: t.root.id, name: '  Engineering  ' });
    assert.equal(unit.name, 'Engineering');
    assert.equal(unit.path, `${t.root.path}${unit.id}/`);
    assert.equal(unit.depth, 1);
    assert.deepEqual(await getUnitOrThrow(t.db, unit.id), unit);
    assert.equal((await getUnitOrThrow(t.db, t.root.id)).childCount, 1);
    assert.equal((await get(keys.tenantSettings(t.tenantId)))?.unitCount, 2);
    assert.equal((await get(siblingNameKey(t.tenantId, t.root.id, 'engineering')))?.unitId, unit.id);
    const audit = await directClient().send(
      new QueryCommand({
        TableName: tableName(), KeyConditionExpression: 'PK = :pk', ScanIndexForward: false, Limit: 1,
        ExpressionAttributeValues: { ':pk': keys.auditPartition(t.tenantId) },
      }),
    );
    assert.equal(audit.Items?.[0]?.action, 'unit.create');
    assert.equal((audit.Items?.[0]?.target as { id: string }).id, unit.id);
  });

  test('names: any Unicode incl. # / quotes and emoji; empty, 101 characters and control characters refused', async () => {
    const t = await orgTenant();
    for (const name of ['R&D #1 / "Core"', "O'Brien's team", 'Équipe 🚀', 'a'.repeat(100)]) {
      assert.equal((await createUnit(t.db, t.actor, { parentId: t.root.id, name })).name, name);
    }
    for (const name of ['', '   ', 'a'.repeat(101), 'line\nbreak', 'tab\there', 'nul\u0000', 42]) {
      await assert.rejects(createUnit(t.db, t.actor, { parentId: t.root.id, name: name as string }), code('unit.badName'));
    }
    assert.equal((await getUnitOrThrow(t.db, t.root.id)).childCount, 4, 'refusals changed nothing');
  });

  test('sibling names are unique ignoring case; the same name is fine elsewhere', async () => {
    const t = await orgTenant();
    const sales = await createUnit(t.db, t.actor, { parentId: t.root.id, name: 'Sales' });
    await assert.rejects(createUnit(t.db, t.actor, { parentId: t.root.id, name: 'SALES' }), code('unit.nameTaken'));
    const nested = await createUnit(t.db, t.actor, { parentId: sales.id, name: 'Sales' });
    assert.equal(nested.parentId, sales.id);
  });

  test('bad ids, a missing parent and the depth limit are refused', async () => {
    const t = await orgTenant();
    await assert.rejects(createUnit(t.db, t.actor, { parentId: 'not-an-id', name: 'X' }), code('unit.badId'));
    await assert.rejects(createUnit(t.db, t.actor, { parentId: '01ARZ3NDEKTSV4RRFFQ69G5FAV', name: 'X' }), code('unit.parentNotFound'));
    let parent = t.root;
    for (let depth = 1; depth <= MAX_DEPTH; depth++) parent = await createUnit(t.db, t.actor, { parentId: parent.id, name: `Level ${depth}` });
    assert.equal(parent.depth, MAX_DEPTH);
    await assert.rejects(createUnit(t.db, t.actor, { parentId: parent.id, name: 'Too deep' }), code('unit.tooDeep'));
  });

  test('the tenant unit limit is enforced with a clear error', async () => {
    const t = await orgTenant();
    await directClient().send(
      new UpdateCommand({ TableName: tableName(), Key: keys.tenantSettings(t.tenantId), UpdateExpression: 'SET unitLimit = :n', ExpressionAttributeValues: { ':n': 3 } }),
    );
    await createUnit(t.db, t.actor, { parentId: t.root.id, name: 'One' });
    await createUnit(t.db, t.actor, { parentId: t.root.id, name: 'Two' });
    await assert.rejects(createUnit(t.db, t.actor, { parentId: t.root.id, name: 'Three' }), (e: Error & { code?: string }) => {
      assert.equal(e.code, 'tenant.unitLimit');
      assert.match(e.message, /limit of 3 units/);
      return true;
    });
    assert.equal((await listChildren(t.db, t.root.id)).items.length, 2);
  });
});

describe('renameUnit', () => {
  test('20 parallel renames from the same version: exactly one wins, 19 get unit.versionConflict', async () => {
    const t = await orgTenant();
    const unit = await createUnit(t.db, t.actor, { parentId: t.root.id, name: 'Original' });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => renameUnit(t.db, t.actor, { unitId: unit.id, name: `Name ${i}`, expectedVersion: unit.version })),
    );
    const won = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const lost = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as Error & { code?: string; details?: { currentVersion?: number } }] : []));
    assert.equal(won.length, 1);
    assert.equal(lost.length, 19);
    for (const e of lost) {
      assert.equal(e.code, 'unit.versionConflict');
      assert.equal(e.details?.currentVersion, 2);
    }
    const stored = await getUnitOrThrow(t.db, unit.id);
    assert.equal(stored.name, won[0].name);
    assert.equal(stored.version, 2);
    // Only the winner's name is claimed; the losers' claims were never written.
    assert.equal((await get(siblingNameKey(t.tenantId, t.root.id, won[0].name)))?.unitId, unit.id);
    assert.equal(await get(siblingNameKey(t.tenantId, t.root.id, 'Original')), undefined);
    const loser = ['Name 0', 'Name 1'].find((n) => n !== won[0].name)!;
    assert.equal(await get(siblingNameKey(t.tenantId, t.root.id, loser)), undefined);
  });

  test('stale version, sibling clash, case-only change, root rename, locked unit', async () => {
    const t = await orgTenant();
    const a = await createUnit(t.db, t.actor, { parentId: t.root.id, name: 'Alpha' });
    await createUnit(t.db, t.actor, { parentId: t.root.id, name: 'Beta' });
    await assert.rejects(renameUnit(t.db, t.actor, { unitId: a.id, name: 'beta', expectedVersion: 1 }), code('unit.nameTaken'));
    const cased = await renameUnit(t.db, t.actor, { unitId: a.id, name: 'ALPHA', expectedVersion: 1 });
    assert.equal(cased.version, 2);
    await assert.rejects(renameUnit(t.db, t.actor, { unitId: a.id, name: 'Gamma', expectedVersion: 1 }), code('unit.versionConflict'));
    await assert.rejects(renameUnit(t.db, t.actor, { unitId: a.id, name: 'Gamma', expectedVersion: 0 }), code('unit.badVersion'));

    const root = await renameUnit(t.db, t.actor, { unitId: t.root.id, name: 'Renamed Co 🌳', expectedVersion: t.root.version });
    assert.equal((await getUnitOrThrow(t.db, t.root.id)).name, root.name);

    await directClient().send(
      new UpdateCommand({
        TableName: tableName(), Key: keys.unit(t.tenantId, a.id), UpdateExpression: 'SET #lock = :job',
        ExpressionAttributeNames: { '#lock': 'lock' }, ExpressionAttributeValues: { ':job': '01ARZ3NDEKTSV4RRFFQ69G5FAV' },
      }),
    );
    await assert.rejects(renameUnit(t.db, t.actor, { unitId: a.id, name: 'Delta', expectedVersion: 2 }), (e: Error & { code?: string }) => {
      assert.equal(e.code, 'unit.locked');
      assert.equal(e.message, 'This unit is being moved; try again in a moment.');
      return true;
    });
    await assert.rejects(createUnit(t.db, t.actor, { parentId: a.id, name: 'Child' }), code('unit.locked'));
    assert.equal((await getUnitOrThrow(t.db, a.id)).name, 'ALPHA');
  });
});
