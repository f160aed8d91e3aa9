// Hostile SAML documents at the ACS and in IdP metadata, through the real handlers against the
// local stack: deep nesting, a DOCTYPE with entities, too many elements or attributes, and bodies
// over the cap however they arrive are refused before any XML parser or signature check runs:
// quickly, with their own failure code, and with no session.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { handleSamlAcs } from '../../lib/auth/saml-flow';
import { isArborError } from '../../lib/errors';
import { fetchIdpMetadata, parseIdpMetadata } from '../../lib/saml';
import { startSamlSignIn } from '../../lib/auth/saml-sign-in';
import { serviceProviderUrls } from '../../lib/saml/service-provider';
import { MAX_XML_ATTRIBUTES, MAX_XML_DEPTH, MAX_XML_ELEMENTS, xmlShapeRefusal } from '../../lib/saml/xml-shape';
import { readHealth } from '../../lib/sso/health';
import { buildSamlResponse, encodeSamlResponse, startSamlIdp, type LocalSamlIdp } from '../../scripts/local-stack/saml';
import { testTenantDb } from '../support/tenancy';
import { samlPerson, samlTenantMaker } from './support';

const APP = process.env.ARBOR_APP_URL!.replace(/\/+$/, '');

let idp: LocalSamlIdp;
before(async () => {
  idp = await startSamlIdp({ port: 0, appUrl: APP });
});
after(() => idp.stop());

/** `inner` placed just inside the root element of `xml`. */
const inside = (xml: string, inner: string) => {
  const root = xml.indexOf('>', xml.indexOf('<samlp:Response')) + 1;
  return xml.slice(0, root) + inner + xml.slice(root);
};
const nested = (levels: number) => '<x>'.repeat(levels) + '</x>'.repeat(levels);
const LAUGHS = '<!DOCTYPE r [<!ENTITY a "ha"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>';

/** The hostile documents, each built around a correctly signed response answering a live request. */
function hostileDocuments(signed: string): [name: string, xml: string, refusal: ReturnType<typeof xmlShapeRefusal>][] {
  return [
    ['20,000 nested elements (~250 KB)', inside(signed, nested(20_000)), 'tooDeep'],
    ['one level deeper than the limit', inside(signed, nested(MAX_XML_DEPTH)), 'tooDeep'],
    ['a DOCTYPE with nested entities', signed.replace(/^(<\?xml[^>]*\?>)?/, `$1${LAUGHS}`), 'doctype'],
    ['an entity declaration alone', inside(signed, '<!ENTITY e SYSTEM "file:///etc/passwd">'), 'doctype'],
    ['too many elements', inside(signed, '<x/>'.repeat(MAX_XML_ELEMENTS)), 'tooManyElements'],
    ['too many attributes', inside(signed, `<x ${Array.from({ length: MAX_XML_ATTRIBUTES }, (_, i) => `a${i}="1"`).join(' ')}/>`), 'tooManyAttributes'],
    ['an unterminated comment', inside(signed, '<!-- '), 'malformed'],
  ];
}

async function startedSignIn() {
  const t = await samlTenantMaker(idp)({ jit: true });
  const email = samlPerson(idp, t.domain);
  // A live request id, as anyone gets by starting a sign-in for an address of the domain.
  const started = await startSamlSignIn({ tenantId: t.tenantId, email }, t.connection, '/');
  const { entityId, acsUrl } = serviceProviderUrls(t.tenantId);
  const signed = buildSamlResponse({
    idpEntityId: idp.entityId, privateKey: idp.privateKey, certificate: idp.certificate, acsUrl, audience: entityId,
    nameId: email, attributes: { email }, inResponseTo: started.flow.saml!.requestId,
  });
  return { t, signed };
}

const acsRequest = (tenantId: string, body: BodyInit, headers: Record<string, string> = {}) =>
  new Request(`${APP}/api/saml/${tenantId}/acs`, { method: 'POST', body, headers, duplex: 'half' } as RequestInit);

describe('the bounded look at XML before parsing', () => {
  test('a real signed response passes; each hostile shape is named', async () => {
    const { signed } = await startedSignIn();
    assert.equal(xmlShapeRefusal(signed), undefined);
    assert.equal(xmlShapeRefusal(inside(signed, nested(MAX_XML_DEPTH - 10))), undefined);
    for (const [name, xml, refusal] of hostileDocuments(signed)) assert.equal(xmlShapeRefusal(xml), refusal, name);
    // Markup characters inside quoted values, comments and CDATA are not markup.
    assert.equal(xmlShapeRefusal('<?xml version="1.0"?><!-- <a><b> --><r v="a>b<c"><![CDATA[<x><y>]]><e/></r>'), undefined);
  });

  test('100,000 levels are refused in a few milliseconds', () => {
    const xml = nested(100_000);
    const started = performance.now();
    assert.equal(xmlShapeRefusal(xml), 'tooDeep');
    assert.ok(performance.now() - started < 50, `${performance.now() - started} ms`);
  });
});

