// The local SAML IdP against a real service provider (@node-saml/node-saml, as the app uses it):
// SP-initiated sign-in by both bindings and IdP-initiated sign-in produce responses the SP
// accepts with the expected NameID and attributes, and the forger's attacks (unsigned, foreign
// key, expired, wrong audience, signature wrapping, comment-truncated NameID) are refused or do
// not yield the truncated identity. Needs no stack: the IdP runs in process.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DOMParser } from '@xmldom/xmldom';
import { SAML, ValidateInResponseTo, type Profile, type SamlConfig } from '@node-saml/node-saml';
import selfsigned from 'selfsigned';
import {
  buildSamlResponse, decodeSamlResponse, encodeSamlResponse, injectNameIdComment, registerSamlUser, SAML_DEMO_USERS,
  startSamlIdp, wrapSignature, type LocalSamlIdp, type SamlResponseOptions,
} from '../../scripts/local-stack/saml';
import { DEMO_PASSWORD } from '../../scripts/local-stack/oidc/demo-accounts';

const APP = 'http://localhost:3000';
const SP_ENTITY_ID = `${APP}/saml/t1`;
const ACS = `${APP}/api/saml/t1/acs`;

let idp: LocalSamlIdp;
before(async () => {
  idp = await startSamlIdp({ port: 0, appUrl: APP, users: SAML_DEMO_USERS });
});
after(() => idp.stop());

const sp = (config: Partial<SamlConfig> = {}) =>
  new SAML({
    entryPoint: idp.ssoUrl, issuer: SP_ENTITY_ID, callbackUrl: ACS, audience: SP_ENTITY_ID, idpCert: idp.certificate,
    wantAssertionsSigned: true, wantAuthnResponseSigned: true, validateInResponseTo: ValidateInResponseTo.never,
    ...config,
  });

/** Hidden fields and action of the first form of an IdP page. */
function form(html: string) {
  const unescape = (s: string) => s.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!);
  const fields = Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\s*\/?>/g)].map((m) => [m[1], unescape(m[2])]));
  return { action: unescape(/<form method="post" action="([^"]*)"/.exec(html)?.[1] ?? ''), fields };
}

async function postForm(url: string, body: Record<string, string>) {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(body) });
}

/** Submits the login page's form; returns the page that posts the SAML Response. */
async function signIn(loginPage: Response, email: string, password = DEMO_PASSWORD, action = 'login') {
  assert.equal(loginPage.status, 200);
  const login = form(await loginPage.text());
  assert.equal(login.action, '/sso/login');
  const res = await postForm(new URL(login.action, idp.ssoUrl).href, { ...login.fields, email, password, action });
  return { status: res.status, html: await res.text() };
}

/** The SP-initiated flow by HTTP-Redirect: the posted form's action and fields. */
async function spInitiated(saml: SAML, email: string, relayState = 'relay-1') {
  const url = await saml.getAuthorizeUrlAsync(relayState, undefined, {});
  const { status, html } = await signIn(await fetch(url), email);
  assert.equal(status, 200, html);
  return form(html);
}

const responseDoc = (samlResponse: string) => new DOMParser().parseFromString(decodeSamlResponse(samlResponse), 'text/xml');
const forge = (o: Partial<SamlResponseOptions> = {}) =>
  buildSamlResponse({
    idpEntityId: idp.entityId, privateKey: idp.privateKey, certificate: idp.certificate, acsUrl: ACS, audience: SP_ENTITY_ID,
    nameId: 'peter@initech.test', attributes: { email: 'peter@initech.test' }, ...o,
  });
const attributesOf = (profile: Profile | null | undefined) => (profile?.attributes ?? {}) as Record<string, unknown>;
const validate = (xml: string, config: Partial<SamlConfig> = {}) => sp(config).validatePostResponseAsync({ SAMLResponse: encodeSamlResponse(xml) });

