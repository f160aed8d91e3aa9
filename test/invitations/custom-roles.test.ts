// Invitations that give custom roles (real stack): the invitation keeps the keys, accepting gives
// them on both membership items beside the built-in role, a role deleted since is not given,
// keys are checked against the catalogue, and giving them is decided as role.assign on the unit.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { authorize, type ActorAccess } from '../../lib/authz';
import { acceptInvitations, badInvitationRoles, createInvitation, getInvitationsForEmail, INVITEE } from '../../lib/invitations';
import { customRolesNamed } from '../../lib/roles';
import type { TenantDb } from '../../lib/db';
import { getUserMemberships, loadActorAccess, readUnitMember } from '../../lib/members';
import { listUnitAudit } from '../../lib/audit';
import { person, tenantWithTree } from '../members/fixtures';
import { defineRoles } from '../support/role-catalogue';

const invitationRoles = (db: TenantDb, keys: string[]) => customRolesNamed(db, keys, badInvitationRoles);
const code = (expected: string) => (e: Error & { code?: string }) => {
  assert.equal(e.code, expected, e.message);
  return true;
};

describe('invitations with custom roles', () => {
  test('accepting gives the custom roles the invitation carries, on both membership items', async () => {
    const t = await tenantWithTree();
    await defineRoles(t.db, [{ key: 'budget-approver', permissions: ['expenses.approve'] }, { key: 'wiki-editor', permissions: ['wiki.publish'] }]);
    const ada = person('Ada');
    const roles = await invitationRoles(t.db, ['budget-approver', 'wiki-editor']);
    const inv = await createInvitation(t.db, t.owner, { email: ada.email, unitId: t.sales.id, role: 'member', roles: roles.map((r) => r.key) });
    assert.deepEqual(inv.roles, ['budget-approver', 'wiki-editor']);
    assert.deepEqual((await getInvitationsForEmail(t.db, ada.email)).map((i) => i.roles), [['budget-approver', 'wiki-editor']]);
    const audit = (await listUnitAudit(t.db, t.sales.id)).items.find((e) => e.action === 'invitation.create');
    assert.deepEqual((audit?.after as { roles?: string[] })?.roles, ['budget-approver', 'wiki-editor']);

    // One role is deleted before the invitation is accepted: only the other is given.
    await defineRoles(t.db, [{ key: 'budget-approver', permissions: ['expenses.approve'] }], 2);
    const accepted = await acceptInvitations(t.db, ada);
    assert.equal(accepted.accepted.length, 1);
    assert.deepEqual(accepted.accepted[0]!.membership.roles, ['budget-approver']);
    const mine = (await getUserMemberships(t.db, ada.userId)).memberships;
    assert.deepEqual(mine.map((m) => [m.unitId, m.role, m.roles]), [[t.sales.id, 'member', ['budget-approver']]]);
    assert.deepEqual((await readUnitMember(t.db, t.sales.id, ada.userId))?.roles, ['budget-approver']);
    assert.equal((await loadActorAccess(t.db, ada.userId)).catalogue?.version, 2);
  });

  test('an invitation without custom roles gives none and reads no catalogue', async () => {
    const t = await tenantWithTree();
    const bo = person('Bo');
    const inv = await createInvitation(t.db, t.owner, { email: bo.email, unitId: t.cloud.id, role: 'manager' });
    assert.equal(inv.roles, undefined);
    assert.deepEqual(await invitationRoles(t.db, []), []);
    const accepted = await acceptInvitations(t.db, bo);
    assert.equal(accepted.accepted[0]!.membership.roles, undefined);
  });

  test('keys are checked against the catalogue and the limit; each role is decided as role.assign', async () => {
    const t = await tenantWithTree();
    const catalogue = await defineRoles(t.db, [{ key: 'budget-approver', permissions: ['expenses.approve'] }]);
    await assert.rejects(invitationRoles(t.db, ['payroll-viewer']), code('invitation.badRoles'));
    await assert.rejects(invitationRoles(t.db, Array.from({ length: 11 }, (_, i) => `r-${i}`)), code('invitation.badRoles'));
    const unit = { id: t.sales.id, path: t.sales.path, name: t.sales.name };
    const role = catalogue.roles['budget-approver']!;
    const owner = await loadActorAccess(t.db, t.ownerUserId);
    assert.equal(authorize(owner, 'role.assign', { unit, userId: INVITEE, role }).allowed, true);
    const manager: ActorAccess = { tenantId: t.tenantId, userId: 'someone', memberships: [{ unitId: t.sales.id, unitPath: t.sales.path, role: 'manager' }] };
    assert.throws(() => authorize(manager, 'role.assign', { unit, userId: INVITEE, role }), code('authz.role.assign'));
  });
});
