// Sessions recorded in the table: signing in records one, the actor's one Query checks it,
// signing out (one session, or all of a person's) deletes the records in every tenant of theirs.
// Real stack: DynamoDB Local behind the IAM gateway, tenant-scoped and platform credentials.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ulid } from 'ulid';
import { completeSignIn } from '../../lib/auth/complete-sign-in';
import { hasSessionRecord, putSessionRecord, revokeAllSessions, revokeSession, updateSessionOrganizations } from '../../lib/auth/session-records';
import { keys, TTL_ATTRIBUTE, getItem, type TenantDb } from '../../lib/db';
import { getUserMemberships, removeUserFromTenant } from '../../lib/members';
import { OPERATOR_ACTOR } from '../../lib/tenants';
import { isolatedTenancy, testTenantDb } from '../support/tenancy';
import { actorOf, claims, deps, liveSessionFor, memberOf, sessionFor, tenantWithConnection } from './support';
import { rawClient } from '../support/raw-client';

const code = (c: string) => (e: Error & { code?: string }) => e.code === c;
const isLive = async (tenantId: string, s: { userId: string; sessionId: string }) => hasSessionRecord(await testTenantDb(tenantId), s.userId, s.sessionId);

/** A person who belongs to two tenants of the same IdP, as the header's switcher shows them. */
async function twoTenantPerson() {
  const a = await tenantWithConnection({ jit: false, label: 'SessA' });
  const b = await tenantWithConnection({ jit: false, label: 'SessB' });
  const user = await memberOf(a);
  await memberOf(b, user.email);
  return { a, b, user };
}

test('signing in records the session in the tenant, with its expiry as the TTL', async () => {
  const t = await tenantWithConnection({ jit: false });
  const user = await memberOf(t);
  const out = await completeSignIn(deps, { tenantId: t.tenantId, connection: t.connection, claims: claims(user.email), maxAgeSeconds: 600, device: 'Mozilla/5.0 '.repeat(40) });
  assert.ok(out.ok);
  assert.match(out.session.sessionId, /^[A-Za-z0-9_-]{22}$/);

  const item = await getItem(await testTenantDb(t.tenantId), keys.session(t.tenantId, user.id, out.session.sessionId));
  assert.ok(item);
  assert.equal(item.type, 'session');
  assert.equal(item.PK, keys.userPartition(t.tenantId, user.id));
  assert.equal(item.sessionId, out.session.sessionId);
  assert.ok(Math.abs((item[TTL_ATTRIBUTE] as number) - (Date.now() / 1000 + 600)) < 10, 'TTL = the session expiry, epoch seconds');
  assert.ok((item.device as string).length <= 120, 'the device label is bounded');

  // The session the callback is about to put in the cookie resolves at once.
  const actor = await actorOf(deps, { ...out.session, expiresAt: new Date(Date.now() + 600_000) });
  assert.equal(actor.userId, user.id);

  // Continuing a session (tenant switch through another IdP) keeps its id for the same person only.
  const again = await completeSignIn(deps, { tenantId: t.tenantId, connection: t.connection, claims: claims(user.email), continues: { userId: user.id, sessionId: out.session.sessionId } });
  assert.ok(again.ok && again.session.sessionId === out.session.sessionId);
  const other = await completeSignIn(deps, { tenantId: t.tenantId, connection: t.connection, claims: claims(user.email), continues: { userId: ulid(), sessionId: out.session.sessionId } });
  assert.ok(other.ok && other.session.sessionId !== out.session.sessionId);
});

test("the session's record keeps the person's organizations for the header: the actor carries them, a refresh replaces them", async () => {
  const { a, b, user } = await twoTenantPerson();
  const out = await completeSignIn(deps, { tenantId: a.tenantId, connection: a.connection, claims: claims(user.email), maxAgeSeconds: 600 });
  assert.ok(out.ok);
  const actor = await actorOf(deps, { ...out.session, expiresAt: new Date(Date.now() + 600_000) });
  assert.deepEqual(actor.organizations?.map((o) => o.tenantId).sort(), [a.tenantId, b.tenantId].sort());
  await updateSessionOrganizations(await testTenantDb(a.tenantId), user.id, out.session.sessionId, [{ tenantId: a.tenantId, name: 'Only A' }]);
  const again = await actorOf(deps, { ...out.session, expiresAt: new Date(Date.now() + 600_000) });
  assert.deepEqual(again.organizations, [{ tenantId: a.tenantId, name: 'Only A' }]);
  // A signed-out session's record is not brought back by a late refresh.
  await revokeSession(deps, out.session);
  await updateSessionOrganizations(await testTenantDb(a.tenantId), user.id, out.session.sessionId, []);
  assert.equal(await isLive(a.tenantId, out.session), false);
});

test('a refused sign-in records no session', async () => {
  const t = await tenantWithConnection({ jit: false });
  const email = `nobody-${ulid().toLowerCase()}@${t.domain}`;
  const out = await completeSignIn(deps, { tenantId: t.tenantId, connection: t.connection, claims: claims(email) });
  assert.deepEqual(out, { ok: false, code: 'membership.none' });
});

