import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ulid } from 'ulid';
import { completeSignIn } from '../../lib/auth/complete-sign-in';
import { createInvitation } from '../../lib/invitations';
import { getUserMemberships } from '../../lib/members';
import { OPERATOR_ACTOR } from '../../lib/tenants';
import { getUserByEmail } from '../../lib/users';
import { testPlatformDb, testTenantDb } from '../support/tenancy';
import { claims, deps, ISSUER, memberOf, tenantWithConnection } from './support';

const membershipsOf = async (tenantId: string, email: string) => {
  const user = await getUserByEmail(testPlatformDb(), email);
  return user ? (await getUserMemberships(await testTenantDb(tenantId), user.id)).memberships : [];
};

test('JIT on: an unknown person of a served domain joins as a member of the root unit', async () => {
  const t = await tenantWithConnection({ jit: true });
  const email = `new-${ulid().toLowerCase()}@${t.domain}`;
  const out = await completeSignIn(deps, { tenantId: t.tenantId, connection: t.connection, claims: claims(email) });
  assert.ok(out.ok);
  assert.equal(out.via, 'jit');
  assert.equal(out.session.tenantId, t.tenantId);
  assert.equal(out.session.issuer, ISSUER);
  assert.equal(out.session.email, email);
  const memberships = await membershipsOf(t.tenantId, email);
  assert.deepEqual(memberships.map((m) => [m.unitId, m.role]), [[t.rootUnitId, 'member']]);

  // Signing in again finds the membership; nothing is added twice.
  const again = await completeSignIn(deps, { tenantId: t.tenantId, connection: t.connection, claims: claims(email) });
  assert.ok(again.ok && again.via === 'membership');
  assert.equal((await membershipsOf(t.tenantId, email)).length, 1);
});

test('JIT off: an unknown person is refused and nothing is written to the tenant', async () => {
  const t = await tenantWithConnection({ jit: false });
  const email = `new-${ulid().toLowerCase()}@${t.domain}`;
  const out = await completeSignIn(deps, { tenantId: t.tenantId, connection: t.connection, claims: claims(email) });
  assert.deepEqual(out, { ok: false, code: 'membership.none' });
  assert.deepEqual(await membershipsOf(t.tenantId, email), []);
});

test('JIT never provisions an address outside the domains the connection serves', async () => {
  const t = await tenantWithConnection({ jit: true });
  const out = await completeSignIn(deps, { tenantId: t.tenantId, connection: t.connection, claims: claims(`guest-${ulid().toLowerCase()}@elsewhere.test`) });
  assert.deepEqual(out, { ok: false, code: 'membership.none' });
});

test('a pending invitation becomes a membership at sign-in, even with JIT off', async () => {
  const t = await tenantWithConnection({ jit: false });
  const email = `invited-${ulid().toLowerCase()}@partner.test`;
  await createInvitation(await testTenantDb(t.tenantId), OPERATOR_ACTOR, { email, unitId: t.rootUnitId, role: 'admin' });
  const out = await completeSignIn(deps, { tenantId: t.tenantId, connection: t.connection, claims: claims(email) });
  assert.ok(out.ok && out.via === 'invitation');
  assert.deepEqual((await membershipsOf(t.tenantId, email)).map((m) => m.role), ['admin']);
});

test('an existing member signs in', async () => {
  const t = await tenantWithConnection({ jit: false });
  const user = await memberOf(t);
  const out = await completeSignIn(deps, { tenantId: t.tenantId, connection: t.connection, claims: claims(user.email.toUpperCase()) });
  assert.ok(out.ok && out.via === 'membership');
  assert.equal(out.session.userId, user.id);
});

test('an unverified or missing email is refused before anything is written', async () => {
  const t = await tenantWithConnection({ jit: true });
  const email = `unverified-${ulid().toLowerCase()}@${t.domain}`;
  for (const email_verified of [false, undefined, 'false']) {
    const out = await completeSignIn(deps, { tenantId: t.tenantId, connection: t.connection, claims: claims(email, { email_verified }) });
    assert.deepEqual(out, { ok: false, code: 'email.unverified' });
  }
  assert.equal(await getUserByEmail(testPlatformDb(), email), undefined);
  const noEmail = await completeSignIn(deps, { tenantId: t.tenantId, connection: t.connection, claims: { sub: 'x', email_verified: true } });
  assert.deepEqual(noEmail, { ok: false, code: 'email.missing' });
});
