// The cross-site request rule (lib/security/request-origin), decided from headers alone: which
// requests proxy.ts lets through and which it refuses, with which code.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { refuseForgedRequest } from '../../lib/security/request-origin';

const APP = 'http://127.0.0.1:3100';
const JSON_TYPE = 'application/json';

function decide(method: string, pathname: string, headers: Record<string, string>) {
  return refuseForgedRequest({ method, pathname, headers: new Headers(headers) }, APP)?.code;
}

describe('mutating JSON API requests', () => {
  const same = { origin: APP, 'content-type': JSON_TYPE };

  test('same origin and JSON pass, whatever the method', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'delete']) assert.equal(decide(method, '/api/v1/units', same), undefined, method);
    assert.equal(decide('POST', '/api/v1/units', { ...same, 'content-type': 'application/json; charset=utf-8' }), undefined);
    assert.equal(decide('POST', '/api/v1/units', { ...same, 'content-type': 'Application/JSON' }), undefined);
    assert.equal(decide('POST', '/api/v1/units', { ...same, 'sec-fetch-site': 'same-origin' }), undefined);
  });

  test('no Origin passes only when the browser says same-origin', () => {
    assert.equal(decide('PATCH', '/api/v1/units/x', { 'sec-fetch-site': 'same-origin', 'content-type': JSON_TYPE }), undefined);
    for (const site of ['cross-site', 'same-site', 'none']) {
      assert.equal(decide('PATCH', '/api/v1/units/x', { 'sec-fetch-site': site, 'content-type': JSON_TYPE }), 'request.crossOrigin', site);
    }
    assert.equal(decide('PATCH', '/api/v1/units/x', { 'content-type': JSON_TYPE }), 'request.crossOrigin');
  });

  test('any other Origin is refused', () => {
    for (const origin of ['http://evil.example', 'null', 'http://127.0.0.1:3101', 'https://127.0.0.1:3100', 'http://localhost:3100', 'http://sub.127.0.0.1:3100', 'not a url', '']) {
      assert.equal(decide('POST', '/api/v1/units', { origin, 'content-type': JSON_TYPE }), 'request.crossOrigin', origin);
    }
  });

  test('a same-origin Origin with a cross-site Sec-Fetch-Site is refused', () => {
    assert.equal(decide('POST', '/api/v1/units', { ...same, 'sec-fetch-site': 'cross-site' }), 'request.crossOrigin');
  });

  test('anything but JSON is refused, a missing type included', () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/csv', 'application/jsonp', 'application/json-seq', '']) {
      assert.equal(decide('POST', '/api/v1/units', { origin: APP, 'content-type': type }), 'request.contentType', type);
    }
    assert.equal(decide('DELETE', '/api/v1/units/x', { origin: APP }), 'request.contentType');
  });

  test('the origin is checked before the type', () => {
    assert.equal(decide('POST', '/api/v1/units', { origin: 'http://evil.example', 'content-type': 'text/plain' }), 'request.crossOrigin');
  });

  test('a refusal is a 403 with a sentence a person understands', () => {
    const refusal = refuseForgedRequest({ method: 'POST', pathname: '/api/v1/units', headers: new Headers({ origin: 'null' }) }, APP);
    assert.equal(refusal?.kind, 'forbidden');
    assert.match(refusal?.message ?? '', /^[A-Z].{30,}\.$/);
  });
});

describe('API calls with a key (Authorization: Bearer on /api/v1)', () => {
  const bearer = { authorization: 'Bearer arbor_key_x' };

  test('need no Origin: browsers never attach a bearer on their own', () => {
    assert.equal(decide('POST', '/api/v1/units', { ...bearer, 'content-type': JSON_TYPE, 'content-length': '20' }), undefined);
    assert.equal(decide('PATCH', '/api/v1/units/x', { ...bearer, origin: 'http://elsewhere.example', 'content-type': JSON_TYPE, 'content-length': '20' }), undefined);
  });

  test('a body is JSON; without a body no type is needed', () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', '']) {
      assert.equal(decide('POST', '/api/v1/units', { ...bearer, 'content-type': type, 'content-length': '20' }), 'request.contentType', type);
    }
    assert.equal(decide('POST', '/api/v1/units', { ...bearer, 'transfer-encoding': 'chunked' }), 'request.contentType');
    assert.equal(decide('DELETE', '/api/v1/units/x', bearer), undefined);
    assert.equal(decide('POST', '/api/v1/webhooks/x/deliveries/y/resend', { ...bearer, 'content-length': '0' }), undefined);
  });

  test('only under /api/v1: elsewhere a bearer changes nothing about the rule', () => {
    assert.equal(decide('POST', '/api/setup/sso', { ...bearer, 'content-type': JSON_TYPE }), 'request.crossOrigin');
    assert.equal(decide('POST', '/units/x', bearer), 'request.crossOrigin');
  });
});

test("the scheduler's wake-up is a server's call with a bearer only: no origin, no body type", () => {
  assert.equal(decide('POST', '/api/internal/run-due', { authorization: 'Bearer x' }), undefined);
  // A page under another path gains nothing from the name.
  assert.equal(decide('POST', '/api/internals', { authorization: 'Bearer x' }), 'request.crossOrigin');
});

describe('next-auth and server actions', () => {
  test("next-auth's form posts need the origin, not JSON", () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    assert.equal(decide('POST', '/api/auth/signin/sso', { ...form, origin: APP }), undefined);
    assert.equal(decide('POST', '/api/auth/signout', { ...form, 'sec-fetch-site': 'same-origin' }), undefined);
    assert.equal(decide('POST', '/api/auth/signin/sso', { ...form, origin: 'http://evil.example' }), 'request.crossOrigin');
    assert.equal(decide('POST', '/api/authority', { ...form, origin: APP }), 'request.contentType');
  });

  test('server actions (POSTs to pages) need the origin, whatever the body', () => {
    const action = { 'next-action': 'abc', 'content-type': 'text/plain;charset=UTF-8' };
    assert.equal(decide('POST', '/select-tenant', { ...action, origin: APP }), undefined);
    assert.equal(decide('POST', '/sign-in', { 'content-type': 'multipart/form-data; boundary=x', origin: APP }), undefined);
    assert.equal(decide('POST', '/select-tenant', { ...action, origin: 'http://evil.example' }), 'request.crossOrigin');
    assert.equal(decide('POST', '/units/x', { ...action }), 'request.crossOrigin');
  });
});

test('reads pass untouched, from anywhere', () => {
  for (const method of ['GET', 'HEAD', 'OPTIONS']) {
    assert.equal(decide(method, '/api/v1/units', { origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' }), undefined, method);
    assert.equal(decide(method, '/units/x', {}), undefined, method);
  }
});
