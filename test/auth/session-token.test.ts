import { test } from 'node:test';
import assert from 'node:assert/strict';
import { encode } from 'next-auth/jwt';
import { decodeSessionToken, encodeSessionToken, newSessionId } from '../../lib/auth/session-token';
import { safeReturnTo } from '../../lib/auth/return-to';
import { decodeFlow, encodeFlow } from '../../lib/auth/sign-in-flow';
import { classify } from '../../lib/auth/route-handler';

const claims = { userId: '01J0000000000000000000USER', email: 'a@acme.test', name: 'A', tenantId: '01J00000000000000000TENANT', issuer: 'https://idp.test', sessionId: newSessionId() };

test('a session round-trips, carrying the active tenant, issuer and session id', async () => {
  const state = await decodeSessionToken(await encodeSessionToken(claims, 600));
  assert.equal(state.status, 'active');
  assert.ok(state.status === 'active');
  assert.deepEqual({ ...state.session, expiresAt: undefined }, { ...claims, expiresAt: undefined });
  assert.ok(Math.abs(state.session.expiresAt.getTime() - (Date.now() + 600_000)) < 5_000);
});

test('missing, expired, tampered and foreign sessions are told apart and none is accepted', async () => {
  assert.deepEqual(await decodeSessionToken(undefined), { status: 'none' });
  assert.deepEqual(await decodeSessionToken(await encodeSessionToken(claims, -60)), { status: 'expired' });
  const token = await encodeSessionToken(claims, 600);
  const flipped = token.slice(0, -6) + (token.endsWith('AAAAAA') ? 'BBBBBB' : 'AAAAAA');
  assert.deepEqual(await decodeSessionToken(flipped), { status: 'invalid' });
  assert.deepEqual(await decodeSessionToken('not-a-jwt'), { status: 'invalid' });
  const foreign = await encode({ secret: 'another-secret-of-at-least-32-characters!!', token: claims, maxAge: 600 });
  assert.deepEqual(await decodeSessionToken(foreign), { status: 'invalid' });
  // Right key, but not a session Arbor wrote (no tenant): refused as well.
  const partial = await encode({ secret: process.env.ARBOR_SESSION_SECRET ?? 'arbor-local-demo-session-secret-change-me-in-production', token: { email: 'a@acme.test' }, maxAge: 600 });
  assert.deepEqual(await decodeSessionToken(partial), { status: 'invalid' });
  // A session without a session id (or a malformed one) has no record to check: sign in again.
  for (const sessionId of [undefined, '', 'short', 'x'.repeat(65), 'has spaces in it, 22 chars+']) {
    const token = await encode({ secret: process.env.ARBOR_SESSION_SECRET ?? 'arbor-local-demo-session-secret-change-me-in-production', token: { ...claims, sessionId }, maxAge: 600 });
    assert.deepEqual(await decodeSessionToken(token), { status: 'invalid' }, `sessionId ${sessionId}`);
  }
});

test('session ids are 128 random bits, base64url', () => {
  const ids = new Set(Array.from({ length: 1000 }, newSessionId));
  assert.equal(ids.size, 1000);
  for (const id of ids) assert.match(id, /^[A-Za-z0-9_-]{22}$/);
});

test('the sign-in flow cookie opens only untouched, and return paths stay on this site', async () => {
  const flow = { tenantId: claims.tenantId, email: claims.email };
  const token = await encodeFlow(flow);
  assert.deepEqual(await decodeFlow(token), flow);
  assert.equal(await decodeFlow(`${token.slice(0, -3)}abc`), undefined);
  assert.equal(await decodeFlow(await encodeSessionToken(claims)), undefined, 'a session is not a flow');
  const continuing = { ...flow, continues: { userId: claims.userId, sessionId: claims.sessionId } };
  assert.deepEqual(await decodeFlow(await encodeFlow(continuing)), continuing, 'a tenant switch carries its session');
  assert.equal(safeReturnTo('/units/1?tab=members'), '/units/1?tab=members');
  for (const bad of ['https://evil.test/', '//evil.test', '/\\evil.test', 'javascript:alert(1)', '/sign-in?x', undefined]) assert.equal(safeReturnTo(bad), '/');
});

test('next-auth failures are reported as the precise sign-in failure', () => {
  assert.equal(classify('OAUTH_CALLBACK_ERROR', { error: new Error('state mismatch, expected a, got: b') }), 'sso.stateMismatch');
  assert.equal(classify('OAUTH_CALLBACK_ERROR', { error: new Error('nonce mismatch, expected a, got: b') }), 'sso.nonceMismatch');
  assert.equal(classify('OAUTH_CALLBACK_ERROR', { error: new TypeError('PKCE code_verifier cookie was missing.') }), 'sso.stateMismatch');
  assert.equal(classify('SIGNIN_OAUTH_ERROR', { error: new Error('connect ECONNREFUSED 127.0.0.1:1') }), 'idp.unreachable');
  assert.equal(classify('OAUTH_CALLBACK_ERROR', { error: new Error('outgoing request timed out after 10000ms') }), 'idp.unreachable');
  assert.equal(classify('OAUTH_CALLBACK_ERROR', { error: new Error('invalid_grant (grant request is invalid)') }), 'idp.error');
  assert.equal(classify('OAUTH_CALLBACK_HANDLER_ERROR', new Error('something else')), 'sso.callbackFailed');
});
