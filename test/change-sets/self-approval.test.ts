// Four eyes on change sets: the author's own approval does not count where someone else
// administers an area, counts where nobody else can approve it (a set is never stuck), and
// counts everywhere for an owner when the organization's setting says so. The preview says
// which, area by area, and the setting is version-checked and audited.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { listTenantAudit } from '../../lib/audit';
import { addMembership } from '../../lib/members';
import { createUnit } from '../../lib/org';
import { addOperations, createChangeSet, previewChangeSet, readChangeSet, reviewChangeSet } from '../../lib/change-sets';
import { getTenantSettings, setOwnersApproveOwnChangeSets } from '../../lib/tenants';
import { newTenant } from '../support/fixtures';
import { tenantDbFor } from '../support/tenant-db';
import { person } from '../members/fixtures';
import { actorFor, approve, code, draft, reorgTenant, standardOperations } from './fixtures';

describe('the author’s own approval', () => {
  test('in an organization with one owner, their own approval covers the areas only they administer, not a manager’s', async () => {
    const t = await newTenant('Solo');
    const db = tenantDbFor(t.tenantId);
    const owner = { userId: t.ownerUserId, email: t.ownerEmail, name: 'Solo Owner' };
    const ops = await createUnit(db, owner, { parentId: t.rootUnitId, name: 'Ops' });
    const sales = await createUnit(db, owner, { parentId: t.rootUnitId, name: 'Sales' });
    const manager = person('Sally Manager');
    await addMembership(db, owner, { unitId: sales.id, role: 'manager', ...manager });

    const actor = await actorFor(db, owner.userId);
    const created = await createChangeSet(db, actor, { name: 'Tidy up', description: '' });
    const { header } = await addOperations(db, actor, created.setId, created.version, [
      { kind: 'renameUnit', unitId: ops.id, name: 'Operations' },
      { kind: 'renameUnit', unitId: sales.id, name: 'Sales EMEA' },
    ]);
    const approvals = async () => (await previewChangeSet(db, await readChangeSet(db, created.setId))).approvals;
    const area = (state: Awaited<ReturnType<typeof approvals>>, unitId: string) => state.areas.find((a) => a.unitId === unitId)!;

    let state = await approvals();
    assert.equal(state.ownersSelfApprove, false);
    assert.equal(area(state, ops.id).author, 'onlyApprover');
    assert.deepEqual(area(state, ops.id).approvers.map((a) => a.userId), [owner.userId], 'only the owner can approve Ops');
    assert.equal(area(state, sales.id).author, 'fourEyes');
    assert.deepEqual(area(state, sales.id).approvers.map((a) => a.userId), [manager.userId], 'the author is not listed where theirs does not count');

    await reviewChangeSet(db, actor, created.setId, { expectedVersion: header.version, decision: 'approve' });
    state = await approvals();
    assert.deepEqual(area(state, ops.id).approvedBy, { userId: owner.userId, name: 'Solo Owner', self: true });
    assert.equal(area(state, sales.id).approvedBy, undefined);
    assert.equal(state.complete, false);

    const { header: now } = await readChangeSet(db, created.setId);
    await reviewChangeSet(db, await actorFor(db, manager.userId), created.setId, { expectedVersion: now.version, decision: 'approve' });
    state = await approvals();
    assert.equal(area(state, sales.id).approvedBy?.userId, manager.userId);
    assert.equal(state.complete, true);
  });

  test('a manager who drafts is marked four-eyes on the areas they administer and is never listed as their approver', async () => {
    const t = await reorgTenant('Four eyes');
    const set = await draft(t, standardOperations(t));
    const { approvals } = await previewChangeSet(t.db, await readChangeSet(t.db, set.header.setId));
    for (const a of approvals.areas) {
      assert.ok(!a.approvers.some((p) => p.userId === t.people.em.userId), `${a.unitName} does not list the author`);
      assert.ok(a.approvers.length > 0, `${a.unitName} has someone who can approve it`);
    }
    assert.equal(approvals.areas.find((a) => a.unitId === t.units.engineering.id)?.author, 'fourEyes');
    assert.equal(approvals.areas.find((a) => a.unitId === t.units.sales.id)?.author, undefined, 'the author does not administer Sales');
  });

  test('the organization’s setting: owners and admins change it with the version they read, audited; an owner’s own approval then counts everywhere', async () => {
    const t = await reorgTenant('Owner setting');
    const set = await draft(t, standardOperations(t), t.owner);
    const setId = set.header.setId;
    await approve(t, setId, t.owner);
    const approvals = async () => (await previewChangeSet(t.db, await readChangeSet(t.db, setId))).approvals;
    let state = await approvals();
    assert.equal(state.complete, false, 'an admin can approve, so the owner’s own approval does not count');
    assert.ok(state.areas.every((a) => a.author === 'fourEyes' && !a.approvers.some((p) => p.userId === t.owner.userId)));

    const { version } = await getTenantSettings(t.db);
    const admin = await t.actor(t.people.admin);
    await assert.rejects(setOwnersApproveOwnChangeSets(t.db, admin, { ownersApproveOwnChangeSets: 'yes' as unknown as boolean, expectedVersion: version }), code('tenant.badSetting'));
    const saved = await setOwnersApproveOwnChangeSets(t.db, admin, { ownersApproveOwnChangeSets: true, expectedVersion: version });
    assert.equal(saved.version, version + 1);
    await assert.rejects(setOwnersApproveOwnChangeSets(t.db, admin, { ownersApproveOwnChangeSets: false, expectedVersion: version }), code('tenant.versionConflict'));
    const [entry] = (await listTenantAudit(t.db, { limit: 1 })).items;
    assert.equal(entry!.action, 'tenant.settingsUpdate');
    assert.deepEqual([entry!.before, entry!.after], [{ ownersApproveOwnChangeSets: false }, { ownersApproveOwnChangeSets: true }]);

    state = await approvals();
    assert.equal(state.ownersSelfApprove, true);
    assert.ok(state.areas.every((a) => a.author === 'ownerSetting' && a.approvedBy?.self), 'the owner’s approval now covers every area');
    assert.equal(state.complete, true);
  });
});
