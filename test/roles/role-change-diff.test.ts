// Who gains and loses what when a role changes (lib/roles role-change-diff.ts), without a network:
// per permission, whether a membership's custom roles cover its unit and the units below it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CustomRole } from '../../lib/authz';
import { diffHolder } from '../../lib/roles/role-change-diff';

const role = (key: string, permissions: string[], reach: CustomRole['reach']): CustomRole =>
  ({ key, name: key, description: '', permissions, reach, version: 1, createdAt: '', updatedAt: '' });
const approver = role('approver', ['expenses.approve', 'tree.read'], 'subtree');
const catalogue = { roles: { approver, reader: role('reader', ['tree.read'], 'subtree'), below: role('below', ['expenses.approve'], 'below') } };
const member = { role: 'member' as const, roles: ['approver'] };

test('permissions added are gained and removed are lost', () => {
  assert.deepEqual(diffHolder(member, approver, { permissions: ['tree.read', 'wiki.publish'], reach: 'subtree' }, catalogue), { gains: ['wiki.publish'], loses: ['expenses.approve'] });
  assert.deepEqual(diffHolder(member, approver, { permissions: ['expenses.approve', 'tree.read'], reach: 'subtree' }, catalogue), { gains: [], loses: [] });
});

test('a narrower reach loses every permission somewhere; a shifted one gains and loses', () => {
  assert.deepEqual(diffHolder(member, approver, { permissions: approver.permissions, reach: 'unit' }, catalogue), { gains: [], loses: ['expenses.approve', 'tree.read'] });
  const widened = diffHolder(member, { ...approver, reach: 'unit' }, { permissions: approver.permissions, reach: 'below' }, catalogue);
  assert.deepEqual(widened, { gains: ['expenses.approve', 'tree.read'], loses: ['expenses.approve', 'tree.read'] });
});

test("another custom role on the same membership keeps what it gives", () => {
  const both = { role: 'member' as const, roles: ['approver', 'reader', 'below'] };
  // tree.read stays through reader; expenses.approve stays below through `below`, lost on the unit only.
  assert.deepEqual(diffHolder(both, approver, { permissions: [], reach: 'subtree' }, catalogue), { gains: [], loses: ['expenses.approve'] });
  assert.deepEqual(diffHolder(both, approver, { permissions: ['tree.read'], reach: 'below' }, catalogue), { gains: [], loses: ['expenses.approve'] });
  // A key the catalogue no longer has gives nothing.
  assert.deepEqual(diffHolder({ roles: ['approver', 'gone'] }, approver, { permissions: [], reach: 'subtree' }, catalogue), { gains: [], loses: ['expenses.approve', 'tree.read'] });
});

test('owners and admins hold every permission everywhere: no change of a role changes theirs', () => {
  for (const builtIn of ['owner', 'admin'] as const) {
    assert.deepEqual(diffHolder({ role: builtIn, roles: ['approver'] }, approver, { permissions: [], reach: 'unit' }, catalogue), { gains: [], loses: [] });
  }
});
