// The people, audit and settings screen loaders (lib/screens) against DynamoDB Local: how many
// DynamoDB requests each screen costs, what each kind of actor is offered, and the member search
// (names and emails merged, nobody twice across pages).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { authorize } from '../../lib/authz';
import type { TenantDb } from '../../lib/db';
import { createInvitation } from '../../lib/invitations';
import { addMembership, loadActorAccess } from '../../lib/members';
import { renameUnit } from '../../lib/org';
import { readRoleCatalogue } from '../../lib/roles';
import { loadTenantAudit, loadUnitAudit } from '../../lib/screens/audit';
import { loadMemberPage } from '../../lib/screens/member-page';
import { loadMembers, membersPage } from '../../lib/screens/members';
import type { ScreenContext } from '../../lib/screens/screen-context';
import { loadUnitMembers, unitMembersPage } from '../../lib/screens/unit-members';
import { person, tenantWithTree } from '../members/fixtures';
import { countedDb } from '../support/counted-db';

/** A screen context for `userId`, counting the DynamoDB requests its loaders send. */
async function screenContext(db: TenantDb, userId: string, email: string) {
  const access = await loadActorAccess(db, userId);
  const { db: counted, sent } = countedDb(db);
  const ctx = {
    actor: { ...access, email, name: access.profile!.name, db: counted },
    db: counted,
    authorize: (action: never, place: never) => authorize(access, action, place),
  } as unknown as ScreenContext;
  return { ctx, sent, reset: () => sent.splice(0) };
}

