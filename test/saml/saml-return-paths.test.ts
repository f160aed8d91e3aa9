// Where a SAML sign-in ends, through its real entry points (next-auth's sign-in POST as the SAML
// flow answers it, the ACS, /complete) with the local SAML IdP in between: whatever return
// address the sign-in was started with, /complete answers a redirect that stays on this site,
// with the session, and never a 5xx.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { NextRequest } from 'next/server';
import { flowCookieName, sessionCookieName } from '../../lib/auth/cookies';
import { handleSamlAcs, handleSamlComplete, samlSignInRedirect } from '../../lib/auth/saml-flow';
import { startSamlIdp, type LocalSamlIdp } from '../../scripts/local-stack/saml';
import { HOSTILE_RETURN_PATHS } from '../support/hostile-return-paths';
import { atTheIdp, samlPerson, samlTenantMaker } from './support';

const APP = process.env.ARBOR_APP_URL!.replace(/\/+$/, '');
const appOrigin = new URL(APP).origin;

let idp: LocalSamlIdp;
before(async () => {
  idp = await startSamlIdp({ port: 0, appUrl: APP });
});
after(() => idp.stop());

const cookieValue = (response: Response, name: string) =>
  response.headers.getSetCookie().find((c) => c.startsWith(`${name}=`))?.split(';')[0].slice(name.length + 1);

/** Starts a SAML sign-in with `callbackUrl` as the sign-in page posts it, and follows it to its end. */
async function signInReturningTo(t: Awaited<ReturnType<ReturnType<typeof samlTenantMaker>>>, email: string, callbackUrl: string) {
  const start = await samlSignInRedirect(
    new NextRequest(`${APP}/api/auth/signin/sso`, { method: 'POST', body: new URLSearchParams({ callbackUrl, json: 'true' }) }),
    { tenantId: t.tenantId, email }, t.connection,
  );
  const flow = cookieValue(start, flowCookieName())!;
  const { url } = (await start.json()) as { url: string };
  const form = new URLSearchParams({ SAMLResponse: await atTheIdp(url, email) });
  const acs = await handleSamlAcs(new Request(`${APP}/api/saml/${t.tenantId}/acs`, { method: 'POST', body: form }), t.tenantId);
  assert.equal(acs.status, 303);
  const complete = acs.headers.get('location')!;
  assert.match(complete, /^\/api\/saml\/[^/]+\/complete\?ref=/);
  return handleSamlComplete(new NextRequest(`${APP}${complete}`, { headers: { cookie: `${flowCookieName()}=${flow}` } }), t.tenantId);
}

describe('SAML sign-in return addresses', () => {
  test('every hostile return address ends on this site, signed in, with no 5xx', async () => {
    const t = await samlTenantMaker(idp)();
    const email = samlPerson(idp, t.domain);
    for (const [name, raw] of HOSTILE_RETURN_PATHS) {
      const done = await signInReturningTo(t, email, raw);
      assert.equal(done.status, 302, name);
      const location = done.headers.get('location')!;
      assert.equal(new URL(location, `${APP}/api/saml/x/complete`).origin, appOrigin, `${name}: ${location}`);
      assert.match(location, /^\/(?!\/)[\x21-\x7e]*$/, name);
      assert.ok(cookieValue(done, sessionCookieName()), `${name}: signed in`);
    }
  });

  test('a path on this site, absolute or not, is where the sign-in ends', async () => {
    const t = await samlTenantMaker(idp)();
    const email = samlPerson(idp, t.domain);
    assert.equal((await signInReturningTo(t, email, '/units/01J?tab=members')).headers.get('location'), '/units/01J?tab=members');
    assert.equal((await signInReturningTo(t, email, `${APP}/select-tenant?next=%2Funits`)).headers.get('location'), '/select-tenant?next=%2Funits');
  });
});
