// A SAML sign-in through lib/saml against a real SAML IdP (the local one, started here so its
// key can also forge): the three steps, just-in-time provisioning, a Test connection, and the
// flow binding that IdP-initiated sign-in gives up only when the tenant turns it on.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ulid } from 'ulid';
import type { SignInFlow } from '../../lib/auth/sign-in-flow';
import { finishSamlSignIn, receiveSamlResponse, startSamlSignIn } from '../../lib/auth/saml-sign-in';
import { serviceProviderUrls } from '../../lib/saml/service-provider';
import { readHealth } from '../../lib/sso/health';
import { readTestResult } from '../../lib/auth/test-connection';
import { DEMO_PASSWORD } from '../../scripts/local-stack/oidc';
import { buildSamlResponse, encodeSamlResponse, startSamlIdp, type LocalSamlIdp } from '../../scripts/local-stack/saml';
import { testTenantDb } from '../support/tenancy';
import { atTheIdp, samlTenantMaker, type SamlTenantMaker } from './support';

let idp: LocalSamlIdp;
let samlTenant: SamlTenantMaker;
before(async () => {
  idp = await startSamlIdp({ port: 0, appUrl: process.env.ARBOR_APP_URL! });
  samlTenant = samlTenantMaker(idp);
});
after(() => idp.stop());

describe('SAML sign-in', () => {
  test('SP-initiated: the response answers this browser\'s request; a new person of a proven domain joins just in time', async () => {
    const t = await samlTenant();
    const email = `new-${ulid().toLowerCase()}@${t.domain}`;
    idp.addUser({ email, name: 'Nina New', password: DEMO_PASSWORD, groups: ['Ops'] });
    const started = await startSamlSignIn({ tenantId: t.tenantId, email }, t.connection, '/select-tenant');
    assert.ok(started.flow.saml?.requestId.startsWith('_'));
    const acs = await receiveSamlResponse(t.tenantId, await atTheIdp(started.url, email));
    assert.ok(acs.ok, JSON.stringify(acs));
    const done = await finishSamlSignIn(t.tenantId, acs.ref, started.flow);
    assert.equal(done.kind, 'session');
    assert.ok(done.kind === 'session' && done.outcome.via === 'jit' && done.outcome.session.email === email && done.outcome.session.issuer === idp.entityId);
    assert.equal((await readHealth(await testTenantDb(t.tenantId))).lastSuccessEmail, email);
    // The kept response was taken: the same reference does nothing a second time.
    assert.deepEqual(await finishSamlSignIn(t.tenantId, acs.ref, started.flow), { kind: 'failed', code: 'sso.flowExpired' });
  });

  test('a response answering another browser\'s request is refused at /complete; posting it again is refused at the ACS', async () => {
    const t = await samlTenant();
    const email = `p-${ulid().toLowerCase()}@${t.domain}`;
    idp.addUser({ email, name: 'Pat', password: DEMO_PASSWORD });
    const mine = await startSamlSignIn({ tenantId: t.tenantId, email }, t.connection, '/');
    const theirs = await startSamlSignIn({ tenantId: t.tenantId, email }, t.connection, '/');
    const response = await atTheIdp(theirs.url, email);
    const acs = await receiveSamlResponse(t.tenantId, response);
    assert.ok(acs.ok);
    assert.deepEqual(await finishSamlSignIn(t.tenantId, acs.ref, mine.flow), { kind: 'failed', code: 'sso.stateMismatch' });
    assert.deepEqual(await finishSamlSignIn(t.tenantId, acs.ref, undefined), { kind: 'failed', code: 'sso.flowExpired' });
    assert.equal((await receiveSamlResponse(t.tenantId, response)).ok, false, 'replayed');
  });

  test('IdP-initiated responses are refused unless the tenant turns them on; then each assertion is used once', async () => {
    const off = await samlTenant();
    const on = await samlTenant({ idpInitiated: true });
    const unsolicited = (tenant: typeof off) => {
      const { entityId, acsUrl } = serviceProviderUrls(tenant.tenantId);
      return encodeSamlResponse(buildSamlResponse({
        idpEntityId: idp.entityId, privateKey: idp.privateKey, certificate: idp.certificate, acsUrl, audience: entityId,
        nameId: `x@${tenant.domain}`, attributes: { email: `x@${tenant.domain}` },
      }));
    };
    assert.deepEqual(await receiveSamlResponse(off.tenantId, unsolicited(off)), { ok: false, code: 'saml.idpInitiatedOff' });
    const response = unsolicited(on);
    const first = await receiveSamlResponse(on.tenantId, response);
    assert.ok(first.ok);
    const done = await finishSamlSignIn(on.tenantId, first.ref, undefined);
    assert.equal(done.kind, 'session');
    assert.deepEqual(await receiveSamlResponse(on.tenantId, response), { ok: false, code: 'saml.replayed' });
  });

  test('a Test connection records what came and what would happen, and signs nobody in', async () => {
    const t = await samlTenant({ jit: false });
    const email = `t-${ulid().toLowerCase()}@${t.domain}`;
    idp.addUser({ email, name: 'Tess Test', password: DEMO_PASSWORD, groups: ['A', 'B'] });
    const flow: SignInFlow = { tenantId: t.tenantId, email: '', test: { testId: 'T'.repeat(24), returnTo: '/settings/sso?test=x' } };
    const started = await startSamlSignIn(flow, t.connection, '/');
    const acs = await receiveSamlResponse(t.tenantId, await atTheIdp(started.url, email));
    assert.ok(acs.ok);
    assert.deepEqual(await finishSamlSignIn(t.tenantId, acs.ref, started.flow), { kind: 'tested', returnTo: '/settings/sso?test=x' });
    const result = await readTestResult(await testTenantDb(t.tenantId), 'T'.repeat(24));
    assert.equal(result?.person?.email, email);
    assert.deepEqual(result?.person?.groups, ['A', 'B']);
    assert.deepEqual(result?.outcome, { ok: false, code: 'membership.none' });
  });
});
