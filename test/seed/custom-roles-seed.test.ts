// The bulk seeder's custom roles (the bench's checks tenant): the catalogue item is written, a
// share of memberships hold one of its roles in both directions, the app reads them back and
// decides with them; a plan without custom roles draws the same memberships as before.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ulid } from 'ulid';
import { explainPermission, type RoleCatalogue } from '../../lib/authz';
import { loadActorAccess, listUnitMembers } from '../../lib/members';
import { readRoleCatalogue } from '../../lib/roles';
import { bulkSeedTenant } from '../../scripts/seed/bulk-seed-tenant';
import { PlanBuilder } from '../../scripts/seed/tenant-plan';
import { directClient, tableName } from '../support/stack';
import { tenantDbFor } from '../support/tenant-db';

const now = '2026-11-28T00:00:00.000Z';
const catalogue: RoleCatalogue = {
  version: 1,
  roles: {
    approver: { key: 'approver', name: 'Approver', description: '', permissions: ['expenses.approve'], reach: 'subtree', version: 1, createdAt: now, updatedAt: now },
    editor: { key: 'editor', name: 'Editor', description: '', permissions: ['wiki.publish', 'unit.rename'], reach: 'unit', version: 1, createdAt: now, updatedAt: now },
  },
  permissions: {
    'expenses.approve': { key: 'expenses.approve', description: 'Approve expenses', createdAt: now },
    'wiki.publish': { key: 'wiki.publish', description: 'Publish', createdAt: now },
  },
};

test('a plan without custom roles draws the memberships it drew before; with them, only the roles are added', () => {
  const plan = (customRoles?: { keys: string[]; share: number }) => {
    const b = new PlanBuilder({ id: 'ROOT', name: 'Top' }, 7);
    b.grow(b.rootUnit, 60);
    const p = b.finish({ domain: 'x.test', membershipsPerUnit: 1, peoplePerUnit: 0.5, customRoles });
    const drawn = p.memberships.map((m) => ({ unit: p.units.findIndex((u) => u.id === m.unitId), person: p.people.findIndex((x) => x.id === m.userId), role: m.role }));
    return { drawn, holding: p.memberships.filter((m) => m.roles?.length).length };
  };
  const without = plan();
  const withRoles = plan({ keys: ['approver', 'editor'], share: 0.5 });
  assert.deepEqual(withRoles.drawn, without.drawn);
  assert.equal(without.holding, 0);
  const all = withRoles.drawn.length;
  assert.ok(withRoles.holding > all * 0.3 && withRoles.holding < all * 0.7, `${withRoles.holding} of ${all}`);
});

test('the seeded catalogue and custom roles are read back and decided with', async () => {
  const domain = `roles-seed-${ulid().toLowerCase()}.test`;
  const t = await bulkSeedTenant({ client: directClient(), tableName: tableName() }, {
    name: 'Roles seed', domain, owner: { email: `owner@${domain}`, name: 'Owner' }, seed: 3, membershipsPerUnit: 1, peoplePerUnit: 0.5,
    shape: (plan) => plan.grow(plan.rootUnit, 40), catalogue: { catalogue, share: 0.5 },
  });
  const db = tenantDbFor(t.tenantId);
  assert.deepEqual(await readRoleCatalogue(db, { fresh: true }), catalogue);
  const held = t.memberships.find((m) => m.roles?.includes('approver'))!;
  assert.ok(held, 'some membership holds the approver role');
  const access = await loadActorAccess(db, held.userId);
  assert.deepEqual(access.memberships.find((m) => m.unitId === held.unitId)!.roles, ['approver']);
  const unit = t.units.find((u) => u.id === held.unitId)!;
  assert.equal(explainPermission(access, 'expenses.approve', unit).allowed, true);
  const members = await listUnitMembers(db, held.unitId);
  assert.deepEqual(members.items.find((m) => m.userId === held.userId)!.roles, ['approver'], "the unit's side holds it too");
});
