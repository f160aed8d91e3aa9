import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { keys } from '../../lib/db';
import { connectionSecret, discoverByEmail, getConnection, type OidcConnection, type SsoConnection } from '../../lib/sso';
import { setConnection } from '../../lib/domains';

const oidc = (c: SsoConnection | undefined) => c as OidcConnection;
import { newTenant } from '../support/fixtures';
import { directClient, tableName } from '../support/stack';
import { operatorDb } from './support';

const base = { issuer: 'https://idp.example.com/', clientId: 'arbor', clientSecret: 'top-secret', jit: false };
const code = (c: string) => (e: Error & { code?: string }) => e.code === c;
const get = async (key: { PK: string; SK: string }) =>
  (await directClient().send(new GetCommand({ TableName: tableName(), Key: key }))).Item;

test('discovery finds the tenant and its connection from the email domain in one lookup', async () => {
  const t = await newTenant('Acme');
  const extra = `extra-${ulid().toLowerCase()}.test`;
  const saved = await setConnection(operatorDb(), t.tenantId, { ...base, domains: [t.domain, extra], jit: true });
  assert.equal(saved.version, 1);
  assert.equal(saved.issuer, 'https://idp.example.com');

  for (const email of [`Someone@${t.domain.toUpperCase()}`, `other@${extra}`]) {
    const found = await discoverByEmail(operatorDb(), email);
    assert.equal(found.tenantId, t.tenantId);
    assert.equal(oidc(found.connection).clientId, 'arbor');
    assert.equal(found.connection.jit, true);
    assert.equal(connectionSecret(oidc(found.connection)), 'top-secret');
  }
  // The secret is stored sealed, never in clear.
  const stored = await get(keys.ssoConnection(t.tenantId));
  assert.ok(!JSON.stringify(stored).includes('top-secret'));
  assert.deepEqual((await get(keys.tenantRegistry(t.tenantId)))?.domains, [t.domain, extra]);
});

test('a tenant without a connection yet, an unknown domain, a consumer domain and a bad email are refused clearly', async () => {
  const t = await newTenant('Initech');
  await assert.rejects(discoverByEmail(operatorDb(), `a@${t.domain}`), code('sso.notConfigured'));
  await assert.rejects(discoverByEmail(operatorDb(), `a@nobody-${ulid().toLowerCase()}.test`), (e: Error & { code?: string }) =>
    e.code === 'sso.unknownDomain' && /No organization/.test(e.message));
  await assert.rejects(discoverByEmail(operatorDb(), 'someone@gmail.com'), (e: Error & { code?: string }) =>
    e.code === 'sso.consumerDomain' && /personal email/.test(e.message));
  await assert.rejects(discoverByEmail(operatorDb(), 'not an email'), code('sso.badEmail'));
});

test('replacing a connection moves the domains and keeps the secret when none is given', async () => {
  const t = await newTenant('Umbrella');
  const later = `later-${ulid().toLowerCase()}.test`;
  await setConnection(operatorDb(), t.tenantId, { ...base, domains: [t.domain] });
  const second = await setConnection(operatorDb(), t.tenantId, { ...base, clientSecret: undefined, clientId: 'arbor-2', domains: [later], jit: true, expectedVersion: 1 });
  assert.equal(second.version, 2);
  assert.equal(connectionSecret(oidc(second)), 'top-secret');
  assert.equal(await get(keys.domainClaim(t.domain)), undefined, 'the dropped domain is released');
  assert.equal(oidc((await discoverByEmail(operatorDb(), `x@${later}`)).connection).clientId, 'arbor-2');
  assert.equal((await getConnection(operatorDb(), t.tenantId))?.version, 2);

  await assert.rejects(setConnection(operatorDb(), t.tenantId, { ...base, domains: [later], expectedVersion: 1 }), code('sso.versionConflict'));
  // Version 0: the editor saw no connection, so one saved meanwhile is not overwritten.
  await assert.rejects(setConnection(operatorDb(), t.tenantId, { ...base, domains: [later], expectedVersion: 0 }), code('sso.versionConflict'));
});

test("another tenant's domain cannot be taken and nothing changes", async () => {
  const a = await newTenant('Hooli');
  const b = await newTenant('Pied');
  await setConnection(operatorDb(), b.tenantId, { ...base, domains: [b.domain] });
  await assert.rejects(
    setConnection(operatorDb(), b.tenantId, { ...base, clientId: 'changed', domains: [b.domain, a.domain] }),
    (e: Error & { code?: string }) => e.code === 'domain.taken' && e.message.includes(a.domain),
  );
  assert.equal((await get(keys.domainClaim(a.domain)))?.tenantId, a.tenantId);
  assert.equal(oidc(await getConnection(operatorDb(), b.tenantId)).clientId, 'arbor');
});

test('bad settings are refused before anything is written', async () => {
  const t = await newTenant('Vandelay');
  await assert.rejects(setConnection(operatorDb(), t.tenantId, { ...base, issuer: 'http://idp.example.com', domains: [t.domain] }), code('sso.badIssuer'));
  await assert.rejects(setConnection(operatorDb(), t.tenantId, { ...base, domains: ['gmail.com'] }), code('domain.consumer'));
  await assert.rejects(setConnection(operatorDb(), t.tenantId, { ...base, domains: [] }), code('sso.noDomains'));
  await assert.rejects(setConnection(operatorDb(), t.tenantId, { ...base, clientSecret: undefined, domains: [t.domain] }), code('sso.badClientSecret'));
  await assert.rejects(setConnection(operatorDb(), ulid(), { ...base, domains: [`x-${ulid().toLowerCase()}.test`] }), code('tenant.notFound'));
  assert.equal(await getConnection(operatorDb(), t.tenantId), undefined);
});