describe('people screens', () => {
  test('requests per screen: unit members 1 + pending invitations 1, subtree page 2, members list 1–2 (+T1), member page 2, audit 2', async () => {
    const t = await tenantWithTree('Screens');
    const ada = person('Ada');
    await addMembership(t.db, t.owner, { unitId: t.cloud.id, role: 'member', ...ada });
    await addMembership(t.db, t.owner, { unitId: t.engineering.id, role: 'manager', ...person('Bob') });
    await createInvitation(t.db, t.owner, { email: 'cy@example.test', unitId: t.sales.id, role: 'member' });
    // A running server holds the tenant's role catalogue (lib/roles keeps it a few seconds), which
    // the member screens need for the custom roles they offer; its cold cost is counted in
    // roles-screens.test.ts.
    await readRoleCatalogue(t.db);
    const { ctx, sent, reset } = await screenContext(t.db, t.ownerUserId, t.ownerEmail);

    const engineering = { ...t.engineering, name: 'Engineering' };
    const members = await loadUnitMembers(ctx, engineering);
    // Sent together: T6, and the unit's pending invitations (GSI3) for those who may invite there.
    assert.deepEqual(sent, ['QueryCommand', 'QueryCommand'], 'T6 + pending invitations');
    assert.equal(members.initial.rows.length, 1);
    assert.deepEqual(members.permissions.addRoles, ['manager', 'member']);
    reset();

    const subtree = await unitMembersPage(ctx, engineering, { scope: 'subtree' });
    assert.deepEqual(sent, ['QueryCommand', 'BatchGetCommand'], 'T7 + unit names');
    assert.deepEqual(subtree.rows.map((r) => r.unitName).sort(), ['Cloud', 'Engineering']);
    reset();

    const list = await loadMembers(ctx);
    assert.deepEqual(sent.sort(), ['BatchGetCommand', 'GetCommand', 'QueryCommand'], 'T1, the page, the invitations’ unit names');
    assert.deepEqual(list.page.rows.map((r) => r.kind).sort(), ['invitation', 'member', 'member', 'member']);
    assert.deepEqual(list.inviteRoles, ['owner', 'admin', 'manager', 'member']);
    reset();

    const page = await loadMemberPage(ctx, ada.userId);
    assert.deepEqual(sent, ['QueryCommand', 'BatchGetCommand'], 'T8 + names of the units and their parents');
    assert.deepEqual(page.memberships.map((m) => [m.unitName, m.parents.slice(1)]), [['Cloud', ['Engineering']]]);
    assert.match(page.memberships[0].parents[0], /^Screens /, 'the top unit, by name');
    assert.equal(page.canRemoveFromOrganization, true);
    reset();

    await renameUnit(t.db, { userId: t.ownerUserId, email: t.ownerEmail, name: 'Olga' }, { unitId: t.cloud.id, name: 'Cloud Platform', expectedVersion: 1 });
    const audit = await loadTenantAudit(ctx);
    assert.deepEqual(sent, ['QueryCommand', 'BatchGetCommand'], 'T14 + unit names');
    assert.equal(audit.lines[0].summary, 'renamed Cloud → Cloud Platform');
    assert.equal(audit.lines[0].actor.name, 'Olga');
    assert.match(audit.lines.find((l) => l.action === 'invitation.create')!.summary, /^invited cy@example.test to Sales as member$/);
    assert.match(audit.lines.find((l) => l.action === 'membership.add' && l.summary.includes('ada'))!.summary, /^added ada@example.test to Cloud Platform as member$/);
  });

  test('what a manager and a member are offered, and what they may not open', async () => {
    const t = await tenantWithTree('Offers');
    const manager = person('Mia');
    const member = person('Max');
    await addMembership(t.db, t.owner, { unitId: t.engineering.id, role: 'manager', ...manager });
    await addMembership(t.db, t.owner, { unitId: t.cloud.id, role: 'member', ...member });
    const asManager = (await screenContext(t.db, manager.userId, manager.email)).ctx;
    const asMember = (await screenContext(t.db, member.userId, member.email)).ctx;

    const cloud = { ...t.cloud, name: 'Cloud' };
    const seenByManager = await loadUnitMembers(asManager, cloud);
    assert.deepEqual(seenByManager.permissions, { addRoles: ['manager', 'member'], inviteRoles: ['manager', 'member'] });
    assert.deepEqual(seenByManager.initial.rows.map((r) => [r.roleOptions, r.canRemove]), [[['manager', 'member'], true]]);
    // On Engineering itself the manager may add members but not appoint managers.
    const engineering = await loadUnitMembers(asManager, { ...t.engineering, name: 'Engineering' });
    assert.deepEqual(engineering.permissions.addRoles, ['member']);
    assert.deepEqual(engineering.initial.rows.find((r) => r.isSelf)?.roleOptions, ['manager'], 'managers of a unit are appointed (and changed) from above');

    const seenByMember = await loadUnitMembers(asMember, cloud);
    assert.deepEqual(seenByMember.permissions, { addRoles: [], inviteRoles: [] });
    assert.deepEqual(seenByMember.initial.rows.map((r) => [r.roleOptions, r.canRemove]), [[['member'], false]]);

    await assert.rejects(loadMembers(asManager), (e: Error & { code?: string }) => e.code === 'authz.members.list');
    await assert.rejects(loadTenantAudit(asMember), (e: Error & { code?: string }) => e.code === 'authz.audit.read');
    assert.equal(await loadUnitAudit(asMember, t.cloud), undefined, 'the unit page leaves the history out');
    assert.ok(await loadUnitAudit(asManager, t.cloud));
    // A member page shows only memberships the viewer may read.
    await addMembership(t.db, t.owner, { unitId: t.sales.id, role: 'member', userId: member.userId });
    const maxSeenByMia = await loadMemberPage(asManager, member.userId);
    assert.deepEqual([maxSeenByMia.memberships.map((m) => m.unitName), maxSeenByMia.hidden, maxSeenByMia.canRemoveFromOrganization], [['Cloud'], 1, false]);
  });

  test('member search: names and email prefixes merged, invitations flagged, nobody twice across pages', async () => {
    const t = await tenantWithTree('Search');
    // "sam…" matches some by name, some by email only, some both ways.
    const people = [
      { ...person('x'), name: 'Sam Byname', email: 'zz1@example.test' },
      { ...person('x'), name: 'Other Person', email: 'sam.email@example.test' },
      { ...person('x'), name: 'Sammy Both', email: 'sammy@example.test' },
      ...Array.from({ length: 30 }, (_, i) => ({ ...person('x'), name: `Samuel ${String(i).padStart(2, '0')}`, email: `samuel${i}@example.test` })),
    ];
    for (const p of people) await addMembership(t.db, t.owner, { unitId: t.sales.id, role: 'member', ...p });
    await createInvitation(t.db, t.owner, { email: 'samantha@example.test', unitId: t.cloud.id, role: 'manager' });
    const { ctx } = await screenContext(t.db, t.ownerUserId, t.ownerEmail);

    const seen: string[] = [];
    let invitations = 0;
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await membersPage(ctx, { q: 'SAM', cursor });
      for (const r of page.rows) {
        if (r.kind === 'member') seen.push(r.email);
        else invitations++;
      }
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    assert.ok(pages >= 2, 'more than one page');
    assert.equal(new Set(seen).size, seen.length, 'nobody twice');
    assert.deepEqual(seen.sort(), people.map((p) => p.email).sort());
    assert.equal(invitations, 1);

    const both = await membersPage(ctx, { q: 'sammy' });
    assert.deepEqual(both.rows.map((r) => r.kind === 'member' && r.name), ['Sammy Both']);
    const byEmailOnly = await membersPage(ctx, { q: 'sam.e' });
    assert.deepEqual(byEmailOnly.rows.map((r) => r.kind === 'member' && r.name), ['Other Person']);
  });
});