describe('the local SAML IdP', () => {
  test('serves metadata with its entity id, signing certificate and both SSO bindings', async () => {
    const res = await fetch(idp.metadataUrl);
    assert.equal(res.status, 200);
    const xml = await res.text();
    const cert = idp.certificate.replace(/-----(BEGIN|END) CERTIFICATE-----|\s+/g, '');
    assert.ok(xml.includes(`entityID="${idp.entityId}"`));
    assert.ok(xml.includes(`<ds:X509Certificate>${cert}</ds:X509Certificate>`));
    assert.ok(xml.includes('urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress'));
    for (const binding of ['HTTP-Redirect', 'HTTP-POST']) {
      assert.ok(xml.includes(`Binding="urn:oasis:names:tc:SAML:2.0:bindings:${binding}" Location="${idp.ssoUrl}"`));
    }
  });

  test('SP-initiated (HTTP-Redirect): the signed response is accepted with the NameID and attributes', async () => {
    const saml = sp({ validateInResponseTo: ValidateInResponseTo.always });
    const posted = await spInitiated(saml, 'Milton@Initech.test');
    assert.equal(posted.action, ACS);
    assert.equal(posted.fields.RelayState, 'relay-1');

    const { profile } = await saml.validatePostResponseAsync({ SAMLResponse: posted.fields.SAMLResponse });
    assert.equal(profile?.nameID, 'milton@initech.test');
    assert.equal(profile?.nameIDFormat, 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress');
    assert.equal(profile?.issuer, idp.entityId);
    // node-saml turns a single AttributeValue into a string, several into an array.
    assert.deepEqual(profile?.attributes, {
      email: 'milton@initech.test', givenName: 'Milton', familyName: 'Waddams', displayName: 'Milton Waddams', groups: 'Basement',
    });

    // Structure: each signature right after its Issuer; the request's ID answered twice.
    const doc = responseDoc(posted.fields.SAMLResponse);
    const response = doc.documentElement!;
    const assertion = doc.getElementsByTagNameNS('urn:oasis:names:tc:SAML:2.0:assertion', 'Assertion')[0];
    const childNames = (el: Element) => Array.from(el.childNodes).filter((n) => n.nodeType === 1).map((n) => (n as Element).localName);
    assert.deepEqual(childNames(response), ['Issuer', 'Signature', 'Status', 'Assertion']);
    assert.deepEqual(childNames(assertion), ['Issuer', 'Signature', 'Subject', 'Conditions', 'AuthnStatement', 'AttributeStatement']);
    const requestId = response.getAttribute('InResponseTo');
    assert.match(requestId ?? '', /^_/);
    assert.equal(response.getAttribute('Destination'), ACS);
    const confirmation = doc.getElementsByTagNameNS('urn:oasis:names:tc:SAML:2.0:assertion', 'SubjectConfirmationData')[0];
    assert.equal(confirmation.getAttribute('InResponseTo'), requestId);
    assert.equal(confirmation.getAttribute('Recipient'), ACS);
    assert.equal(doc.getElementsByTagNameNS('urn:oasis:names:tc:SAML:2.0:assertion', 'Audience')[0].textContent, SP_ENTITY_ID);

    // The same response a second time: node-saml's request cache has consumed the ID.
    await assert.rejects(saml.validatePostResponseAsync({ SAMLResponse: posted.fields.SAMLResponse }), /InResponseTo is not valid/);
  });

  test('SP-initiated (HTTP-POST) for a user added through the admin endpoint, with several groups', async () => {
    const base = new URL(idp.ssoUrl).origin;
    await registerSamlUser(base, idp.adminToken, { email: 'bill@initech.test', name: 'Bill Lumbergh', password: 'tps', groups: ['Managers', 'Staff'] });
    const saml = sp({ authnRequestBinding: 'HTTP-POST' });
    const request = form(await saml.getAuthorizeFormAsync('post-relay'));
    assert.equal(request.action, idp.ssoUrl);
    const loginPage = await postForm(request.action, request.fields);
    const { status, html } = await signIn(loginPage, 'bill@initech.test', 'tps');
    assert.equal(status, 200, html);
    const posted = form(html);
    assert.equal(posted.fields.RelayState, 'post-relay');
    const { profile } = await saml.validatePostResponseAsync({ SAMLResponse: posted.fields.SAMLResponse });
    assert.equal(profile?.nameID, 'bill@initech.test');
    assert.deepEqual(attributesOf(profile).groups, ['Managers', 'Staff']);
  });

  test('IdP-initiated: no InResponseTo anywhere; accepted unless the SP demands one', async () => {
    const url = `${new URL(idp.ssoUrl).origin}/idp-initiated?${new URLSearchParams({ acs: ACS, audience: SP_ENTITY_ID, relayState: '/home' })}`;
    const { html } = await signIn(await fetch(url), 'peter@initech.test');
    const posted = form(html);
    assert.equal(posted.action, ACS);
    assert.equal(posted.fields.RelayState, '/home');
    assert.ok(!decodeSamlResponse(posted.fields.SAMLResponse).includes('InResponseTo'));
    const { profile } = await sp().validatePostResponseAsync({ SAMLResponse: posted.fields.SAMLResponse });
    assert.equal(profile?.nameID, 'peter@initech.test');
    assert.equal(attributesOf(profile).givenName, 'Peter');
    await assert.rejects(sp({ validateInResponseTo: ValidateInResponseTo.always }).validatePostResponseAsync({ SAMLResponse: posted.fields.SAMLResponse }));
  });

  test('wrong password shows the form again; cancel and passive requests answer with signed failures', async () => {
    const saml = sp();
    const wrong = await signIn(await fetch(await saml.getAuthorizeUrlAsync('', undefined, {})), 'peter@initech.test', 'nope');
    assert.equal(wrong.status, 401);
    assert.match(wrong.html, /role="alert">Wrong email or password/);
    assert.ok(!wrong.html.includes('SAMLResponse'));

    const cancelled = await signIn(await fetch(await saml.getAuthorizeUrlAsync('', undefined, {})), '', '', 'cancel');
    const failure = form(cancelled.html).fields.SAMLResponse;
    assert.match(decodeSamlResponse(failure), /status:Responder"><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:AuthnFailed"/);
    await assert.rejects(saml.validatePostResponseAsync({ SAMLResponse: failure }), /Responder error: The user cancelled the sign-in/);

    const passive = sp({ passive: true });
    const res = await fetch(await passive.getAuthorizeUrlAsync('', undefined, {}));
    const noPassive = form(await res.text()).fields.SAMLResponse;
    assert.deepEqual(await passive.validatePostResponseAsync({ SAMLResponse: noPassive }), { profile: null, loggedOut: false });
  });

  test('ACS URLs outside the app are refused like unregistered redirects', async () => {
    for (const callbackUrl of ['http://localhost:3000.evil.test/api/saml/t1/acs', 'http://evil.test/acs', 'https://localhost:3000/acs']) {
      const res = await fetch(await sp({ callbackUrl }).getAuthorizeUrlAsync('', undefined, {}));
      assert.equal(res.status, 400, callbackUrl);
      assert.match(await res.text(), /Unknown AssertionConsumerServiceURL/);
    }
    const idpInit = await fetch(`${new URL(idp.ssoUrl).origin}/idp-initiated?${new URLSearchParams({ acs: 'http://evil.test/acs', audience: SP_ENTITY_ID })}`);
    assert.equal(idpInit.status, 400);
    assert.equal((await fetch(`${idp.ssoUrl}?SAMLRequest=bm90IHhtbA`)).status, 400);
  });

  test('the admin endpoint wants the bearer token and a bounded, well-formed body', async () => {
    const url = `${new URL(idp.ssoUrl).origin}/__admin/users`;
    const user = { email: 'x@initech.test', name: 'X', password: 'x' };
    const post = (body: string, token = idp.adminToken) => fetch(url, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body });
    assert.equal((await post(JSON.stringify(user), 'wrong')).status, 403);
    assert.equal((await post('{"email":1}')).status, 400);
    assert.equal((await post(JSON.stringify({ ...user, pad: 'x'.repeat(70_000) }))).status, 413);
    assert.equal((await post(JSON.stringify(user))).status, 204);
  });
});

