import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { listUnitAudit } from '../../lib/audit';
import { keys } from '../../lib/db';
import {
  acceptInvitations, createInvitation, getInvitationsForEmail, listPendingInvitations, revokeInvitation,
} from '../../lib/invitations';
import { addMembership, getUserMemberships } from '../../lib/members';
import { addMembershipWith } from '../../lib/members/add-membership';
import { consumeInvitation } from '../../lib/invitations/accept-invitations';
import { directClient, tableName } from '../support/stack';
import { lockUnit } from '../support/units';
import { person, tenantWithTree } from '../members/fixtures';
import { assertMembershipInvariants, snapshotTenant } from '../members/membership-invariants';

const get = async (key: { PK: string; SK: string }) =>
  (await directClient().send(new GetCommand({ TableName: tableName(), Key: key }))).Item;
const code = (expected: string) => (e: Error & { code?: string }) => {
  assert.equal(e.code, expected, e.message);
  return true;
};
const expire = (tenantId: string, invitationId: string) =>
  directClient().send(new UpdateCommand({
    TableName: tableName(), Key: keys.invitation(tenantId, invitationId),
    UpdateExpression: 'SET expiresAt = :past', ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 },
  }));

describe('invitations (T13)', () => {
  test('create stores a TTL\'d item listed as pending and by email, with an audit entry', async () => {
    const t = await tenantWithTree();
    const before = Date.now();
    const inv = await createInvitation(t.db, t.owner, { email: ' Ada@Example.test ', unitId: t.cloud.id, role: 'manager', ttlDays: 3 });
    assert.equal(inv.email, 'ada@example.test');
    assert.equal(inv.role, 'manager');
    assert.deepEqual(inv.invitedBy, t.owner);
    const ttl = Date.parse(inv.expiresAt) - before;
    assert.ok(ttl > 3 * 86400_000 - 5000 && ttl <= 3 * 86400_000 + 5000);
    const item = await get(keys.invitation(t.tenantId, inv.id));
    assert.equal(item?.expiresAt, Math.floor(Date.parse(inv.expiresAt) / 1000), 'TTL attribute in epoch seconds');

    assert.deepEqual((await listPendingInvitations(t.db)).items, [inv]);
    assert.deepEqual(await getInvitationsForEmail(t.db, 'ada@example.test'), [inv]);
    assert.equal((await listUnitAudit(t.db, t.cloud.id)).items[0].action, 'invitation.create');
  });

  test('duplicates and existing members are refused; the same email may be invited to another unit', async () => {
    const t = await tenantWithTree();
    const ada = person('Ada');
    await addMembership(t.db, t.owner, { unitId: t.sales.id, role: 'member', ...ada });
    await createInvitation(t.db, t.owner, { email: 'grace@example.test', unitId: t.cloud.id, role: 'member' });
    const before = await snapshotTenant(t.tenantId, t.rootUnitId);
    await assert.rejects(createInvitation(t.db, t.owner, { email: 'grace@example.test', unitId: t.cloud.id, role: 'manager' }), code('invitation.exists'));
    await assert.rejects(createInvitation(t.db, t.owner, { email: ada.email, unitId: t.sales.id, role: 'member' }), code('invitation.alreadyMember'));
    assert.deepEqual(await snapshotTenant(t.tenantId, t.rootUnitId), before);
    await createInvitation(t.db, t.owner, { email: 'grace@example.test', unitId: t.sales.id, role: 'member' });
    await createInvitation(t.db, t.owner, { email: ada.email, unitId: t.cloud.id, role: 'member' });
    assert.equal((await getInvitationsForEmail(t.db, 'grace@example.test')).length, 2);
  });

  test('bad input is refused with typed errors and nothing is written', async () => {
    const t = await tenantWithTree();
    const before = await snapshotTenant(t.tenantId, t.rootUnitId);
    const ok = { email: 'x@example.test', unitId: t.cloud.id, role: 'member' };
    await assert.rejects(createInvitation(t.db, t.owner, { ...ok, email: 'x@' }), code('email.invalid'));
    await assert.rejects(createInvitation(t.db, t.owner, { ...ok, role: 'root' }), code('membership.badRole'));
    await assert.rejects(createInvitation(t.db, t.owner, { ...ok, role: 'admin' }), code('membership.tenantRoleOnRoot'));
    await assert.rejects(createInvitation(t.db, t.owner, { ...ok, unitId: '../x' }), code('unit.badId'));
    await assert.rejects(createInvitation(t.db, t.owner, { ...ok, unitId: '01ARZ3NDEKTSV4RRFFQ69G5FAV' }), code('unit.notFound'));
    await assert.rejects(createInvitation(t.db, t.owner, { ...ok, ttlDays: 0 }), code('invitation.badTtl'));
    await assert.rejects(createInvitation(t.db, t.owner, { ...ok, ttlDays: 31 }), code('invitation.badTtl'));
    await assert.rejects(revokeInvitation(t.db, t.owner, { invitationId: 'nope' }), code('invitation.badId'));
    await assert.rejects(acceptInvitations(t.db, { userId: 'nope', email: 'x@example.test', name: 'X' }), code('user.badId'));
    assert.deepEqual(await snapshotTenant(t.tenantId, t.rootUnitId), before);
  });

  test('accepting at sign-in turns every pending invitation into a membership and consumes it', async () => {
    const t = await tenantWithTree();
    const ada = person('Ada');
    const a = await createInvitation(t.db, t.owner, { email: ada.email, unitId: t.cloud.id, role: 'manager' });
    const b = await createInvitation(t.db, t.owner, { email: ada.email, unitId: t.rootUnitId, role: 'admin' });
    await createInvitation(t.db, t.owner, { email: 'someone.else@example.test', unitId: t.cloud.id, role: 'member' });

    const result = await acceptInvitations(t.db, ada);
    assert.deepEqual(result.accepted.map((r) => r.invitation.id).sort(), [a.id, b.id].sort());
    assert.deepEqual(result.skipped, []);
    const { user, memberships } = await getUserMemberships(t.db, ada.userId);
    assert.equal(user?.membershipCount, 2);
    assert.deepEqual(memberships.map((m) => `${m.unitId}:${m.role}`).sort(), [`${t.cloud.id}:manager`, `${t.rootUnitId}:admin`].sort());
    assert.equal(await get(keys.invitation(t.tenantId, a.id)), undefined);
    assert.equal(await get(keys.invitation(t.tenantId, b.id)), undefined);
    assert.deepEqual((await listPendingInvitations(t.db)).items.map((i) => i.email), ['someone.else@example.test']);
    const [entry] = (await listUnitAudit(t.db, t.cloud.id, { limit: 1 })).items;
    assert.equal(entry.action, 'invitation.accept');
    assert.equal(entry.actor.userId, ada.userId);
    assert.deepEqual(await acceptInvitations(t.db, ada), { accepted: [], skipped: [] }, 'a second sign-in finds nothing');
    await assertMembershipInvariants(t.tenantId, t.rootUnitId);
  });

  test('an expired invitation is neither listed nor accepted', async () => {
    const t = await tenantWithTree();
    const ada = person('Ada');
    const inv = await createInvitation(t.db, t.owner, { email: ada.email, unitId: t.cloud.id, role: 'member' });
    await expire(t.tenantId, inv.id);
    assert.deepEqual((await listPendingInvitations(t.db)).items, []);
    assert.deepEqual(await getInvitationsForEmail(t.db, ada.email), []);
    const result = await acceptInvitations(t.db, ada);
    assert.deepEqual(result, { accepted: [], skipped: [] });
    assert.equal(await get(keys.tenantUser(t.tenantId, ada.userId)), undefined);
    await createInvitation(t.db, t.owner, { email: ada.email, unitId: t.cloud.id, role: 'member' }); // a fresh one is allowed
  });

  test('an invitation that expires or is revoked after it was read does not become a membership', async () => {
    const t = await tenantWithTree();
    const ada = person('Ada');
    // acceptInvitations reads the invitations, then writes one transaction per invitation; these
    // run that transaction after the invitation expired or was revoked since the read.
    const expired = await createInvitation(t.db, t.owner, { email: ada.email, unitId: t.cloud.id, role: 'member' });
    const revoked = await createInvitation(t.db, t.owner, { email: ada.email, unitId: t.sales.id, role: 'member' });
    await expire(t.tenantId, expired.id);
    await revokeInvitation(t.db, t.owner, { invitationId: revoked.id });
    const before = await snapshotTenant(t.tenantId, t.rootUnitId);
    for (const inv of [expired, revoked]) {
      await assert.rejects(
        addMembershipWith(t.db, ada, { unitId: inv.unitId, role: inv.role, ...ada }, consumeInvitation(t.db, inv.id)),
        code('invitation.notFound'),
      );
    }
    assert.deepEqual(await snapshotTenant(t.tenantId, t.rootUnitId), before);
  });

  test('invitations that cannot be accepted now are skipped with a reason, others still land', async () => {
    const t = await tenantWithTree();
    const ada = person('Ada');
    const locked = await createInvitation(t.db, t.owner, { email: ada.email, unitId: t.sales.id, role: 'member' });
    const dup = await createInvitation(t.db, t.owner, { email: ada.email, unitId: t.engineering.id, role: 'member' });
    const fine = await createInvitation(t.db, t.owner, { email: ada.email, unitId: t.cloud.id, role: 'member' });
    await lockUnit(t.tenantId, t.sales.id);
    await addMembership(t.db, t.owner, { unitId: t.engineering.id, role: 'manager', ...ada }); // became a member another way

    const result = await acceptInvitations(t.db, ada);
    assert.deepEqual(result.accepted.map((r) => r.invitation.id), [fine.id]);
    assert.deepEqual(result.skipped.map((s) => [s.invitation.id, s.code]).sort(), [[locked.id, 'unit.locked'], [dup.id, 'membership.exists']].sort());
    assert.ok(await get(keys.invitation(t.tenantId, locked.id)), 'still pending for the next sign-in');
    assert.equal(await get(keys.invitation(t.tenantId, dup.id)), undefined, 'served its purpose');
  });

  test('revoke removes a pending invitation once; a stale version is a conflict', async () => {
    const t = await tenantWithTree();
    const inv = await createInvitation(t.db, t.owner, { email: 'ada@example.test', unitId: t.cloud.id, role: 'member' });
    await assert.rejects(revokeInvitation(t.db, t.owner, { invitationId: inv.id, expectedVersion: 2 }), code('invitation.versionConflict'));
    await revokeInvitation(t.db, t.owner, { invitationId: inv.id, expectedVersion: 1 });
    assert.deepEqual((await listPendingInvitations(t.db)).items, []);
    assert.equal((await listUnitAudit(t.db, t.cloud.id, { limit: 1 })).items[0].action, 'invitation.revoke');
    await assert.rejects(revokeInvitation(t.db, t.owner, { invitationId: inv.id }), code('invitation.notFound'));
  });

  test('pending invitations page oldest first across pages', async () => {
    const t = await tenantWithTree();
    const created = [];
    for (let i = 0; i < 5; i++) created.push(await createInvitation(t.db, t.owner, { email: `p${i}@example.test`, unitId: t.cloud.id, role: 'member' }));
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await listPendingInvitations(t.db, { limit: 2, cursor });
      seen.push(...page.items.map((i) => i.id));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    assert.deepEqual(seen, created.map((i) => i.id));
    assert.ok(pages >= 3);
  });
});
