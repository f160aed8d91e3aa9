// Erasure of a person (lib/erasure, docs/privacy.md) against the local stack, with the tenant's
// scoped credentials: what goes, what stays pseudonymised, the counters, the other tenant, and
// the refusals (last owner, non-owners, a wrong confirmation, bad input); a namesake, change sets
// and the directory's counters.
import assert from 'node:assert/strict';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { after, describe, test } from 'node:test';
import { entrySources } from '../../lib/api/with-actor';
import { keys } from '../../lib/db';
import { ERASED_EMAIL, ERASED_NAME, erasePerson } from '../../lib/erasure';
import { addMembership, changeRole, loadActorAccess } from '../../lib/members';
import { addOperations, createChangeSet, readChangeSet } from '../../lib/change-sets';
import { countResources, listDirectoryErrors, recordDirectoryError } from '../../lib/scim/directory-config';
import { run as personCli } from '../../scripts/cli/person';
import { runCli } from '../support/cli';
import { directClient, tableName } from '../support/stack';
import { testPlatformDb } from '../support/tenancy';
import { person } from '../members/fixtures';
import { assertMembershipInvariants, snapshotTenant } from '../members/membership-invariants';
import { assertErasedFrom, auditTrail, erasureWorld, itemsNaming } from './support';

const get = async (key: { PK: string; SK: string }) => (await directClient().send(new GetCommand({ TableName: tableName(), Key: key }))).Item;
const code = (expected: string) => (e: Error & { code?: string }) => {
  assert.equal(e.code, expected, e.message);
  return true;
};

