// Invitations that arrive (real stack: tenant-scoped credentials through the IAM gateway, the
// platform items, the SMTP catcher): address checks before anything is written, the link mailed
// and stored only as a hash, single use, replaced by a new link, refused across tenants, the
// resend limit, and the import's checks.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { completeSignIn } from '../../lib/auth/complete-sign-in';
import { previewImport } from '../../lib/bulk';
import { keys } from '../../lib/db';
import {
  getInvitation, invitePeople, listUnitInvitations, MAX_SENDS, renewInvitationLink, resolveInvitationLink, revokeInvitation,
} from '../../lib/invitations';
import { parseInvitationToken } from '../../lib/invitations/invitation-link';
import { loadActorAccess } from '../../lib/members';
import { directClient, tableName } from '../support/stack';
import { linkIn, mailTo, waitForMail } from '../support/mail';
import { testPlatformDb, testTenantDb } from '../support/tenancy';
import { claims, tenantWithConnection } from '../auth/support';
import { snapshotTenant } from '../members/membership-invariants';
import { createUnit } from '../../lib/org';

const platform = testPlatformDb();
const resolveDeps = { platform, tenantDb: (id: string) => testTenantDb(id) };
const signInDeps = { platform, tenantDb: (id: string, o?: { userId?: string }) => testTenantDb(id, o?.userId) };
const code = (expected: string) => (e: Error & { code?: string }) => {
  assert.equal(e.code, expected, e.message);
  return true;
};
const item = async (tenantId: string, id: string) =>
  (await directClient().send(new GetCommand({ TableName: tableName(), Key: keys.invitation(tenantId, id) }))).Item;
const tokenOf = (link: string) => link.slice(link.lastIndexOf('/invite/') + '/invite/'.length);

async function world() {
  const t = await tenantWithConnection({ jit: false, label: 'Links' });
  const db = await testTenantDb(t.tenantId);
  const owner = { userId: t.ownerUserId, email: t.ownerEmail, name: 'Links Owner' };
  const team = await createUnit(db, owner, { parentId: t.rootUnitId, name: 'Team' });
  return { ...t, db, owner, team, deps: { db, platform } };
}

