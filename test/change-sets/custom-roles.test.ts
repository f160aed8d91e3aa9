// Custom roles travel with change sets (a member moved keeps them; a revert's addMember gives them
// back; a removal takes them away), so drafting such an operation decides `role.assign` for each
// role still in the catalogue, as giving or taking it directly would (docs/authorization.md,
// "Custom roles": nobody grants what they do not hold).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { RoleCatalogue } from '../../lib/authz';
import { appendOperations, applyChangeSet, createChangeSet, readChangeSet } from '../../lib/change-sets';
import { addMembership, readUnitMember } from '../../lib/members';
import { rememberRoleCatalogue, roleCatalogueItem } from '../../lib/roles';
import { person } from '../members/fixtures';
import { directClient, tableName } from '../support/stack';
import { approve, draft, reorgTenant, type ReorgTenant } from './fixtures';

/** A "Payroll viewer" role reaching the holder's unit and everything below it. */
async function payrollCatalogue(tenantId: string, version = 1, withRole = true) {
  const now = new Date().toISOString();
  const catalogue: RoleCatalogue = {
    version,
    roles: !withRole ? {} : { 'payroll-viewer': { key: 'payroll-viewer', name: 'Payroll viewer', description: '', permissions: ['payroll.view'], reach: 'subtree', version: 1, createdAt: now, updatedAt: now } },
    permissions: { 'payroll.view': { key: 'payroll.view', description: 'View payroll', createdAt: now, updatedAt: now } } as RoleCatalogue['permissions'],
  };
  await directClient().send(new PutCommand({ TableName: tableName(), Item: roleCatalogueItem(tenantId, catalogue) }));
  rememberRoleCatalogue(tenantId, catalogue);
}

async function world(label: string) {
  const t = await reorgTenant(label);
  await payrollCatalogue(t.tenantId);
  const holder = person('Pay Holder');
  await addMembership(t.db, t.owner, { unitId: t.units.platform.id, role: 'member', roles: ['payroll-viewer'], ...holder });
  return { ...t, holder };
}

const refusedAssign = (e: unknown) => (e as { code?: string }).code === 'authz.role.assign';

async function append(t: ReorgTenant, who: ReorgTenant['people']['em'], ops: Parameters<typeof appendOperations>[4]) {
  const actor = await t.actor(who);
  const header = await createChangeSet(t.db, actor, { name: 'Roles travel' });
  return appendOperations(t.db, actor, await readChangeSet(t.db, header.setId), header.version, ops);
}

describe('change sets decide role.assign for the custom roles they carry', () => {
  test("a manager below may not move a custom role's holder to where the role would reach further than they hold", async () => {
    const t = await world('CsMoveRoles');
    // em manages Engineering and is a plain member of the root: before, this granted payroll.view everywhere.
    await assert.rejects(
      draft(t, [{ kind: 'moveMember', userId: t.holder.userId, fromUnitId: t.units.platform.id, unitId: t.root.id }]),
      refusedAssign,
    );
    // An admin holds every permission everywhere: the same move is theirs to draft.
    const set = await draft(t, [{ kind: 'moveMember', userId: t.holder.userId, fromUnitId: t.units.platform.id, unitId: t.root.id }], t.people.admin);
    assert.equal(set.operations.length, 1);
  });

  test("a manager may not remove a member holding a custom role with a permission they lack", async () => {
    const t = await world('CsRemoveRoles');
    await assert.rejects(draft(t, [{ kind: 'removeMember', userId: t.holder.userId, unitId: t.units.platform.id }]), refusedAssign);
    // A plain member of the same unit: removing them is the manager's as before.
    const set = await draft(t, [{ kind: 'removeMember', userId: t.people.p1.userId, unitId: t.units.platform.id }]);
    assert.equal(set.operations.length, 1);
  });

  test('an addMember carrying custom roles (a revert) needs role.assign for each', async () => {
    const t = await world('CsAddRoles');
    const newcomer = person('Back Again');
    await addMembership(t.db, t.owner, { unitId: t.units.infra.id, role: 'member', ...newcomer });
    const op = { kind: 'addMember' as const, userId: newcomer.userId, unitId: t.units.tools.id, role: 'member' as const, roles: ['payroll-viewer'] };
    await assert.rejects(append(t, t.people.em, [op]), refusedAssign);
    const set = await append(t, t.people.admin, [op]);
    assert.equal(set.operations.length, 1);
  });

  test('a role deleted from the catalogue after drafting is not given when the move applies (the step does not fail)', async () => {
    const t = await world('CsGoneRole');
    const set = await draft(t, [{ kind: 'moveMember', userId: t.holder.userId, fromUnitId: t.units.platform.id, unitId: t.units.sales.id }], t.people.admin);
    await approve(t, set.header.setId, t.owner);
    await payrollCatalogue(t.tenantId, 2, false);
    const ready = await readChangeSet(t.db, set.header.setId);
    const header = await applyChangeSet(t.db, t.owner, set.header.setId, ready.header.version);
    assert.equal(header.status, 'applied');
    const moved = await readUnitMember(t.db, t.units.sales.id, t.holder.userId);
    assert.ok(moved, 'joined Sales');
    assert.equal(moved.roles, undefined, 'without the deleted role');
    assert.equal(await readUnitMember(t.db, t.units.platform.id, t.holder.userId), undefined);
  });
});
