import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { auditEntryPut, auditRetentionSeconds, listTenantAudit, listUnitAudit, type AuditEntry } from '../../lib/audit';
import { config } from '../../lib/config';
import { addMembership, changeRole, removeMembership } from '../../lib/members';
import { directClient } from '../support/stack';
import { person, tenantWithTree } from '../members/fixtures';

const code = (expected: string) => (e: Error & { code?: string }) => {
  assert.equal(e.code, expected, e.message);
  return true;
};

describe('audit trail (T14)', () => {
  test('lists a tenant\'s entries newest first across pages, and one unit\'s entries only', async () => {
    const t = await tenantWithTree();
    const ada = person('Ada');
    await addMembership(t.db, t.owner, { unitId: t.cloud.id, role: 'member', ...ada });
    await addMembership(t.db, t.owner, { unitId: t.sales.id, role: 'member', userId: ada.userId });
    await changeRole(t.db, t.owner, { unitId: t.cloud.id, userId: ada.userId, role: 'manager', expectedVersion: 1 });
    await removeMembership(t.db, t.owner, { unitId: t.sales.id, userId: ada.userId, expectedVersion: 1 });

    const all: AuditEntry[] = [];
    let cursor: string | undefined;
    do {
      const page = await listTenantAudit(t.db, { limit: 2, cursor });
      all.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    assert.deepEqual(all.map((e) => e.action), [
      'membership.remove', 'membership.roleChange', 'membership.add', 'membership.add',
      'unit.create', 'unit.create', 'unit.create', 'tenant.create', // the fixture's tree
    ]);
    assert.ok(all.every((e, i) => i === 0 || e.id < all[i - 1].id), 'strictly newest first');
    assert.deepEqual(all[0].actor, t.owner);
    assert.deepEqual(all[0].target, { type: 'membership', id: `${t.sales.id}/${ada.userId}`, label: ada.email });

    const cloud = await listUnitAudit(t.db, t.cloud.id);
    assert.deepEqual(cloud.items.map((e) => e.action), ['membership.roleChange', 'membership.add', 'unit.create']);
    assert.ok(cloud.items.every((e) => e.unitId === t.cloud.id));
    assert.equal(cloud.nextCursor, undefined);
  });

  test('entries expire by TTL after the configured retention and are hidden once past it', async () => {
    const t = await tenantWithTree();
    const days = config().ARBOR_AUDIT_RETENTION_DAYS;
    assert.ok(days > 0, 'the test stack keeps the default retention (a year)');
    assert.equal(auditRetentionSeconds(), days * 86400);
    const [created] = (await listTenantAudit(t.db)).items;
    const kept = Date.parse(created.expiresAt!) - Date.parse(created.at);
    assert.ok(Math.abs(kept - days * 86400_000) < 1000);

    // An entry whose retention already ran out, not yet removed by (lazy) TTL deletion.
    const stale = auditEntryPut(t.db, { actor: t.owner, action: 'test.stale', target: { type: 'unit', id: t.cloud.id }, unitId: t.cloud.id, retentionSeconds: -60 });
    const forever = auditEntryPut(t.db, { actor: t.owner, action: 'test.forever', target: { type: 'unit', id: t.cloud.id }, unitId: t.cloud.id, retentionSeconds: 0 });
    await directClient().send(new TransactWriteCommand({ TransactItems: [stale, forever] }));
    const unit = (await listUnitAudit(t.db, t.cloud.id)).items;
    assert.deepEqual(unit.map((e) => e.action), ['test.forever', 'unit.create']);
    assert.equal(unit[0].expiresAt, undefined);
  });

  test('an entry stores only who acted, even when handed a request\'s whole actor', async () => {
    const t = await tenantWithTree();
    const requestActor = { ...t.owner, name: 'Olga', db: t.db, memberships: [], session: { token: 'secret' } };
    const ada = person('Ada');
    await addMembership(t.db, requestActor, { unitId: t.cloud.id, role: 'member', ...ada });
    const [entry] = (await listTenantAudit(t.db)).items;
    assert.equal(entry.action, 'membership.add');
    assert.deepEqual(entry.actor, { ...t.owner, name: 'Olga' });
  });

  test('bad cursors, page sizes and unit ids are refused', async () => {
    const t = await tenantWithTree();
    const first = await listTenantAudit(t.db, { limit: 1 });
    await assert.rejects(listUnitAudit(t.db, t.cloud.id, { cursor: first.nextCursor ?? 'x.y' }), code('page.badCursor'));
    await assert.rejects(listTenantAudit(t.db, { cursor: 'garbage' }), code('page.badCursor'));
    await assert.rejects(listTenantAudit(t.db, { limit: 1000 }), code('page.badSize'));
    await assert.rejects(listUnitAudit(t.db, 'not-an-id'), code('unit.badId'));
  });
});
