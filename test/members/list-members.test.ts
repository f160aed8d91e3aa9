import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../../lib/db';
import { createInvitation } from '../../lib/invitations';
import { addMembership, getUserMemberships, listSubtreeMembers, listTenantMembers, listUnitMembers } from '../../lib/members';
import type { Page } from '../../lib/db';
import { directClient, tableName } from '../support/stack';
import { person, tenantWithTree } from './fixtures';

const code = (expected: string) => (e: Error & { code?: string }) => {
  assert.equal(e.code, expected, e.message);
  return true;
};

async function allPages<T>(read: (cursor?: string) => Promise<Page<T>>) {
  const pages: T[][] = [];
  let cursor: string | undefined;
  do {
    const page = await read(cursor);
    pages.push(page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return pages;
}

describe('member reads (T6, T7, T8, member list)', () => {
  test('T6 lists a unit\'s direct members across pages, each once', async () => {
    const t = await tenantWithTree();
    const people = ['Ada', 'Grace', 'Linus', 'Barbara', 'Ken'].map(person);
    for (const p of people) await addMembership(t.db, t.owner, { unitId: t.cloud.id, role: 'member', ...p });
    await addMembership(t.db, t.owner, { unitId: t.engineering.id, role: 'member', userId: people[0].userId });

    const pages = await allPages((cursor) => listUnitMembers(t.db, t.cloud.id, { limit: 2, cursor }));
    assert.ok(pages.length >= 3);
    assert.ok(pages.every((p) => p.length <= 2));
    const ids = pages.flat().map((m) => m.userId);
    assert.deepEqual([...ids].sort(), people.map((p) => p.userId).sort());
    assert.ok(pages.flat().every((m) => m.unitId === t.cloud.id && m.role === 'member' && m.email.endsWith('@example.test')));
  });

  test('cursors are bound to their query: tampered or reused elsewhere is a clear error', async () => {
    const t = await tenantWithTree();
    for (const p of ['Ada', 'Grace', 'Linus'].map(person)) await addMembership(t.db, t.owner, { unitId: t.cloud.id, role: 'member', ...p });
    const first = await listUnitMembers(t.db, t.cloud.id, { limit: 1 });
    assert.ok(first.nextCursor);
    await assert.rejects(listUnitMembers(t.db, t.sales.id, { limit: 1, cursor: first.nextCursor }), code('page.badCursor'));
    await assert.rejects(listUnitMembers(t.db, t.cloud.id, { limit: 1, cursor: `${first.nextCursor}x` }), code('page.badCursor'));
    await assert.rejects(listUnitMembers(t.db, t.cloud.id, { limit: 0 }), code('page.badSize'));
    await assert.rejects(listUnitMembers(t.db, t.cloud.id, { limit: 101 }), code('page.badSize'));
    await assert.rejects(listUnitMembers(t.db, 'T#x', {}), code('unit.badId'));
  });

  test('T7 lists every member in a subtree and nothing outside it, across pages', async () => {
    const t = await tenantWithTree();
    const [ada, grace, linus, ken] = ['Ada', 'Grace', 'Linus', 'Ken'].map(person);
    await addMembership(t.db, t.owner, { unitId: t.engineering.id, role: 'manager', ...ada });
    await addMembership(t.db, t.owner, { unitId: t.cloud.id, role: 'member', ...grace });
    await addMembership(t.db, t.owner, { unitId: t.cloud.id, role: 'member', ...linus });
    await addMembership(t.db, t.owner, { unitId: t.sales.id, role: 'member', ...ken });

    const pages = await allPages((cursor) => listSubtreeMembers(t.db, t.engineering.path, { limit: 2, cursor }));
    const rows = pages.flat();
    assert.deepEqual(rows.map((m) => m.userId).sort(), [ada, grace, linus].map((p) => p.userId).sort());
    assert.ok(rows.every((m) => m.unitPath.startsWith(t.engineering.path)));
    const everyone = (await listSubtreeMembers(t.db, t.root.path)).items;
    assert.equal(everyone.length, 5, 'the whole tree: 4 people plus the owner on the root');
    await assert.rejects(listSubtreeMembers(t.db, t.engineering.path.slice(0, -1)), code('unit.badPath'));
    await assert.rejects(listSubtreeMembers(t.db, '/'), code('unit.badPath'));
  });

  test('T8 returns the profile and every membership with names, strongly consistent', async () => {
    const t = await tenantWithTree();
    const ada = person('Ada');
    await addMembership(t.db, t.owner, { unitId: t.cloud.id, role: 'manager', ...ada });
    await addMembership(t.db, t.owner, { unitId: t.sales.id, role: 'member', userId: ada.userId });
    const { user, memberships } = await getUserMemberships(t.db, ada.userId);
    assert.equal(user?.email, ada.email);
    assert.equal(user?.membershipCount, 2);
    const byUnit = Object.fromEntries(memberships.map((m) => [m.unitId, m]));
    assert.equal(byUnit[t.cloud.id].role, 'manager');
    assert.equal(byUnit[t.cloud.id].unitPath, t.cloud.path);
    assert.equal(byUnit[t.sales.id].name, 'Ada');
    assert.deepEqual(await getUserMemberships(t.db, person('Nobody').userId), { user: undefined, memberships: [], deactivated: false });
  });

  test('the member list is sorted by email, flags pending invitations, hides expired ones, filters by prefix', async () => {
    const t = await tenantWithTree();
    for (const name of ['Zed', 'Carol', 'Bob']) await addMembership(t.db, t.owner, { unitId: t.cloud.id, role: 'member', ...person(name) });
    await createInvitation(t.db, t.owner, { email: 'dave@example.test', unitId: t.sales.id, role: 'member' });
    const expired = await createInvitation(t.db, t.owner, { email: 'eve@example.test', unitId: t.sales.id, role: 'member' });
    await directClient().send(new UpdateCommand({
      TableName: tableName(), Key: keys.invitation(t.tenantId, expired.id),
      UpdateExpression: 'SET expiresAt = :past', ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 60 },
    }));

    const rows = (await allPages((cursor) => listTenantMembers(t.db, { limit: 2, cursor }))).flat();
    const label = (r: (typeof rows)[number]) => (r.kind === 'member' ? r.user.email : `invited:${r.invitation.email}`);
    assert.deepEqual(rows.map(label), [
      'bob@example.test', 'carol@example.test', 'invited:dave@example.test', t.ownerEmail, 'zed@example.test',
    ]);
    const filtered = await listTenantMembers(t.db, { emailPrefix: ' C' });
    assert.deepEqual(filtered.items.map(label), ['carol@example.test']);
    await assert.rejects(listTenantMembers(t.db, { emailPrefix: 'a\u0000' }), code('member.badPrefix'));
  });
});
