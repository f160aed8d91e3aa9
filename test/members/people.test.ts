// The people list against DynamoDB Local: the profile's membership summary stays exact
// through every membership write, the listings' orders and filters, bulk changes with per-row
// refusals and the last owner, and the request count of each page of the list.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { authorize } from '../../lib/authz';
import type { TenantDb } from '../../lib/db';
import { addMembership, applyBulkChange, listPeople, changeRole, getUserMemberships, readProfile, removeMembership, removeUserFromTenant, type Membership, type Role, loadActorAccess } from '../../lib/members';
import { deleteUnit, getUnitOrThrow } from '../../lib/org';
import { membersPage } from '../../lib/screens/members';
import type { ScreenContext } from '../../lib/screens/screen-context';
import { person, tenantWithTree } from './fixtures';
import { countedDb } from '../support/counted-db';

/** The summary a profile should carry, from the person's memberships as stored (T8). */
async function assertSummaryExact(db: TenantDb, userId: string) {
  const { user, memberships } = await getUserMemberships(db, userId);
  if (!user) return;
  const counts = { owner: 0, admin: 0, manager: 0, member: 0 } as Record<Role, number>;
  for (const m of memberships) counts[m.role]++;
  assert.deepEqual(user.roleCounts, counts, 'role counts');
  assert.deepEqual(user.units, Object.fromEntries(memberships.map((m) => [m.unitId, m.role])), 'listed units');
}

async function screenContext(db: TenantDb, userId: string, email: string) {
  const access = await loadActorAccess(db, userId);
  const { db: counted, sent } = countedDb(db);
  const ctx = {
    actor: { ...access, email, name: access.profile!.name, db: counted },
    db: counted,
    authorize: (action: never, place: never) => authorize(access, action, place),
  } as unknown as ScreenContext;
  return { ctx, sent, reset: () => sent.splice(0), access };
}

