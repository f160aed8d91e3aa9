import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkTenantSwitch } from '../../lib/auth/tenant-switch';
import { removeUserFromTenant } from '../../lib/members';
import { OPERATOR_ACTOR } from '../../lib/tenants';
import { testTenantDb } from '../support/tenancy';
import { putSessionRecord } from '../../lib/auth/session-records';
import { actorOf, deps, liveSessionFor, memberOf, sessionFor, tenantWithConnection } from './support';

const code = (c: string) => (e: Error & { code?: string }) => e.code === c;

test('the actor is re-read on every call: removal takes effect on the next request', async () => {
  const t = await tenantWithConnection({ jit: false });
  const user = await memberOf(t);
  const session = await liveSessionFor(user, t.tenantId);

  const actor = await actorOf(deps, session);
  assert.equal(actor.userId, user.id);
  assert.equal(actor.tenantId, t.tenantId);
  assert.equal(actor.db.tenantId, t.tenantId);
  assert.deepEqual(actor.memberships.map((m) => [m.unitId, m.role]), [[t.rootUnitId, 'member']]);

  await removeUserFromTenant(await testTenantDb(t.tenantId), OPERATOR_ACTOR, user.id);
  await assert.rejects(actorOf(deps, session), (e: Error & { code?: string; kind?: string }) =>
    e.code === 'tenant.notMember' && e.kind === 'forbidden');
});

test('a session naming a tenant the person never belonged to is refused', async () => {
  const mine = await tenantWithConnection({ jit: false });
  const other = await tenantWithConnection({ jit: false });
  const user = await memberOf(mine);
  const session = sessionFor(user, other.tenantId);
  await assert.rejects(actorOf(deps, session), code('session.revoked'), 'never recorded there');
  // Even with a record there (never written for a non-member), the membership decides.
  await putSessionRecord(await testTenantDb(other.tenantId), session);
  await assert.rejects(actorOf(deps, session), code('tenant.notMember'));
});

test('switching tenant: same issuer switches, another issuer needs a new sign-in, non-members are refused', async () => {
  const home = await tenantWithConnection({ jit: false });
  const sameIdp = await tenantWithConnection({ jit: false });
  const otherIdp = await tenantWithConnection({ jit: false, issuer: 'https://login.other-idp.test' });
  const stranger = await tenantWithConnection({ jit: false });
  const user = await memberOf(home);
  await memberOf(sameIdp, user.email);
  await memberOf(otherIdp, user.email);
  const session = sessionFor(user, home.tenantId);

  assert.equal(await checkTenantSwitch(deps, session, sameIdp.tenantId), 'switch');
  assert.equal(await checkTenantSwitch(deps, session, otherIdp.tenantId), 'reauthenticate');
  await assert.rejects(checkTenantSwitch(deps, session, stranger.tenantId), code('tenant.notMember'));
  for (const bad of ['', 'T#x', '*', 42, undefined]) await assert.rejects(checkTenantSwitch(deps, session, bad), code('tenant.notMember'));
});