test('a signed-out session is refused on its next request (session.revoked, 401)', async () => {
  const t = await tenantWithConnection({ jit: false });
  const user = await memberOf(t);
  const session = await liveSessionFor(user, t.tenantId);
  await actorOf(deps, session);

  await revokeSession(deps, session);
  await assert.rejects(actorOf(deps, session), (e: Error & { code?: string; kind?: string }) => e.code === 'session.revoked' && e.kind === 'unauthenticated');
  // The person's other sessions are untouched.
  const second = await liveSessionFor(user, t.tenantId);
  await actorOf(deps, second);
  // Signing out again (a second tab, a retry) is harmless.
  await revokeSession(deps, session);
});

test('sign-out deletes the session in every tenant of a two-tenant person', async () => {
  const { a, b, user } = await twoTenantPerson();
  const inA = await liveSessionFor(user, a.tenantId);
  // The tenant switch records the same session in the target (setActiveTenant).
  const inB = { ...inA, tenantId: b.tenantId };
  await putSessionRecord(await testTenantDb(b.tenantId), inB);
  await actorOf(deps, inA);
  await actorOf(deps, inB);

  await revokeSession(deps, inB);
  assert.equal(await isLive(a.tenantId, inA), false);
  assert.equal(await isLive(b.tenantId, inB), false);
  await assert.rejects(actorOf(deps, inA), code('session.revoked'));
  await assert.rejects(actorOf(deps, inB), code('session.revoked'));
});

test('"sign out of all devices" ends every session of the person, in every tenant, and nobody else’s', async () => {
  const { a, b, user } = await twoTenantPerson();
  const laptop = await liveSessionFor(user, a.tenantId);
  const phone = await liveSessionFor(user, b.tenantId);
  const phoneInA = { ...phone, tenantId: a.tenantId };
  await putSessionRecord(await testTenantDb(a.tenantId), phoneInA);
  const colleague = await memberOf(a);
  const theirs = await liveSessionFor(colleague, a.tenantId);

  await revokeAllSessions(deps, laptop);
  for (const s of [laptop, phone, phoneInA]) await assert.rejects(actorOf(deps, s), code('session.revoked'));
  assert.equal(await isLive(a.tenantId, laptop), false);
  assert.equal(await isLive(b.tenantId, phone), false);
  assert.equal(await isLive(a.tenantId, phoneInA), false);
  // Memberships and profile are what they were; only session items went.
  const after = await getUserMemberships(await testTenantDb(a.tenantId), user.id);
  assert.equal(after.user?.userId, user.id);
  assert.equal(after.memberships.length, 1);
  await actorOf(deps, theirs);

  // A copy of a signed-out cookie cannot end the sessions started since.
  const later = await liveSessionFor(user, a.tenantId);
  await revokeAllSessions(deps, laptop);
  await actorOf(deps, later);
});

test('a removed member with a live session is still refused (tenant.notMember)', async () => {
  const t = await tenantWithConnection({ jit: false });
  const user = await memberOf(t);
  const session = await liveSessionFor(user, t.tenantId);
  await removeUserFromTenant(await testTenantDb(t.tenantId), OPERATOR_ACTOR, user.id);
  await assert.rejects(actorOf(deps, session), code('tenant.notMember'));
  // A session id never recorded is refused before anything else.
  await assert.rejects(actorOf(deps, sessionFor(user, t.tenantId)), code('session.revoked'));
});

test('resolving the actor, session check included, is one request: the T8 Query', async () => {
  const t = await tenantWithConnection({ jit: false });
  const user = await memberOf(t);
  const session = await liveSessionFor(user, t.tenantId);
  const tenancy = isolatedTenancy();
  const sent: string[] = [];
  const counted = new WeakSet<object>();
  const counting = async (tenantId: string, o?: { userId?: string }): Promise<TenantDb> => {
    const db = await tenancy.tenantDb(tenantId, o);
    if (!counted.has(db.client)) {
      counted.add(db.client);
      rawClient(db).middlewareStack.add((next, context) => (args) => {
        sent.push(context.commandName ?? '?');
        return next(args);
      }, { step: 'initialize', name: 'countRequests' });
    }
    return db;
  };

  await actorOf({ tenantDb: counting }, session);
  assert.deepEqual(sent, ['QueryCommand']);
  sent.length = 0;
  await revokeSession(deps, session);
  await assert.rejects(actorOf({ tenantDb: counting }, session), code('session.revoked'));
  assert.deepEqual(sent, ['QueryCommand']);
});

test('a sign-out that cannot reach the table says so instead of pretending', async () => {
  const t = await tenantWithConnection({ jit: false });
  const user = await memberOf(t);
  const session = await liveSessionFor(user, t.tenantId);
  const unreachable = { ...deps, tenantDb: async () => { throw Object.assign(new Error('connect ECONNREFUSED'), { name: 'TimeoutError' }); } };
  await assert.rejects(revokeSession(unreachable, session), (e: Error & { code?: string; kind?: string }) =>
    e.code === 'session.signOutFailed' && e.kind === 'unavailable' && /still active/.test(e.message));
  await assert.rejects(revokeAllSessions(unreachable, session), code('session.signOutFailed'));
  // Nothing was deleted: the session still works, as the message says.
  await actorOf(deps, session);
});