describe('erasePerson in one tenant', () => {
  test('nothing in the tenant names her; every event stays with its action; counters exact; her other tenant untouched', async () => {
    const w = await erasureWorld();
    const before = new Map((await auditTrail(w.tenantId)).map((e) => [e.SK as string, e.action as string]));
    assert.ok((await itemsNaming(w.tenantId, [w.ada.email])).length > 10, 'the set-up names her widely');
    const otherBefore = await snapshotTenant(w.other.tenantId, w.other.rootUnitId);

    const report = await erasePerson({ tenant: w.db, platform: testPlatformDb() }, w.owner, { email: w.ada.email.toUpperCase() });

    const [t] = report.tenants;
    assert.equal(report.userId, w.ada.userId);
    assert.deepEqual(
      { memberships: t.memberships, profile: t.profile, sessions: t.sessions, invitationsDeleted: t.invitationsDeleted, invitationsSent: t.invitationsSentPseudonymised },
      { memberships: 3, profile: true, sessions: 1, invitationsDeleted: 1, invitationsSent: 1 },
    );
    assert.equal(t.directoryItems, 4, 'SCIM User, userName claim, both items of the group link');
    assert.ok(t.auditEntriesRewritten >= 8, `rewrote ${t.auditEntriesRewritten}`);

    await assertErasedFrom(w.tenantId, w.ada);

    // The trail: every earlier entry is still there with its action; the erasure added the three
    // removals (lib/members) and its own entry, which does not name her.
    const trail = await auditTrail(w.tenantId);
    const after = new Map(trail.map((e) => [e.SK as string, e.action as string]));
    for (const [id, action] of before) assert.equal(after.get(id), action, `entry ${id} (${action}) kept`);
    const added = trail.filter((e) => !before.has(e.SK as string)).map((e) => e.action).sort();
    assert.deepEqual(added, ['membership.removeFromTenant', 'membership.removeFromTenant', 'membership.removeFromTenant', 'person.erase']);
    const hers = trail.filter((e) => (e.actor as { userId: string }).userId === w.ada.userId);
    assert.equal(hers.length, 2, 'her own actions (placing Bob, inviting Carol) stay hers, by id');
    for (const e of hers) assert.deepEqual(e.actor, { userId: w.ada.userId, email: ERASED_EMAIL, name: ERASED_NAME });
    const roleChange = trail.find((e) => e.action === 'membership.roleChange')!;
    assert.deepEqual(roleChange.target, { type: 'membership', id: `${w.cloud.id}/${w.ada.userId}`, label: ERASED_NAME });
    assert.deepEqual([roleChange.before, roleChange.after], [{ role: 'member' }, { role: 'manager' }], 'the details of the event stay');
    const invited = trail.find((e) => e.action === 'invitation.create' && (e.target as { label: string }).label === `carol@${w.domain}`);
    assert.ok(invited, 'an entry about someone else keeps their name');

    // Counters: unit memberCounts and administrators, ownerCount, every profile's roleCounts.
    await assertMembershipInvariants(w.tenantId, w.rootUnitId);
    for (const unit of [w.rootUnitId, w.cloud.id, w.sales.id]) {
      const stored = await get(keys.unit(w.tenantId, unit));
      assert.equal((stored?.administrators as Record<string, unknown> | undefined)?.[w.ada.userId], undefined, 'no longer an administrator');
    }
    assert.equal((await get(keys.tenantSettings(w.tenantId)))?.ownerCount, 1);
    assert.equal((await get(keys.directoryGroup(w.tenantId, w.groupId)))?.memberCount, 0);

    // The other organization is untouched, so her platform identity stays.
    assert.deepEqual(await snapshotTenant(w.other.tenantId, w.other.rootUnitId), otherBefore);
    assert.equal(report.platform, 'kept');
    assert.deepEqual(report.otherTenants, [w.other.tenantId]);
    assert.ok(await get(keys.user(w.ada.userId)));

    // Asked again: nothing is left to erase.
    await assert.rejects(erasePerson({ tenant: w.db }, w.owner, { userId: w.ada.userId }), code('erasure.personNotFound'));
  });

  test('the last owner is refused before anything changes; so is bad input', async () => {
    const w = await erasureWorld();
    const snapshot = await snapshotTenant(w.tenantId, w.rootUnitId);
    await assert.rejects(erasePerson({ tenant: w.db, platform: testPlatformDb() }, w.owner, { userId: w.ownerUserId }), code('erasure.lastOwner'));
    await assert.rejects(erasePerson({ tenant: w.db }, w.owner, { userId: w.ownerUserId, dryRun: true }), code('erasure.lastOwner'));
    await assert.rejects(erasePerson({ tenant: w.db }, w.owner, {}), code('erasure.noPerson'));
    await assert.rejects(erasePerson({ tenant: w.db }, w.owner, { userId: w.ada.userId, email: w.ada.email }), code('erasure.noPerson'));
    await assert.rejects(erasePerson({ tenant: w.db }, w.owner, { email: 'not an address' }), code('email.invalid'));
    await assert.rejects(erasePerson({ tenant: w.db }, w.owner, { userId: 'x#y' }), code('user.badId'));
    await assert.rejects(erasePerson({ tenant: w.db }, w.owner, { email: `nobody@${w.domain}` }), code('erasure.personNotFound'));
    assert.deepEqual(await snapshotTenant(w.tenantId, w.rootUnitId), snapshot);
    const cli = await runCli(personCli, ['erase', '--tenant', w.tenantId, '--user', w.ownerUserId]);
    assert.equal(cli.code, 1);
    assert.match(cli.out, /last owner/);
    assert.deepEqual(await snapshotTenant(w.tenantId, w.rootUnitId), snapshot);
  });
});

describe('npm run cli -- person erase', () => {
  test('--dry-run counts and writes nothing; --all-tenants erases her everywhere and her platform identity', async () => {
    const w = await erasureWorld();
    const snapshots = async () => [await snapshotTenant(w.tenantId, w.rootUnitId), await snapshotTenant(w.other.tenantId, w.other.rootUnitId)];
    const before = await snapshots();

    const dry = await runCli(personCli, ['erase', '--tenant', w.tenantId, '--email', w.ada.email, '--all-tenants', '--dry-run']);
    assert.equal(dry.code, 0, dry.out);
    assert.match(dry.out, /Would erase person/);
    assert.match(dry.out, new RegExp(`tenant ${w.tenantId}: 3 membership\\(s\\)`));
    assert.match(dry.out, new RegExp(`tenant ${w.other.tenantId}: 1 membership\\(s\\)`));
    assert.match(dry.out, /platform identity would be removed/);
    assert.deepEqual(await snapshots(), before, 'a dry run writes nothing');

    const usage = await runCli(personCli, ['erase', '--tenant', w.tenantId]);
    assert.equal(usage.code, 1);
    assert.match(usage.out, /Usage/);

    const done = await runCli(personCli, ['erase', '--tenant', w.tenantId, '--user', w.ada.userId, '--all-tenants']);
    assert.equal(done.code, 0, done.out);
    assert.match(done.out, /Erased person/);
    assert.match(done.out, /platform identity removed/);
    assert.doesNotMatch(done.out, /lovelace/i, 'the report does not name her');
    await assertErasedFrom(w.tenantId, w.ada);
    await assertErasedFrom(w.other.tenantId, w.ada);
    await assertMembershipInvariants(w.other.tenantId, w.other.rootUnitId);
    assert.equal(await get(keys.user(w.ada.userId)), undefined);
    assert.equal(await get(keys.userEmail(w.ada.email)), undefined);
  });

  test('without --all-tenants the other tenant keeps her, and her identity stays', async () => {
    const w = await erasureWorld();
    const other = await snapshotTenant(w.other.tenantId, w.other.rootUnitId);
    const done = await runCli(personCli, ['erase', '--tenant', w.tenantId, '--user', w.ada.userId]);
    assert.equal(done.code, 0, done.out);
    assert.match(done.out, /platform identity kept: still a member of 1 other organization/);
    await assertErasedFrom(w.tenantId, w.ada);
    assert.deepEqual(await snapshotTenant(w.other.tenantId, w.other.rootUnitId), other);
    assert.ok(await get(keys.userEmail(w.ada.email)));
  });
});

