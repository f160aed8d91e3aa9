import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { listTenantAudit } from '../../lib/audit';
import { keys } from '../../lib/db';
import { isArborError } from '../../lib/errors';
import { getUnitOrThrow, renameUnit } from '../../lib/org';
import { getTenantSettings, renameTenant, renameTenantRegistryEntry } from '../../lib/tenants';
import { newTenant } from '../support/fixtures';
import { directClient, tableName } from '../support/stack';
import { tenantDbFor } from '../support/tenant-db';

const code = (expected: string) => (e: Error & { code?: string }) => {
  assert.equal(e.code, expected, e.message);
  return true;
};

describe('tenant settings (T1)', () => {
  test('returns typed settings with counters', async () => {
    const t = await newTenant('Umbrella');
    const s = await getTenantSettings(tenantDbFor(t.tenantId));
    assert.equal(s.tenantId, t.tenantId);
    assert.equal(s.rootUnitId, t.rootUnitId);
    assert.deepEqual(s.domains, [t.domain]);
    assert.equal(s.unitCount, 1);
    assert.equal(s.ownerCount, 1);
    assert.ok(s.unitLimit > 0);
    assert.equal(s.version, 1);
    assert.equal('PK' in s, false);
    await assert.rejects(getTenantSettings(tenantDbFor('01ARZ3NDEKTSV4RRFFQ69G5FAV')), code('tenant.notFound'));
  });

  test('rename is version-checked and audited; the registry copy is renamed separately', async () => {
    const t = await newTenant('Umbrella');
    const db = tenantDbFor(t.tenantId);
    const actor = { userId: t.ownerUserId, email: t.ownerEmail };
    const renamed = await renameTenant(db, actor, { name: 'Umbrella "Corp" #1 ☂', expectedVersion: 1 });
    assert.equal(renamed.name, 'Umbrella "Corp" #1 ☂');
    assert.equal(renamed.version, 2);
    assert.equal((await getTenantSettings(db)).name, renamed.name);
    assert.equal((await listTenantAudit(db, { limit: 1 })).items[0].action, 'tenant.rename');

    await assert.rejects(
      renameTenant(db, actor, { name: 'Stale', expectedVersion: 1 }),
      (e: unknown) => isArborError(e) && e.code === 'tenant.versionConflict' && e.details?.currentVersion === 2,
    );
    await assert.rejects(renameTenant(db, actor, { name: '  ', expectedVersion: 2 }), code('tenant.badName'));
    await assert.rejects(renameTenant(db, actor, { name: 'X', expectedVersion: -1 }), code('tenant.badVersion'));
    assert.equal((await getTenantSettings(db)).name, renamed.name);

    const platform = { client: directClient(), tableName: tableName() };
    await renameTenantRegistryEntry(platform, t.tenantId, renamed.name);
    const dir = await directClient().send(new GetCommand({ TableName: tableName(), Key: keys.tenantRegistry(t.tenantId) }));
    assert.equal(dir.Item?.name, renamed.name);
    await assert.rejects(renameTenantRegistryEntry(platform, '01ARZ3NDEKTSV4RRFFQ69G5FAV', 'X'), code('tenant.notFound'));
  });

  test('20 parallel renames from the same version: exactly one wins', async () => {
    const t = await newTenant('Umbrella');
    const db = tenantDbFor(t.tenantId);
    const actor = { userId: t.ownerUserId, email: t.ownerEmail };
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => renameTenant(db, actor, { name: `Name ${i}`, expectedVersion: 1 })),
    );
    const won = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    assert.equal(won.length, 1);
    assert.ok(results.every((r) => r.status === 'fulfilled' || r.reason.code === 'tenant.versionConflict'));
    assert.equal((await getTenantSettings(db)).name, won[0].name);
  });

  test('the organization and its root unit carry one name: renaming either renames both in one transaction', async () => {
    const t = await newTenant('Umbrella');
    const db = tenantDbFor(t.tenantId);
    const actor = { userId: t.ownerUserId, email: t.ownerEmail };
    const renamed = await renameTenant(db, actor, { name: 'Umbrella Group', expectedVersion: 1 });
    const root = await getUnitOrThrow(db, t.rootUnitId);
    assert.equal(root.name, 'Umbrella Group');
    assert.equal(root.version, 2);
    // The organization's rename is in the root unit's history.
    assert.equal((await listTenantAudit(db, { limit: 1 })).items[0].unitId, t.rootUnitId);

    const unit = await renameUnit(db, actor, { unitId: t.rootUnitId, name: 'Umbrella Holdings', expectedVersion: root.version });
    const settings = await getTenantSettings(db);
    assert.equal(settings.name, unit.name);
    assert.equal(settings.version, renamed.version + 1);
    // A settings form opened before the root's rename meets a conflict, not a silent overwrite.
    await assert.rejects(renameTenant(db, actor, { name: 'Old form', expectedVersion: renamed.version }), code('tenant.versionConflict'));
    assert.equal((await getUnitOrThrow(db, t.rootUnitId)).name, 'Umbrella Holdings');
  });
});