describe('forged responses', () => {
  test('the forger with default options produces what node-saml accepts', async () => {
    const { profile } = await validate(forge());
    assert.equal(profile?.nameID, 'peter@initech.test');
  });

  test('unsigned, half-signed, foreign-key, expired and wrong-audience responses are refused', async () => {
    const attacker = await selfsigned.generate([{ name: 'commonName', value: 'attacker' }], { keySize: 2048, algorithm: 'sha256' });
    const hour = 3_600_000;
    const cases: [string, string, RegExp][] = [
      ['unsigned', forge({ sign: { response: false, assertion: false } }), /Invalid document signature/],
      ['only the response signed', forge({ sign: { response: true, assertion: false } }), /Invalid signature/],
      ['only the assertion signed', forge({ sign: { response: false, assertion: true } }), /Invalid document signature/],
      ['signed by another key', forge({ privateKey: attacker.private, certificate: attacker.cert }), /Invalid document signature/],
      ['expired', forge({ issueInstant: new Date(Date.now() - 2 * hour), notBefore: new Date(Date.now() - 2 * hour), notOnOrAfter: new Date(Date.now() - hour) }), /expired/],
      ['for another SP', forge({ audience: 'http://localhost:3000/saml/other' }), /audience mismatch/],
    ];
    for (const [name, xml, error] of cases) await assert.rejects(validate(xml), error, name);
    // Assertion-only signatures are fine when the SP does not insist on the response signature.
    const { profile } = await validate(forge({ sign: { response: false, assertion: true } }), { wantAuthnResponseSigned: false });
    assert.equal(profile?.nameID, 'peter@initech.test');
  });

  test('signature wrapping (XSW3, XSW4, XSW7) is refused', async () => {
    const genuine = forge({ nameId: 'milton@initech.test', attributes: { email: 'milton@initech.test' } });
    for (const variant of ['xsw3', 'xsw4', 'xsw7'] as const) {
      const wrapped = wrapSignature(genuine, 'peter@initech.test', variant);
      const response = new DOMParser().parseFromString(wrapped, 'text/xml').documentElement!;
      const nameIds = Array.from(response.getElementsByTagNameNS('urn:oasis:names:tc:SAML:2.0:assertion', 'NameID')).map((n) => n.textContent).sort();
      assert.deepEqual(nameIds, ['milton@initech.test', 'peter@initech.test'], `${variant}: the signed assertion is kept, an evil one added`);
      const firstAssertion = Array.from(response.childNodes).find((n) => (n as Element).localName === 'Assertion') as Element;
      const naive = firstAssertion.getElementsByTagNameNS('urn:oasis:names:tc:SAML:2.0:assertion', 'NameID')[0].textContent;
      assert.equal(naive, 'peter@initech.test', `${variant}: the Response's first Assertion is the evil one`);
      await assert.rejects(validate(wrapped), /Invalid document signature/, variant);
      await assert.rejects(validate(wrapped, { wantAuthnResponseSigned: false }), /Invalid signature/, variant);
    }
  });

  test('a comment in the NameID keeps the signature valid but node-saml reads the whole, signed NameID', async () => {
    const genuine = forge({ nameId: 'victim@acme.test.evil.test', attributes: { email: 'victim@acme.test.evil.test' } });
    const injected = injectNameIdComment(genuine, 'victim@acme.test');
    assert.ok(injected.includes('>victim@acme.test<!---->.evil.test</saml:NameID>'));
    const naive = new DOMParser().parseFromString(injected, 'text/xml').getElementsByTagNameNS('urn:oasis:names:tc:SAML:2.0:assertion', 'NameID')[0];
    assert.equal(naive.firstChild?.nodeValue, 'victim@acme.test', 'a reader of the first text node is fooled');

    const { profile } = await validate(injected);
    assert.equal(profile?.nameID, 'victim@acme.test.evil.test');
    assert.equal(attributesOf(profile).email, 'victim@acme.test.evil.test');
  });
});