describe('invitations that arrive', () => {
  test('several addresses are invited at once, each mailed a link whose secret is stored only as a hash', async () => {
    const w = await world();
    const emails = [`ada-${ulid().toLowerCase()}@${w.domain}`, `bo-${ulid().toLowerCase()}@${w.domain}`];
    const out = await invitePeople(w.deps, w.owner, { emails: [emails[0].toUpperCase(), emails[1], emails[0]], unit: w.team, role: 'member', ttlDays: 3 });
    assert.deepEqual(out.invitations.map((i) => i.email), emails, 'lower-cased, duplicates once, in order');
    for (const inv of out.invitations) {
      assert.equal(inv.mail, 'sent');
      const [mail] = await waitForMail(inv.email);
      assert.equal(linkIn(mail), inv.link);
      assert.ok(mail.html.includes(inv.link));
      assert.match(mail.subject, /Links Owner invited you to Links/);
      const stored = await item(w.tenantId, inv.id);
      const { secret } = parseInvitationToken(tokenOf(inv.link))!;
      assert.ok(stored?.tokenHash && stored.tokenHash !== secret);
      assert.ok(!JSON.stringify(stored).includes(secret), 'the secret is nowhere in the item');
      assert.equal(stored?.sendCount, 1);
    }
    const pending = await listUnitInvitations(w.db, w.team.id);
    assert.deepEqual(pending.items.map((i) => i.email), emails);

    const again = await invitePeople(w.deps, w.owner, { emails: [emails[0]], unit: w.team, role: 'member' });
    assert.deepEqual(again.invitations, []);
    assert.equal(again.skipped[0].code, 'invitation.exists');
  });

  test('addresses that can never sign in are refused with the reason, and nothing is written', async () => {
    const w = await world();
    const other = await tenantWithConnection({ jit: true, label: 'Elsewhere' });
    const before = await snapshotTenant(w.tenantId, w.rootUnitId);
    const ok = `fine-${ulid().toLowerCase()}@${w.domain}`;
    await assert.rejects(invitePeople(w.deps, w.owner, { emails: [ok, 'someone@gmail.com'], unit: w.team, role: 'member' }), (e: Error & { code?: string; details?: { addresses: { email: string; verdict: string }[] } }) => {
      assert.equal(e.code, 'invitation.addressRefused');
      assert.match(e.message, /gmail\.com is a personal email provider/);
      assert.deepEqual(e.details?.addresses.map((a) => a.verdict), ['consumer']);
      return true;
    });
    await assert.rejects(invitePeople(w.deps, w.owner, { emails: [`x@${other.domain}`], unit: w.team, role: 'member', confirmGuests: true }), (e: Error & { code?: string }) => {
      assert.equal(e.code, 'invitation.addressRefused');
      assert.match(e.message, /signs in to another organization on Arbor/);
      return true;
    });
    const guest = `guest-${ulid().toLowerCase()}@partner-${ulid().toLowerCase()}.test`;
    await assert.rejects(invitePeople(w.deps, w.owner, { emails: [guest], unit: w.team, role: 'member' }), (e: Error & { code?: string }) => {
      assert.equal(e.code, 'invitation.confirmGuests');
      assert.match(e.message, /not a domain your single sign-on serves/);
      return true;
    });
    assert.deepEqual(await snapshotTenant(w.tenantId, w.rootUnitId), before);
    assert.equal((await mailTo(guest)).length, 0);

    const confirmed = await invitePeople(w.deps, w.owner, { emails: [guest], unit: w.team, role: 'member', confirmGuests: true });
    assert.equal(confirmed.invitations.length, 1);
  });

  test('the link resolves in its own tenant only, works once (accepted at sign-in), and a forged one finds nothing', async () => {
    const w = await world();
    const b = await world();
    const email = `ivy-${ulid().toLowerCase()}@${w.domain}`;
    const [inv] = (await invitePeople(w.deps, w.owner, { emails: [email], unit: w.team, role: 'manager' })).invitations;
    const token = tokenOf(inv.link);
    const found = await resolveInvitationLink(resolveDeps, token);
    assert.equal(found.status, 'valid');
    assert.equal(found.status === 'valid' && found.invitation.id, inv.id);
    assert.match(found.status === 'valid' ? found.organization : '', /^Links /);

    const parts = parseInvitationToken(token)!;
    const bBefore = await snapshotTenant(b.tenantId, b.rootUnitId);
    for (const forged of [
      `${b.tenantId}.${parts.invitationId}.${parts.secret}`, // another tenant's id: its scope holds no such invitation
      `${parts.tenantId}.${parts.invitationId}.${'A'.repeat(43)}`,
      `${parts.tenantId}.${ulid()}.${parts.secret}`,
      `${ulid()}.${parts.invitationId}.${parts.secret}`, // no such tenant
      `${token}x`, token.slice(0, -1), '', '../../etc', `${parts.tenantId}.${parts.invitationId}`,
    ]) {
      assert.deepEqual(await resolveInvitationLink(resolveDeps, forged), { status: 'invalid' }, forged);
    }
    assert.deepEqual(await snapshotTenant(b.tenantId, b.rootUnitId), bBefore, "tenant B's items are untouched");

    const out = await completeSignIn(signInDeps, { tenantId: w.tenantId, connection: w.connection, claims: claims(email) });
    assert.equal(out.ok && out.via, 'invitation');
    assert.equal(await item(w.tenantId, inv.id), undefined);
    assert.deepEqual(await resolveInvitationLink(resolveDeps, token), { status: 'invalid' }, 'used: the link works once');
  });

  test('a member of the organization following a link to another unit joins it at sign-in', async () => {
    const w = await world();
    const email = `mo-${ulid().toLowerCase()}@${w.domain}`;
    await invitePeople(w.deps, w.owner, { emails: [email], unit: { id: w.rootUnitId, name: 'root' }, role: 'member' });
    assert.ok((await completeSignIn(signInDeps, { tenantId: w.tenantId, connection: w.connection, claims: claims(email) })).ok);
    const [inv] = (await invitePeople(w.deps, w.owner, { emails: [email], unit: w.team, role: 'manager' })).invitations;
    const out = await completeSignIn(signInDeps, { tenantId: w.tenantId, connection: w.connection, claims: claims(email) });
    assert.equal(out.ok && out.via, 'membership');
    assert.equal(await getInvitation(w.db, inv.id), undefined, 'accepted');
  });

  test('expired and revoked invitations have no valid link', async () => {
    const w = await world();
    const [a, c] = (await invitePeople(w.deps, w.owner, { emails: [`a-${ulid().toLowerCase()}@${w.domain}`, `c-${ulid().toLowerCase()}@${w.domain}`], unit: w.team, role: 'member' })).invitations;
    await directClient().send(new UpdateCommand({
      TableName: tableName(), Key: keys.invitation(w.tenantId, a.id),
      UpdateExpression: 'SET expiresAt = :past', ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 },
    }));
    assert.deepEqual(await resolveInvitationLink(resolveDeps, tokenOf(a.link)), { status: 'invalid' });
    await revokeInvitation(w.db, w.owner, { invitationId: c.id });
    assert.deepEqual(await resolveInvitationLink(resolveDeps, tokenOf(c.link)), { status: 'invalid' });
  });

  test('a new link replaces the old one; resending is limited per invitation', async () => {
    const w = await world();
    const email = `re-${ulid().toLowerCase()}@${w.domain}`;
    const [inv] = (await invitePeople(w.deps, w.owner, { emails: [email], unit: w.team, role: 'member' })).invitations;
    const copied = await renewInvitationLink(w.deps, w.owner, { invitationId: inv.id, delivery: 'copy', unitName: w.team.name });
    assert.equal(copied.mail, 'disabled');
    assert.equal(copied.version, 2);
    assert.deepEqual(await resolveInvitationLink(resolveDeps, tokenOf(inv.link)), { status: 'invalid' }, 'the mailed link was replaced');
    assert.equal((await resolveInvitationLink(resolveDeps, tokenOf(copied.link))).status, 'valid');

    // Sent moments ago (at creation): too soon.
    await assert.rejects(renewInvitationLink(w.deps, w.owner, { invitationId: inv.id, delivery: 'email', unitName: w.team.name }), code('invitation.resendTooSoon'));
    await assert.rejects(renewInvitationLink(w.deps, w.owner, { invitationId: inv.id, expectedVersion: 1, delivery: 'copy', unitName: w.team.name }), code('invitation.versionConflict'));
    const backdate = (count: number) => directClient().send(new UpdateCommand({
      TableName: tableName(), Key: keys.invitation(w.tenantId, inv.id),
      UpdateExpression: 'SET lastSentAt = :t, sendCount = :c', ExpressionAttributeValues: { ':t': Math.floor(Date.now() / 1000) - 61, ':c': count },
    }));
    await backdate(1);
    const resent = await renewInvitationLink(w.deps, w.owner, { invitationId: inv.id, delivery: 'email', unitName: w.team.name });
    assert.equal(resent.mail, 'sent');
    assert.equal(resent.sendCount, 2);
    const mails = await waitForMail(email, 2);
    assert.equal(linkIn(mails[0]), resent.link, 'the newest mail holds the newest link');
    assert.deepEqual(await resolveInvitationLink(resolveDeps, tokenOf(copied.link)), { status: 'invalid' });
    await backdate(MAX_SENDS);
    await assert.rejects(renewInvitationLink(w.deps, w.owner, { invitationId: inv.id, delivery: 'email', unitName: w.team.name }), code('invitation.resendLimit'));
  });

  test('the import preview refuses newcomers who can never sign in and warns about guests', async () => {
    const w = await world();
    const other = await tenantWithConnection({ jit: true, label: 'Elsewhere' });
    const csv = [
      'unit_path,email,name,role',
      `Team,new-${ulid().toLowerCase()}@${w.domain},Nia New,member`,
      'Team,someone@gmail.com,Gus Gmail,member',
      `Team,x@${other.domain},Oscar Other,member`,
      `Team,g@partner-${ulid().toLowerCase()}.test,Gail Guest,member`,
    ].join('\n');
    const preview = await previewImport(w.db, await loadActorAccess(w.db, w.ownerUserId), 'memberships', csv, platform);
    assert.deepEqual(preview.rows.map((r) => r.status), ['add', 'error', 'error', 'add']);
    assert.match(preview.rows[1].message, /personal email provider/);
    assert.match(preview.rows[2].message, /another organization on Arbor/);
    assert.match(preview.rows[3].message, /Note: .* is not a domain your single sign-on serves/);
    assert.doesNotMatch(preview.rows[0].message, /Note/);
    assert.equal(preview.ops.length, 2);
  });
});
