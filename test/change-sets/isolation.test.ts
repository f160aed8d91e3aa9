// Tenant isolation of change sets: another tenant's units can't be named in an operation, and
// another tenant's sets can't be read, reviewed or applied through this tenant's db.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  addOperations, applyChangeSet, createChangeSet, listChangeSets, readChangeSet, reviewChangeSet,
} from '../../lib/change-sets';
import { snapshotTenant } from '../members/membership-invariants';
import { code, draft, reorgTenant } from './fixtures';

describe('change sets across tenants', () => {
  test("another tenant's unit in an operation is refused as unknown; the other tenant is untouched", async () => {
    const [a, b] = await Promise.all([reorgTenant('Tenant A'), reorgTenant('Tenant B')]);
    const owner = await a.actor(a.owner);
    const header = await createChangeSet(a.db, owner, { name: 'Reach across' });
    const bBefore = await snapshotTenant(b.tenantId, b.rootUnitId);
    const attempts = [
      { kind: 'renameUnit', unitId: b.units.platform.id, name: 'Mine now' },
      { kind: 'deleteUnit', unitId: b.units.sales.id },
      { kind: 'moveUnit', unitId: a.units.platform.id, parentId: b.units.sales.id },
      { kind: 'createUnit', parentId: b.units.engineering.id, name: 'Implant' },
      { kind: 'removeMember', unitId: b.units.platform.id, userId: b.people.p1.userId },
      { kind: 'addMember', unitId: b.units.platform.id, userId: a.people.p1.userId, role: 'member' },
    ];
    for (const op of attempts) {
      await assert.rejects(addOperations(a.db, owner, header.setId, header.version, [op]), code('changeSet.badOperation'), op.kind);
    }
    const stored = await readChangeSet(a.db, header.setId);
    assert.deepEqual(stored.operations, []);
    assert.equal(stored.header.version, header.version);
    assert.deepEqual(await snapshotTenant(b.tenantId, b.rootUnitId), bBefore, "tenant B's items are untouched");
  });

  test("another tenant's change set is not found through this tenant's db", async () => {
    const [a, b] = await Promise.all([reorgTenant('Tenant A'), reorgTenant('Tenant B')]);
    const set = await draft(b, [{ kind: 'renameUnit', unitId: b.units.infra.id, name: 'Infrastructure' }]);
    const setId = set.header.setId;
    await assert.rejects(readChangeSet(a.db, setId), code('changeSet.notFound'));
    await assert.rejects(reviewChangeSet(a.db, await a.actor(a.people.admin), setId, { expectedVersion: set.header.version, decision: 'approve' }), code('changeSet.notFound'));
    await assert.rejects(applyChangeSet(a.db, a.owner, setId, set.header.version), code('changeSet.notFound'));
    assert.equal((await listChangeSets(a.db)).items.some((h) => h.setId === setId), false);
    const untouched = await readChangeSet(b.db, setId);
    assert.deepEqual(untouched.reviews, []);
    assert.equal(untouched.header.version, set.header.version);
  });
});
