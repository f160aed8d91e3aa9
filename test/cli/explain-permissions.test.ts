// `npm run cli -- explain --action <permission>`: the operator's answer for a permission, Arbor's
// or the organization's own, from the stored data: the custom roles a person holds, and which
// role (custom or built-in) gives the permission at the unit asked about.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { ulid } from 'ulid';
import { addMembership } from '../../lib/members';
import { createUnit } from '../../lib/org';
import { run } from '../../scripts/cli/explain';
import { newTenant } from '../support/fixtures';
import { runCli } from '../support/cli';
import { defineRoles } from '../support/role-catalogue';
import { tenantDbFor } from '../support/tenant-db';

describe('explain CLI: permissions and custom roles', () => {
  let t: Awaited<ReturnType<typeof newTenant>>;
  let financeId: string, payablesId: string, salesId: string;
  const ann = { id: ulid(), email: '' };

  before(async () => {
    t = await newTenant('Perms');
    const db = tenantDbFor(t.tenantId);
    const actor = { userId: t.ownerUserId, email: t.ownerEmail };
    await defineRoles(db, [{ key: 'budget-approver', permissions: ['expenses.approve', 'audit.read'] }, { key: 'wiki-editor', permissions: ['wiki.publish'], reach: 'unit' }]);
    financeId = (await createUnit(db, actor, { parentId: t.rootUnitId, name: 'Finance' })).id;
    payablesId = (await createUnit(db, actor, { parentId: financeId, name: 'Payables' })).id;
    salesId = (await createUnit(db, actor, { parentId: t.rootUnitId, name: 'Sales' })).id;
    ann.email = `ann@${t.domain}`;
    await addMembership(db, actor, { unitId: financeId, role: 'member', roles: ['budget-approver', 'wiki-editor'], userId: ann.id, email: ann.email, name: 'Ann Approver' });
  });

  test("a tenant permission deep in the division: held by the custom role reaching down, named with its reach", async () => {
    const { code, out } = await runCli(run, ['--tenant', t.tenantId, '--user', ann.email, '--unit', payablesId, '--action', 'expenses.approve']);
    assert.equal(code, 0, out);
    assert.match(out, /Holds\s+member \+ budget-approver \+ wiki-editor on Finance/);
    assert.match(out, /expenses\.approve\s+Payables\s+yes\s+by custom role budget-approver \(budget-approver, reaching the unit and everything below it\) on Finance/);
  });

  test('a role reaching only its unit does not give it below; outside the division nothing does', async () => {
    const below = await runCli(run, ['--tenant', t.tenantId, '--user', ann.email, '--unit', payablesId, '--action', 'wiki.publish']);
    assert.match(below.out, /wiki\.publish\s+Payables\s+no\s+No role of yours gives/);
    const at = await runCli(run, ['--tenant', t.tenantId, '--user', ann.email, '--unit', financeId, '--action', 'wiki.publish']);
    assert.match(at.out, /wiki\.publish\s+Finance\s+yes\s+by custom role wiki-editor/);
    const outside = await runCli(run, ['--tenant', t.tenantId, '--user', ann.id, '--unit', salesId, '--action', 'expenses.approve']);
    assert.match(outside.out, /expenses\.approve\s+Sales\s+no/);
  });

  test("Arbor's own permissions, and owners holding every permission by their built-in role", async () => {
    const arbor = await runCli(run, ['--tenant', t.tenantId, '--user', ann.email, '--unit', payablesId, '--action', 'audit.read']);
    assert.match(arbor.out, /audit\.read\s+Payables\s+yes\s+by custom role budget-approver/);
    const owner = await runCli(run, ['--tenant', t.tenantId, '--user', t.ownerEmail, '--unit', payablesId, '--action', 'expenses.approve']);
    assert.match(owner.out, /expenses\.approve\s+Payables\s+yes\s+by owner on .*\(whole organization\)/);
  });

  test('without --action the organization’s own permissions are answered after the actions; --json carries the custom roles', async () => {
    const all = await runCli(run, ['--tenant', t.tenantId, '--user', ann.email, '--unit', payablesId]);
    assert.match(all.out, /tree\.read\s+Payables\s+yes/);
    assert.match(all.out, /expenses\.approve\s+Payables\s+yes/);
    const json = JSON.parse((await runCli(run, ['--tenant', t.tenantId, '--user', ann.email, '--unit', payablesId, '--action', 'expenses.approve', '--json'])).out);
    assert.deepEqual(json.memberships.map((m: { roles?: string[] }) => m.roles), [['budget-approver', 'wiki-editor']]);
    assert.equal(json.decisions[0].decision.grantedBy.customRole, 'budget-approver');
  });

  test('role.assign is asked with --role <custom role key>: an owner may give it, a holder without members.manage may not', async () => {
    const owner = await runCli(run, ['--tenant', t.tenantId, '--user', t.ownerEmail, '--unit', payablesId, '--action', 'role.assign', '--role', 'budget-approver']);
    assert.match(owner.out, /role\.assign\s+Payables, budget-approver\s+yes\s+by owner/);
    const holder = await runCli(run, ['--tenant', t.tenantId, '--user', ann.email, '--unit', payablesId, '--action', 'role.assign', '--role', 'budget-approver']);
    assert.match(holder.out, /role\.assign\s+Payables, budget-approver\s+no\s/);
    const unasked = await runCli(run, ['--tenant', t.tenantId, '--user', ann.email, '--unit', payablesId, '--action', 'role.assign']);
    assert.match(unasked.out, /role\.assign\s+\(needs --role <custom role key>\)\s+–/);
  });

  test('a name that is neither an action nor a permission is refused with usage', async () => {
    const { code, out } = await runCli(run, ['--tenant', t.tenantId, '--user', ann.email, '--action', 'payroll.view']);
    assert.notEqual(code, 0);
    assert.match(out, /Unknown action or permission payroll\.view/);
  });
});
