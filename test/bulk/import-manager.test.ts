// The memberships import's `manager` column (real stack): the manager's email, previewed per row
// (unknown, not an email, oneself, two managers for one person: row errors), applied after every
// membership of the file (so a manager the file adds counts), each line through the console's
// write with source `import`; a loop in the file is refused on its row, the rest applied.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { authorize } from '../../lib/authz';
import { applyMembershipOps, previewImport, type MembershipOp } from '../../lib/bulk';
import { addMembership, findProfileByEmail } from '../../lib/members';
import { getReportingLine } from '../../lib/reporting-lines';
import { person } from '../members/fixtures';
import { snapshotTenant } from '../members/membership-invariants';
import { bulkTenant } from './support';

describe('memberships import: manager', () => {
  test('previewed row by row, applied after the memberships, loops refused on their row', async () => {
    const t = await bulkTenant('BulkManager');
    const ada = person('Ada');
    const bob = person('Bob');
    await addMembership(t.db, t.owner, { unitId: t.cloud.id, role: 'member', ...ada });
    await addMembership(t.db, t.owner, { unitId: t.cloud.id, role: 'member', ...bob });
    const nia = `nia-${Date.now()}@example.test`;
    const csv = [
      'unit_path,email,name,role,manager',
      `Engineering/Cloud,${ada.email},,member,${nia}`, // 2 already in Cloud: the line only, to someone added below
      `Sales,${nia},Nia New,member,`, // 3 a new person (Ada's manager)
      `Sales,${bob.email},,member,${ada.email}`, // 4 add, and Bob under Ada
      `Engineering,${bob.email},,member,${nia}`, // 5 a second manager for Bob
      `Engineering,${ada.email},,member,nobody@example.test`, // 6 unknown manager
      `Sales,${ada.email},,member,not-an-email`, // 7 not an email
      `Engineering/Cloud,${nia},,member,${nia}`, // 8 oneself
      `Engineering,${nia},Nia New,member,${bob.email}`, // 9 Nia under Bob, who is under Ada, under Nia: a loop
    ].join('\n');
    const before = await snapshotTenant(t.tenantId, t.rootUnitId);
    const preview = await previewImport(t.db, t.access, 'memberships', csv);
    assert.deepEqual(
      Object.fromEntries(preview.rows.map((r) => [r.line, r.status])),
      { 2: 'add', 3: 'add', 4: 'add', 5: 'error', 6: 'error', 7: 'error', 8: 'error', 9: 'add' },
      JSON.stringify(preview.rows),
    );
    const message = (line: number) => preview.rows.find((r) => r.line === line)!.message;
    assert.match(message(2), /Sets their manager to/);
    assert.match(message(5), /already set by line 4/);
    assert.match(message(6), /not in the organization, nor added by this file/);
    assert.match(message(7), /not an email address/);
    assert.match(message(8), /own manager/);
    const ops = preview.ops as MembershipOp[];
    // Memberships first, then the lines.
    assert.deepEqual(ops.map((o) => [o.line, Boolean(o.lineOnly)]), [[3, false], [4, false], [9, false], [2, true], [4, true], [9, true]]);
    assert.deepEqual(await snapshotTenant(t.tenantId, t.rootUnitId), before, 'a preview writes nothing');

    const results = await applyMembershipOps(t.db, t.owner, t.access, (a, p) => authorize(t.access, a, p), ops, { platform: t.platform });
    const byLine = (line: number, lineOnly: boolean) => results[ops.findIndex((o) => o.line === line && Boolean(o.lineOnly) === lineOnly)]!;
    assert.ok(byLine(2, true).ok && byLine(4, true).ok, JSON.stringify(results));
    assert.equal(byLine(9, true).ok, false);
    assert.match(byLine(9, true).message, /loop of managers/);
    const niaId = (await findProfileByEmail(t.db, nia))!.userId;
    const adaLine = await getReportingLine(t.db, ada.userId);
    assert.deepEqual([adaLine?.managerId, adaLine?.source], [niaId, 'import']);
    assert.equal((await getReportingLine(t.db, bob.userId))?.managerId, ada.userId);
    assert.equal(await getReportingLine(t.db, niaId), undefined);
  });
});