describe('POST /api/v1/members/[userId]/erase (the console)', () => {
  const original = entrySources.load;
  after(() => {
    entrySources.load = original;
  });

  /** Calls the real route handler as `who`. */
  async function asPerson(w: Awaited<ReturnType<typeof erasureWorld>>, who: { userId: string; email: string; name?: string }, userId: string, body: unknown) {
    const actor = { ...(await loadActorAccess(w.db, who.userId)), email: who.email, name: who.name ?? '' };
    entrySources.load = async () => actor;
    const mod = await import('../../app/api/v1/members/[userId]/erase/route');
    const res = await mod.POST(
      new Request(`http://arbor.test/api/v1/members/${userId}/erase`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      { params: Promise.resolve({ userId }) },
    );
    return { status: res.status, json: (await res.json()) as { error?: { code: string }; memberships?: number } };
  }

  test('owners only, with the typed address, never about themselves; the erasure is audited without naming her', async () => {
    const w = await erasureWorld();
    const snapshot = await snapshotTenant(w.tenantId, w.rootUnitId);

    const byAdmin = await asPerson(w, w.ada, w.bob.userId, { confirmEmail: w.bob.email });
    assert.equal(byAdmin.status, 403);
    assert.equal(byAdmin.json.error?.code, 'authz.person.erase', 'an admin may remove people, not erase them');
    const byMember = await asPerson(w, w.bob, w.ada.userId, { confirmEmail: w.ada.email });
    assert.equal(byMember.status, 403);
    const wrong = await asPerson(w, w.owner, w.ada.userId, { confirmEmail: `someone@${w.domain}` });
    assert.equal(wrong.status, 400);
    assert.equal(wrong.json.error?.code, 'erasure.confirmationMismatch');
    const self = await asPerson(w, w.owner, w.ownerUserId, { confirmEmail: w.ownerEmail });
    assert.equal(self.json.error?.code, 'erasure.self');
    assert.deepEqual(await snapshotTenant(w.tenantId, w.rootUnitId), snapshot, 'refusals change nothing');

    const done = await asPerson(w, w.owner, w.ada.userId, { confirmEmail: ` ${w.ada.email.toUpperCase()} ` });
    assert.equal(done.status, 200, JSON.stringify(done.json));
    assert.equal(done.json.memberships, 3);
    await assertErasedFrom(w.tenantId, w.ada);
    const entry = (await auditTrail(w.tenantId)).find((e) => e.action === 'person.erase')!;
    assert.equal((entry.actor as { userId: string }).userId, w.ownerUserId);
    assert.equal((entry.target as { label: string }).label, ERASED_NAME);
  });
});

describe('erasure and other records naming her', () => {
  test('someone else with her name keeps it; change sets lose her name and address, not theirs', async () => {
    const w = await erasureWorld();
    // Another Ada Lovelace (another user id), an admin who changes our Ada's role.
    const namesake = { ...person('Ada Lovelace'), name: w.ada.name };
    await addMembership(w.db, w.owner, { unitId: w.rootUnitId, role: 'admin', ...namesake });
    await changeRole(w.db, namesake, { unitId: w.sales.id, userId: w.ada.userId, role: 'member', expectedVersion: 1 });

    // A draft naming her (its basis keeps her name and address) and the inverses of an applied
    // set that would put her, and her namesake, back.
    const access = await loadActorAccess(w.db, w.ownerUserId);
    const drafter = { userId: w.ownerUserId, email: w.ownerEmail, access };
    const header = await createChangeSet(w.db, drafter, { name: 'Spring' });
    const drafted = await addOperations(w.db, drafter, header.setId, header.version, [{ kind: 'changeRole', userId: w.ada.userId, unitId: w.cloud.id, role: 'member' }]);
    assert.deepEqual(drafted.operations[0]!.basis.people?.[w.ada.userId], { name: w.ada.name, email: w.ada.email });
    const putBack = (who: { userId: string; email: string; name: string }) => ({ kind: 'addMember', userId: who.userId, unitId: w.cloud.id, role: 'member', person: { email: who.email, name: who.name } });
    await directClient().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.changeSetUndo(w.tenantId, header.setId, 1), type: 'changeSetUndo', tenantId: w.tenantId, seq: 1, inverse: [putBack(w.ada), putBack(namesake)] },
      }),
    );

    const report = await erasePerson({ tenant: w.db }, w.owner, { userId: w.ada.userId });
    assert.equal(report.tenants[0]!.changeSetItemsPseudonymised, 2);

    const set = await readChangeSet(w.db, header.setId);
    assert.deepEqual(set.operations[0]!.basis.people?.[w.ada.userId], { name: ERASED_NAME, email: ERASED_EMAIL });
    assert.deepEqual(
      set.undo[0]!.inverse.map((op) => (op.kind === 'addMember' ? op.person : undefined)),
      [{ email: ERASED_EMAIL, name: ERASED_NAME }, { email: namesake.email, name: namesake.name }],
    );
    // The namesake's change of her role: the event, with its actor, as it was.
    const change = (await auditTrail(w.tenantId)).find((e) => e.action === 'membership.roleChange' && (e.actor as { userId: string }).userId === namesake.userId)!;
    assert.deepEqual(change.actor, namesake);
    assert.deepEqual(change.target, { type: 'membership', id: `${w.sales.id}/${w.ada.userId}`, label: ERASED_NAME });
    // Nothing else of hers: her address nowhere, her name only where the namesake's records hold it.
    assert.deepEqual(await itemsNaming(w.tenantId, [w.ada.email, 'King Lovelace']), []);
  });

  test('directory counters move once, with the account: one already marked deleting, an error quoting her address in capitals', async () => {
    const w = await erasureWorld();
    await countResources(w.db, 'userCount', 1);
    await directClient().send(
      new UpdateCommand({ TableName: tableName(), Key: keys.directoryUser(w.tenantId, w.ada.userId), UpdateExpression: 'SET #s = :d', ExpressionAttributeNames: { '#s': 'state' }, ExpressionAttributeValues: { ':d': 'deleting' } }),
    );
    await recordDirectoryError(w.db, { request: 'PATCH /Users/x', status: 409, detail: `${w.ada.email.toUpperCase()} is already placed` });
    await recordDirectoryError(w.db, { request: 'PATCH /Users/y', status: 409, detail: 'someone else' });

    const report = await erasePerson({ tenant: w.db }, w.owner, { userId: w.ada.userId });
    assert.equal(report.tenants[0]!.directoryItems, 5, 'SCIM User, userName claim, both items of the group link, one error');
    assert.equal((await get(keys.directoryConfig(w.tenantId)))?.userCount, 0);
    assert.equal((await get(keys.directoryGroup(w.tenantId, w.groupId)))?.memberCount, 0);
    assert.equal(await get(keys.directoryUser(w.tenantId, w.ada.userId)), undefined);
    assert.deepEqual((await listDirectoryErrors(w.db)).map((e) => e.detail), ['someone else']);
    await assertErasedFrom(w.tenantId, w.ada);

    // Asked again (a crash after the first pass, say): nothing is counted twice.
    await assert.rejects(erasePerson({ tenant: w.db }, w.owner, { userId: w.ada.userId }), code('erasure.personNotFound'));
    assert.equal((await get(keys.directoryConfig(w.tenantId)))?.userCount, 0);
  });
});
