// Who holds a custom role (docs/roles.md#holders): the member tree filtered to the role, paged
// in tree order; and replacing the role on every holder before it is deleted.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { listAudit } from '../../lib/audit';
import { addMembership, listRoleHolders, readUnitMember, replaceRoleOnHolders } from '../../lib/members';
import { defineRoles, person, tenantWithTree } from './fixtures';
import { assertMembershipInvariants } from './membership-invariants';

/** A tree with holders of `budget-approver` at Sales and Cloud among people who hold other roles or none. */
async function world() {
  const t = await tenantWithTree();
  await defineRoles(t.tenantId, ['budget-approver', 'wiki-editor']);
  const [ada, bob, cyd, dan] = ['Ada', 'Bob', 'Cyd', 'Dan'].map(person);
  await addMembership(t.db, t.owner, { unitId: t.sales.id, role: 'member', roles: ['budget-approver'], ...ada! });
  await addMembership(t.db, t.owner, { unitId: t.cloud.id, role: 'manager', roles: ['wiki-editor', 'budget-approver'], ...bob! });
  await addMembership(t.db, t.owner, { unitId: t.cloud.id, role: 'member', roles: ['wiki-editor'], ...cyd! });
  for (let i = 0; i < 12; i++) await addMembership(t.db, t.owner, { unitId: t.engineering.id, role: 'member', ...person(`Filler ${i}`) });
  await addMembership(t.db, t.owner, { unitId: t.engineering.id, role: 'member', roles: ['budget-approver', 'wiki-editor'], ...dan! });
  return { ...t, ada: ada!, bob: bob!, cyd: cyd!, dan: dan! };
}

const where = (m: { unitId: string; userId: string }) => `${m.unitId}/${m.userId}`;

describe('listRoleHolders', () => {
  test('only the holders, in tree order, with their units named; pages follow on', async () => {
    const w = await world();
    const all = await listRoleHolders(w.db, 'budget-approver', { limit: 10 });
    const expected = [
      { unitId: w.engineering.id, userId: w.dan.userId, path: w.engineering.path },
      { unitId: w.cloud.id, userId: w.bob.userId, path: w.cloud.path },
      { unitId: w.sales.id, userId: w.ada.userId, path: w.sales.path },
    ].sort((a, b) => (a.path + a.userId < b.path + b.userId ? -1 : 1));
    assert.deepEqual(all.items.map(where), expected.map(where));
    assert.equal(all.units.get(w.cloud.id)?.name, 'Cloud');
    assert.ok(all.items.every((m) => m.roles?.includes('budget-approver') && m.email));

    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await listRoleHolders(w.db, 'budget-approver', { limit: 1, cursor });
      assert.ok(page.items.length <= 1);
      seen.push(...page.items.map(where));
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 20);
    assert.deepEqual(seen, expected.map(where), 'pages of one give every holder once, in order');
    assert.deepEqual((await listRoleHolders(w.db, 'nobody-holds-this')).items, []);
  });

  test('a malformed role key or cursor is refused', async () => {
    const w = await world();
    await assert.rejects(listRoleHolders(w.db, 'Not A Key'), { code: 'roles.unknownRole' });
    await assert.rejects(listRoleHolders(w.db, 'budget-approver', { cursor: 'forged' }), { code: 'page.badCursor' });
    await assert.rejects(listRoleHolders(w.db, 'budget-approver', { limit: 5000 }), { code: 'page.badSize' });
  });
});

describe('replaceRoleOnHolders', () => {
  test('each holder holds the replacement instead, once, as an audited role change', async () => {
    const w = await world();
    const changed = await replaceRoleOnHolders(w.db, w.owner, 'budget-approver', 'wiki-editor');
    assert.equal(changed, 3);
    assert.deepEqual((await listRoleHolders(w.db, 'budget-approver')).items, []);
    assert.deepEqual((await readUnitMember(w.db, w.sales.id, w.ada.userId))?.roles, ['wiki-editor']);
    assert.deepEqual((await readUnitMember(w.db, w.cloud.id, w.bob.userId))?.roles, ['wiki-editor'], 'held already: not twice');
    assert.deepEqual((await readUnitMember(w.db, w.cloud.id, w.cyd.userId))?.roles, ['wiki-editor'], 'not a holder: untouched');
    assert.equal((await readUnitMember(w.db, w.cloud.id, w.cyd.userId))?.version, 1);
    const entries = (await listAudit(w.db, {}, { limit: 10 })).items.filter((e) => e.action === 'membership.rolesChange');
    assert.equal(entries.length, 3);
    await assertMembershipInvariants(w.tenantId, w.rootUnitId);
  });

  test('with nothing instead, the role is taken away; a second pass finds no holder', async () => {
    const w = await world();
    assert.equal(await replaceRoleOnHolders(w.db, w.owner, 'budget-approver', null), 3);
    assert.equal((await readUnitMember(w.db, w.sales.id, w.ada.userId))?.roles, undefined);
    assert.deepEqual((await readUnitMember(w.db, w.engineering.id, w.dan.userId))?.roles, ['wiki-editor']);
    assert.equal(await replaceRoleOnHolders(w.db, w.owner, 'budget-approver', null), 0);
  });
});