describe('people list', () => {
  test('the profile summary stays exact through add, role change, remove, recursive delete and remove from organization', async () => {
    const t = await tenantWithTree('Summary');
    const ada = person('Ada');
    await addMembership(t.db, t.owner, { unitId: t.cloud.id, role: 'member', ...ada });
    await assertSummaryExact(t.db, ada.userId);
    await addMembership(t.db, t.owner, { unitId: t.engineering.id, role: 'manager', userId: ada.userId });
    await addMembership(t.db, t.owner, { unitId: t.sales.id, role: 'member', userId: ada.userId });
    await assertSummaryExact(t.db, ada.userId);
    const profile = await readProfile(t.db, ada.userId);
    assert.ok(profile?.joinedAt, 'joined date');
    await changeRole(t.db, t.owner, { unitId: t.sales.id, userId: ada.userId, role: 'manager', expectedVersion: 1 });
    await assertSummaryExact(t.db, ada.userId);
    await removeMembership(t.db, t.owner, { unitId: t.sales.id, userId: ada.userId, expectedVersion: 2 });
    await assertSummaryExact(t.db, ada.userId);
    // Deleting Engineering with Cloud takes both memberships, and the profile with them.
    await addMembership(t.db, t.owner, { unitId: t.sales.id, role: 'member', userId: ada.userId });
    const eng = (await getUserMemberships(t.db, ada.userId)).memberships.length;
    assert.equal(eng, 3);
    const engineering = await getUnitOrThrow(t.db, t.engineering.id);
    await deleteUnit(t.db, t.owner, { unitId: engineering.id, expectedVersion: engineering.version, recursive: true });
    await assertSummaryExact(t.db, ada.userId);
    assert.deepEqual((await readProfile(t.db, ada.userId))?.roleCounts, { owner: 0, admin: 0, manager: 0, member: 1 });
    await removeUserFromTenant(t.db, t.owner, ada.userId);
    assert.equal(await readProfile(t.db, ada.userId), undefined);
  });

  test('sorted by email, name and joined date; filtered by role and by unit; one request per data set', async () => {
    const t = await tenantWithTree('Directory');
    const zoe = { ...person('x'), name: 'Zoe Adams', email: 'a-zoe@example.test' };
    const bob = { ...person('x'), name: 'Bob Young', email: 'z-bob@example.test' };
    const mia = { ...person('x'), name: 'Mia Kim', email: 'm-mia@example.test' };
    await addMembership(t.db, t.owner, { unitId: t.cloud.id, role: 'member', ...zoe });
    await addMembership(t.db, t.owner, { unitId: t.engineering.id, role: 'manager', ...bob });
    await addMembership(t.db, t.owner, { unitId: t.sales.id, role: 'member', ...mia });
    await addMembership(t.db, t.owner, { unitId: t.cloud.id, role: 'manager', userId: mia.userId });
    const { ctx, sent, reset } = await screenContext(t.db, t.ownerUserId, t.ownerEmail);
    const emails = (rows: { kind: string; email?: string }[]) => rows.map((r) => r.email);

    const byEmail = await membersPage(ctx, { sort: 'email' });
    assert.deepEqual(sent, ['QueryCommand', 'BatchGetCommand'], 'GSI2 page + unit names');
    assert.deepEqual(emails(byEmail.rows).filter((e) => e !== t.ownerEmail), ['a-zoe@example.test', 'm-mia@example.test', 'z-bob@example.test']);
    const miaRow = byEmail.rows.find((r) => r.email === mia.email);
    assert.ok(miaRow?.kind === 'member');
    assert.equal(miaRow.units, 2);
    assert.deepEqual(miaRow.unitRoles.map((u) => `${u.role} of ${u.unitName}`), ['manager of Cloud', 'member of Sales']);
    reset();

    const byName = await membersPage(ctx, { sort: 'name' });
    assert.deepEqual(sent, ['QueryCommand', 'BatchGetCommand']);
    assert.deepEqual(byName.rows.map((r) => r.kind === 'member' && r.name).filter((n) => n !== 'Olga' && n && !n.startsWith('Directory')).slice(0, 3), ['Bob Young', 'Mia Kim', 'Zoe Adams']);
    reset();

    const byJoined = await membersPage(ctx, { sort: 'joined' });
    assert.deepEqual(sent, ['QueryCommand', 'BatchGetCommand']);
    assert.deepEqual(emails(byJoined.rows), [t.ownerEmail, zoe.email, bob.email, mia.email]);
    reset();

    const managers = await membersPage(ctx, { role: 'manager' });
    assert.deepEqual(emails(managers.rows), [mia.email, bob.email]);
    reset();

    const inCloud = await membersPage(ctx, { unitId: t.cloud.id });
    assert.deepEqual(sent, ['QueryCommand', 'BatchGetCommand', 'BatchGetCommand'], 'T6 + profiles + unit names');
    assert.deepEqual(emails(inCloud.rows).sort(), [zoe.email, mia.email].sort());
    assert.equal(inCloud.view.unit?.name, 'Cloud');
    const cloudManagers = await membersPage(ctx, { unitId: t.cloud.id, role: 'manager' });
    assert.deepEqual(emails(cloudManagers.rows), [mia.email]);
  });

  test('a sparse filter fills its page: the role filter reads on past entries it drops, and the cursor continues without gaps', async () => {
    const t = await tenantWithTree('SparseFilter');
    const people = Array.from({ length: 9 }, (_, i) => ({ ...person(`p${i}`), email: `p${i}@example.test` }));
    for (const [i, p] of people.entries()) {
      await addMembership(t.db, t.owner, { unitId: t.sales.id, role: i % 4 === 3 ? 'manager' : 'member', ...p });
    }
    // Managers: p3 and p7, behind members on every 2-entry page.
    const first = await listPeople(t.db, { role: 'manager', limit: 1 });
    assert.deepEqual(first.items.map((r) => r.kind === 'member' && r.user.email), ['p3@example.test']);
    assert.ok(first.nextCursor);
    const second = await listPeople(t.db, { role: 'manager', limit: 1, cursor: first.nextCursor });
    assert.deepEqual(second.items.map((r) => r.kind === 'member' && r.user.email), ['p7@example.test']);
    const rest = second.nextCursor ? await listPeople(t.db, { role: 'manager', limit: 1, cursor: second.nextCursor }) : { items: [] };
    assert.deepEqual(rest.items, []);

    const members = await listPeople(t.db, { role: 'member', limit: 2 });
    const next = await listPeople(t.db, { role: 'member', limit: 2, cursor: members.nextCursor });
    const emails = [...members.items, ...next.items].map((r) => r.kind === 'member' && r.user.email);
    assert.deepEqual(emails, ['p0@example.test', 'p1@example.test', 'p2@example.test', 'p4@example.test'], 'overshoot trimmed, cursor at the last row shown');
  });

  test('bulk role change and removal: each row authorized and written on its own, refusals per row, the last owner kept', async () => {
    const t = await tenantWithTree('Bulk');
    const a = person('Ann');
    const b = person('Ben');
    const c = person('Cat');
    await addMembership(t.db, t.owner, { unitId: t.sales.id, role: 'member', ...a });
    await addMembership(t.db, t.owner, { unitId: t.sales.id, role: 'member', ...b });
    await addMembership(t.db, t.owner, { unitId: t.cloud.id, role: 'member', ...c });
    const { access } = await screenContext(t.db, t.ownerUserId, t.ownerEmail);
    const allow = {
      changeRole: (m: Membership, to: Role) => authorize(access, 'membership.changeRole', { unit: { id: m.unitId, path: m.unitPath }, userId: m.userId, from: m.role, to }),
      remove: (m: Membership) => authorize(access, 'membership.remove', { unit: { id: m.unitId, path: m.unitPath }, userId: m.userId, role: m.role }),
    };
    const sales = { id: t.sales.id, path: t.sales.path };
    const changed = await applyBulkChange(t.db, t.owner, { action: 'changeRole', unit: sales, role: 'manager' }, [a.userId, b.userId, c.userId], allow);
    assert.deepEqual(changed.map((r) => (r.ok ? 'ok' : r.code)), ['ok', 'ok', 'membership.notFound']);
    assert.equal((await readProfile(t.db, a.userId))?.roleCounts.manager, 1);

    // Demoting the only owner is refused for that row only.
    const root = { id: t.root.id, path: t.root.path };
    const demoted = await applyBulkChange(t.db, t.owner, { action: 'changeRole', unit: root, role: 'admin' }, [t.ownerUserId], allow);
    assert.deepEqual(demoted.map((r) => (r.ok ? 'ok' : r.code)), ['membership.lastOwner']);

    // A manager may not act outside their subtree: refused per row, nothing else stops.
    const manager = await loadActorAccess(t.db, a.userId);
    const asManager = {
      changeRole: (m: Membership, to: Role) => authorize(manager, 'membership.changeRole', { unit: { id: m.unitId, path: m.unitPath }, userId: m.userId, from: m.role, to }),
      remove: (m: Membership) => authorize(manager, 'membership.remove', { unit: { id: m.unitId, path: m.unitPath }, userId: m.userId, role: m.role }),
    };
    const refused = await applyBulkChange(t.db, { userId: a.userId, email: a.email }, { action: 'remove', unit: { id: t.cloud.id, path: t.cloud.path } }, [c.userId], asManager);
    assert.equal(refused[0].ok, false);

    const removed = await applyBulkChange(t.db, t.owner, { action: 'removeFromOrganization' }, [b.userId, c.userId, t.ownerUserId], allow);
    assert.deepEqual(removed.map((r) => (r.ok ? 'ok' : r.code)), ['ok', 'ok', 'membership.lastOwner']);
    assert.equal(await readProfile(t.db, b.userId), undefined);
    assert.ok(await readProfile(t.db, t.ownerUserId));
  });
});
