// Memberships import against DynamoDB Local: validation per row (emails, roles, places, what the
// importer may grant, duplicates, names for new people), nothing written by the preview; apply
// adds existing members by email and new people with an identity, through addMembership.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { authorize } from '../../lib/authz';
import { applyMembershipOps, previewImport, type MembershipOp } from '../../lib/bulk';
import { addMembership, getUserMemberships, loadActorAccess } from '../../lib/members';
import { getUserByEmail } from '../../lib/users';
import { person } from '../members/fixtures';
import { assertMembershipInvariants, snapshotTenant } from '../members/membership-invariants';
import { bulkTenant } from './support';

describe('memberships import', () => {
  test('preview: every rule per row, nothing written; apply: existing and new people added, invariants hold', async () => {
    const t = await bulkTenant();
    const ada = person('Ada');
    await addMembership(t.db, t.owner, { unitId: t.cloud.id, role: 'member', ...ada });
    const newcomer = `new-${Date.now()}@example.test`;
    const before = await snapshotTenant(t.tenantId, t.rootUnitId);
    const csv = [
      'unit_path,email,name,role',
      `Engineering,${ada.email},,manager`, // 2 add existing (by email)
      `Engineering/Cloud,${ada.email},,member`, // 3 skip: already a member
      `Engineering/Cloud,${newcomer},"Zoë, the New 🌱",member`, // 4 add new person
      `Sales,${newcomer},,member`, // 5 add the same new person elsewhere (name given on line 4 is not enough: error)
      `Sales,nobody-${Date.now()}@example.test,,member`, // 6 new without name
      `Engineering,not-an-email,,member`, // 7 bad email
      `Engineering,${ada.email},,boss`, // 8 bad role
      `Engineering,${ada.email},,admin`, // 9 admin below the top unit
      `,${ada.email},,admin`, // 10 admin on the top unit
      `Nowhere,${ada.email},,member`, // 11 unknown unit
      `engineering,${ada.email.toUpperCase()},,member`, // 12 duplicate of line 2
    ].join('\n');
    const preview = await previewImport(t.db, t.access, 'memberships', csv);
    const status = Object.fromEntries(preview.rows.map((r) => [r.line, r.status]));
    assert.deepEqual(status, { 2: 'add', 3: 'skip', 4: 'add', 5: 'error', 6: 'error', 7: 'error', 8: 'error', 9: 'error', 10: 'add', 11: 'error', 12: 'error' });
    const message = (line: number) => preview.rows.find((r) => r.line === line)!.message;
    assert.match(message(6), /not in the organization yet: give their name/);
    assert.match(message(7), /not a valid email/);
    assert.match(message(8), /Role must be/);
    assert.match(message(9), /only be given on the top unit/);
    assert.match(message(11), /no unit "Nowhere"/);
    assert.match(message(12), /same person and unit as line 2/);
    assert.deepEqual(await snapshotTenant(t.tenantId, t.rootUnitId), before, 'a preview writes nothing');

    const results = await applyMembershipOps(t.db, t.owner, t.access, (a, p) => authorize(t.access, a, p), preview.ops as MembershipOp[], { platform: t.platform });
    assert.ok(results.every((r) => r.ok), JSON.stringify(results));
    const adaNow = await getUserMemberships(t.db, ada.userId);
    assert.deepEqual(adaNow.memberships.map((m) => m.role).sort(), ['admin', 'manager', 'member']);
    const zoe = await getUserByEmail(t.platform, newcomer);
    assert.equal(zoe?.name, 'Zoë, the New 🌱');
    const zoeNow = await getUserMemberships(t.db, zoe!.id);
    assert.deepEqual(zoeNow.memberships.map((m) => m.unitId), [t.cloud.id]);
    await assertMembershipInvariants(t.tenantId, t.rootUnitId);
  });

  test('an admin cannot import owners (the rule of the console, row by row), and apply re-checks', async () => {
    const t = await bulkTenant();
    const admin = person('Admin');
    await addMembership(t.db, t.owner, { unitId: t.rootUnitId, role: 'admin', ...admin });
    const access = await loadActorAccess(t.db, admin.userId);
    const preview = await previewImport(t.db, access, 'memberships', `unit_path,email,name,role\n,boss@example.test,Boss,owner\nSales,m@example.test,M,member`);
    assert.deepEqual(preview.rows.map((r) => r.status), ['error', 'add']);
    assert.match(preview.rows[0].message, /Only an owner can add an owner/);
    // A forged op (the browser sends what it likes) is refused at apply time, nothing written.
    const forged: MembershipOp[] = [{ line: 2, unitId: t.rootUnitId, email: 'boss@example.test', name: 'Boss', role: 'owner' }];
    const before = await snapshotTenant(t.tenantId, t.rootUnitId);
    const [result] = await applyMembershipOps(t.db, { userId: admin.userId, email: admin.email }, access, (a, p) => authorize(access, a, p), forged, { platform: t.platform });
    assert.equal(result.ok, false);
    assert.match(result.message, /Only an owner/);
    assert.deepEqual(await snapshotTenant(t.tenantId, t.rootUnitId), before);
  });
});
