import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ulid } from 'ulid';
import { getConnection, type OidcConnection } from '../../lib/sso';
import { run as sso } from '../../scripts/cli/sso';
import { run as tenant } from '../../scripts/cli/tenant';
import { runCli as cli } from '../support/cli';
import { stackEnv } from '../support/stack';
import { testPlatformDb } from '../support/tenancy';


test('an operator creates a tenant and registers its OIDC connection from the command line', async () => {
  const domain = `cli-${ulid().toLowerCase()}.test`;
  const created = await cli(tenant, ['create', '--name', 'Cli Corp', '--domain', domain, '--owner-email', `boss@${domain}`, '--owner-name', 'Boss']);
  assert.equal(created.code, 0, created.out);
  const tenantId = /Created tenant (\S+)/.exec(created.out)![1];
  assert.match(created.out, /\/api\/auth\/callback\/sso/);

  const issuer = stackEnv('ARBOR_LOCAL_OIDC_ISSUER');
  const set = await cli(sso, ['set', '--tenant', tenantId, '--issuer', issuer, '--client-id', 'cli', '--client-secret', 's3', '--domains', domain, '--jit', 'on']);
  assert.equal(set.code, 0, set.out);
  const saved = await getConnection(testPlatformDb(), tenantId);
  assert.deepEqual([saved?.issuer, (saved as OidcConnection | undefined)?.clientId, saved?.domains, saved?.jit], [issuer, 'cli', [domain], true]);

  const shown = await cli(sso, ['show', '--tenant', tenantId]);
  assert.equal(shown.code, 0);
  assert.ok(!shown.out.includes('s3'), 'the secret is never printed');

  // An issuer that does not answer is refused and the stored connection stays as it was.
  const bad = await cli(sso, ['set', '--tenant', tenantId, '--issuer', 'http://127.0.0.1:9', '--client-id', 'x', '--domains', domain, '--jit', 'off']);
  assert.equal(bad.code, 1);
  assert.match(bad.out, /Nothing was saved/);
  assert.equal(((await getConnection(testPlatformDb(), tenantId)) as OidcConnection | undefined)?.clientId, 'cli');
});

test('bad or missing arguments print the usage and change nothing', async () => {
  assert.equal((await cli(tenant, ['create', '--name', 'X'])).code, 1);
  assert.equal((await cli(tenant, ['create', '--name', 'X', '--domain', 'gmail.com', '--owner-email', 'a@gmail.com', '--owner-name', 'A'])).code, 1);
  assert.equal((await cli(sso, ['set', '--tenant', ulid(), '--issuer', 'https://x.test'])).code, 1);
  assert.equal((await cli(sso, ['frobnicate'])).code, 1);
});

test('an operator registers a SAML connection from the IdP metadata URL, or refuses one that does not answer', async () => {
  const domain = `clisaml-${ulid().toLowerCase()}.test`;
  const created = await cli(tenant, ['create', '--name', 'Cli Saml', '--domain', domain, '--owner-email', `boss@${domain}`, '--owner-name', 'Boss']);
  const tenantId = /Created tenant (\S+)/.exec(created.out)![1];
  const set = await cli(sso, ['set', '--tenant', tenantId, '--protocol', 'saml', '--metadata-url', stackEnv('ARBOR_LOCAL_SAML_METADATA_URL'), '--domains', domain, '--jit', 'off']);
  assert.equal(set.code, 0, set.out);
  assert.match(set.out, new RegExp(`ACS URL +\\S+/api/saml/${tenantId}/acs`));
  const saved = await getConnection(testPlatformDb(), tenantId);
  assert.equal(saved?.protocol, 'saml');
  assert.match((await cli(sso, ['show', '--tenant', tenantId])).out, /protocol +saml/);

  const down = await cli(sso, ['set', '--tenant', tenantId, '--protocol', 'saml', '--metadata-url', 'http://127.0.0.1:9/metadata', '--domains', domain, '--jit', 'on']);
  assert.equal(down.code, 1);
  assert.match(down.out, /metadata URL did not answer/);
  assert.equal((await getConnection(testPlatformDb(), tenantId))?.version, saved?.version);
});
