// The preview of a role's change against DynamoDB Local: who gains and loses what, and in which
// unit, named as the console shows it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as members from '../../lib/members';
import { addMembership, setMembershipRoles } from '../../lib/members';
import { createPermission, createRole, previewRoleChange } from '../../lib/roles';
import { person, tenantWithTree } from '../members/fixtures';

test('a holder whose access changes is listed with the unit the role is held on, by name', async () => {
  const t = await tenantWithTree('Preview');
  await createPermission(t.db, t.owner, { key: 'expenses.approve', description: 'Approve expense reports' });
  await createRole(t.db, t.owner, { key: 'budget-approver', name: 'Budget approver', permissions: ['expenses.approve'], reach: 'subtree' });
  const ada = person('Ada');
  await addMembership(t.db, t.owner, { unitId: t.sales.id, role: 'member', ...ada });
  await setMembershipRoles(t.db, t.owner, { unitId: t.sales.id, userId: ada.userId, roles: ['budget-approver'], expectedVersion: 1 });

  const preview = await previewRoleChange(t.db, 'budget-approver', { permissions: ['expenses.approve', 'audit.read'], reach: 'unit' }, members);
  assert.equal(preview.holders, 1);
  assert.deepEqual(preview.changes.map((c) => [c.name, c.unitId, c.unitName, c.gains, c.loses, c.reachBefore, c.reachAfter]), [
    ['Ada', t.sales.id, 'Sales', ['audit.read'], ['expenses.approve'], 'subtree', 'unit'],
  ]);
});