describe('the ACS refuses hostile documents before parsing them', () => {
  test('each is refused quickly with its code, no session, and the failure on record', async () => {
    const { t, signed } = await startedSignIn();
    for (const [name, xml] of hostileDocuments(signed)) {
      const started = performance.now();
      const response = await handleSamlAcs(acsRequest(t.tenantId, new URLSearchParams({ SAMLResponse: encodeSamlResponse(xml) })), t.tenantId);
      const took = performance.now() - started;
      assert.equal(response.status, 303, name);
      assert.equal(response.headers.get('location'), '/sign-in/error?code=saml.unsafeXml', name);
      assert.equal(response.headers.getSetCookie().length, 0, `${name}: no cookie`);
      // Unchecked, the 20,000 levels alone held the event loop for 4–6 s; the bound leaves room
      // for the two DynamoDB round trips on a busy machine.
      assert.ok(took < 3_000, `${name}: ${Math.round(took)} ms`);
    }
    assert.equal((await readHealth(await testTenantDb(t.tenantId))).lastFailureCode, 'saml.unsafeXml');
  });

  test('a body over the cap is refused as it streams in, with no Content-Length (chunked)', async () => {
    const { t } = await startedSignIn();
    const CHUNK = 64 * 1024;
    let pulled = 0;
    const eightMegabytes = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= 8 * 1024 * 1024) return controller.close();
        pulled += CHUNK;
        controller.enqueue(new TextEncoder().encode(`${pulled === CHUNK ? 'SAMLResponse=' : ''}${'A'.repeat(CHUNK)}`.slice(0, CHUNK)));
      },
    });
    const response = await handleSamlAcs(acsRequest(t.tenantId, eightMegabytes, { 'content-type': 'application/x-www-form-urlencoded' }), t.tenantId);
    assert.equal(response.headers.get('location'), '/sign-in/error?code=saml.tooLarge');
    assert.ok(pulled < 1.2 * 1024 * 1024, `read ${pulled} bytes of 8 MB`);
  });

  test('a Content-Length over the cap is refused without reading', async () => {
    const { t } = await startedSignIn();
    const response = await handleSamlAcs(acsRequest(t.tenantId, 'SAMLResponse=x', { 'content-length': String(8 * 1024 * 1024) }), t.tenantId);
    assert.equal(response.headers.get('location'), '/sign-in/error?code=saml.tooLarge');
  });
});

describe('IdP metadata gets the same look', () => {
  let server: Server;
  let sent = 0;
  let metadataUrl = '';
  before(async () => {
    server = createServer((_req, res) => {
      // Chunked, no Content-Length, far larger than any metadata.
      res.writeHead(200, { 'content-type': 'application/samlmetadata+xml' });
      const write = () => {
        while (sent < 8 * 1024 * 1024) {
          sent += 16 * 1024;
          if (!res.write(`<x>${'y'.repeat(16 * 1024 - 7)}</x>`)) return void res.once('drain', write);
        }
        res.end();
      };
      res.on('error', () => undefined);
      write();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    metadataUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/metadata`;
  });
  after(() => server.close());

  const refusedWith = async (run: () => unknown, pattern: RegExp) => {
    try {
      await run();
    } catch (e) {
      assert.ok(isArborError(e) && e.code === 'saml.badMetadata', String(e));
      assert.match(e.message, pattern);
      return;
    }
    assert.fail('accepted');
  };

  test('deep, declared or crowded metadata is refused before parsing', async () => {
    const md = (inner: string) => `<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="x">${inner}</md:EntityDescriptor>`;
    await refusedWith(() => parseIdpMetadata(md(nested(20_000))), /levels deep/);
    await refusedWith(() => parseIdpMetadata(`${LAUGHS}${md('')}`), /DOCTYPE/);
    await refusedWith(() => parseIdpMetadata(md('<x/>'.repeat(MAX_XML_ELEMENTS))), /elements/);
  });

  test('a chunked metadata answer over 256 KB stops being read at the cap', async () => {
    await refusedWith(() => fetchIdpMetadata(metadataUrl), /larger than 256 KB/);
    assert.ok(sent < 8 * 1024 * 1024, `the server sent all ${sent} bytes`);
  });
});
