// The memberships import's `custom_roles` column (real stack): keys separated by `;` are previewed
// and applied beside the built-in role, on both membership items; an unknown key or too many is a
// row error; a role the importer may not give is refused row by row, at preview and again at
// apply; the export writes the column and imports back as "nothing to do".
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import Papa from 'papaparse';
import { authorize } from '../../lib/authz';
import { applyMembershipOps, membershipsCsv, previewImport, type MembershipOp } from '../../lib/bulk';
import { addMembership, getUserMemberships, loadActorAccess, readUnitMember } from '../../lib/members';
import { getUnitOrThrow } from '../../lib/org';
import { person } from '../members/fixtures';
import { snapshotTenant } from '../members/membership-invariants';
import { defineRoles } from '../support/role-catalogue';
import { bulkTenant } from './support';

async function text(lines: AsyncGenerator<string>) {
  let out = '';
  for await (const chunk of lines) out += chunk;
  return out;
}

describe('memberships import: custom roles', () => {
  test('previewed and applied beside the built-in role; unknown keys and too many are row errors', async () => {
    const t = await bulkTenant('BulkRoles');
    await defineRoles(t.db, [{ key: 'budget-approver', permissions: ['expenses.approve'] }, { key: 'wiki-editor', permissions: ['wiki.publish'] }]);
    const ada = person('Ada');
    await addMembership(t.db, t.owner, { unitId: t.cloud.id, role: 'member', ...ada });
    const newcomer = `new-${Date.now()}@example.test`;
    const many = Array.from({ length: 11 }, (_, i) => `r-${i}`).join(';');
    const csv = [
      'unit_path,email,name,role,custom_roles',
      `Engineering,${ada.email},,member,budget-approver; wiki-editor`, // 2 add with two roles
      `Sales,${newcomer},Nia New,member,budget-approver`, // 3 a new person with one
      `Sales,${ada.email},,member,payroll-viewer`, // 4 unknown key
      `Engineering/Cloud,${ada.email},,member,${many}`, // 5 too many
      `Engineering/Cloud,${ada.email},,member,wiki-editor`, // 6 already there: skipped, says so
      `,${ada.email},,admin,`, // 7 an empty cell gives none
    ].join('\n');
    const before = await snapshotTenant(t.tenantId, t.rootUnitId);
    const preview = await previewImport(t.db, t.access, 'memberships', csv);
    assert.deepEqual(Object.fromEntries(preview.rows.map((r) => [r.line, r.status])), { 2: 'add', 3: 'add', 4: 'error', 5: 'error', 6: 'skip', 7: 'add' });
    const message = (line: number) => preview.rows.find((r) => r.line === line)!.message;
    assert.match(message(2), /as member \+ budget-approver, wiki-editor/);
    assert.match(message(4), /no custom role "payroll-viewer"/);
    assert.match(message(5), /At most 10 custom roles/);
    assert.match(message(6), /change roles on the unit page/);
    assert.deepEqual(preview.ops.map((o) => (o as MembershipOp).roles), [['budget-approver', 'wiki-editor'], ['budget-approver'], undefined]);
    assert.deepEqual(await snapshotTenant(t.tenantId, t.rootUnitId), before, 'a preview writes nothing');

    const results = await applyMembershipOps(t.db, t.owner, t.access, (a, p) => authorize(t.access, a, p), preview.ops as MembershipOp[], { platform: t.platform });
    assert.ok(results.every((r) => r.ok), JSON.stringify(results));
    assert.match(results[0]!.message, /as member \+ budget-approver \+ wiki-editor/);
    assert.deepEqual((await readUnitMember(t.db, t.engineering.id, ada.userId))?.roles, ['budget-approver', 'wiki-editor']);
    const adaUnits = (await getUserMemberships(t.db, ada.userId)).memberships;
    assert.deepEqual(adaUnits.find((m) => m.unitId === t.engineering.id)?.roles, ['budget-approver', 'wiki-editor']);
    assert.equal(adaUnits.find((m) => m.unitId === t.rootUnitId)?.roles, undefined);

    // The export writes the column; imported back, every row is "nothing to do" or skipped.
    const exported = await text(membershipsCsv(t.db, await getUnitOrThrow(t.db, t.rootUnitId)));
    const rows = Papa.parse<Record<string, string>>(exported.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true }).data;
    assert.equal(rows.find((r) => r.email === ada.email && r.unit_path === 'Engineering')?.custom_roles, 'budget-approver;wiki-editor');
    assert.equal(rows.find((r) => r.email === newcomer)?.custom_roles, 'budget-approver');
    const again = await previewImport(t.db, t.access, 'memberships', exported);
    assert.ok(again.rows.every((r) => r.status === 'skip' && /nothing to do/.test(r.message)), JSON.stringify(again.rows.filter((r) => !/nothing to do/.test(r.message))));
  });

  test('a custom role the importer may not give is refused at preview and again at apply', async () => {
    const t = await bulkTenant('BulkRoles');
    await defineRoles(t.db, [{ key: 'budget-approver', permissions: ['expenses.approve'] }]);
    const manager = person('Manny');
    await addMembership(t.db, t.owner, { unitId: t.engineering.id, role: 'manager', ...manager });
    const access = await loadActorAccess(t.db, manager.userId);
    const preview = await previewImport(t.db, access, 'memberships', `unit_path,email,name,role,custom_roles\nEngineering/Cloud,m@example.test,M,member,budget-approver\nEngineering/Cloud,n@example.test,N,member,`);
    assert.deepEqual(preview.rows.map((r) => r.status), ['error', 'add']);
    // A forged op (the browser sends what it likes) is refused at apply time, nothing written.
    const forged: MembershipOp[] = [{ line: 2, unitId: t.cloud.id, email: 'm@example.test', name: 'M', role: 'member', roles: ['budget-approver'] }];
    const before = await snapshotTenant(t.tenantId, t.rootUnitId);
    const [result] = await applyMembershipOps(t.db, { userId: manager.userId, email: manager.email }, access, (a, p) => authorize(access, a, p), forged, { platform: t.platform });
    assert.equal(result!.ok, false);
    assert.deepEqual(await snapshotTenant(t.tenantId, t.rootUnitId), before);
    const unknown: MembershipOp[] = [{ line: 2, unitId: t.cloud.id, email: 'm@example.test', name: 'M', role: 'member', roles: ['payroll-viewer'] }];
    const [refused] = await applyMembershipOps(t.db, t.owner, t.access, (a, p) => authorize(t.access, a, p), unknown, { platform: t.platform });
    assert.match(refused!.message, /no custom role "payroll-viewer"/);
  });
});
