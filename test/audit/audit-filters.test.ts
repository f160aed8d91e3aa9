// The audit trail filtered by actor, action, unit and date range (each from its own index
// partition, written with the entry), and the CSV export of a filtered view.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { authorize } from '../../lib/authz';
import { listAudit } from '../../lib/audit';
import { addMembership, loadActorAccess } from '../../lib/members';
import { renameUnit } from '../../lib/org';
import { auditCsv, auditPage } from '../../lib/screens/audit';
import type { ScreenContext } from '../../lib/screens/screen-context';
import { person, tenantWithTree } from '../members/fixtures';

describe('audit filters', () => {
  test('by actor, action, unit and date; combined; the CSV of a filtered view', async () => {
    const t = await tenantWithTree('AuditFilters');
    const mia = person('Mia');
    await addMembership(t.db, t.owner, { unitId: t.root.id, role: 'admin', ...mia });
    const asMia = { userId: mia.userId, email: mia.email, name: 'Mia' };
    const before = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 20));
    await renameUnit(t.db, asMia, { unitId: t.cloud.id, name: 'Cloud 2', expectedVersion: 1 });
    await addMembership(t.db, asMia, { unitId: t.sales.id, role: 'member', ...person('Sam') });
    await renameUnit(t.db, t.owner, { unitId: t.sales.id, name: 'Sales 2', expectedVersion: 1 });

    const actions = async (filter: Parameters<typeof listAudit>[1]) => (await listAudit(t.db, filter)).items.map((e) => e.action);
    assert.deepEqual(await actions({ actorId: mia.userId }), ['membership.add', 'unit.rename']);
    assert.deepEqual(await actions({ action: 'unit.rename' }), ['unit.rename', 'unit.rename']);
    assert.deepEqual(await actions({ unitId: t.sales.id }), ['unit.rename', 'membership.add', 'unit.create']);
    assert.deepEqual(await actions({ actorId: mia.userId, action: 'unit.rename' }), ['unit.rename']);
    assert.deepEqual(await actions({ actorId: t.ownerUserId, unitId: t.sales.id }), ['unit.rename', 'unit.create']);
    const sinceRenames = await actions({ from: before });
    assert.deepEqual(sinceRenames, ['unit.rename', 'membership.add', 'unit.rename']);
    assert.deepEqual(await actions({ to: before, action: 'unit.rename' }), []);

    const access = await loadActorAccess(t.db, t.ownerUserId);
    const ctx = { actor: { ...access, email: t.ownerEmail }, db: t.db, authorize: (a: never, p: never) => authorize(access, a, p) } as unknown as ScreenContext;
    const page = await auditPage(ctx, { filter: { actorId: mia.userId } });
    assert.deepEqual(page.lines.map((l) => l.summary), [`added sam@example.test to Sales 2 as member`, 'renamed Cloud → Cloud 2']);
    let csv = '';
    for await (const chunk of auditCsv(ctx, { filter: { actorId: mia.userId, from: before } })) csv += chunk;
    const lines = csv.replace(/^\uFEFF/, '').trim().split('\r\n');
    assert.equal(lines[0], 'at,actor_email,actor_name,action,summary,unit_id,unit_name,target_type,target_id');
    assert.equal(lines.length, 3);
    assert.match(lines[1], /^\d{4}-\d\d-\d\dT.*,mia@example.test,Mia,membership.add,added sam@example.test to Sales 2 as member,/);
  });
});
