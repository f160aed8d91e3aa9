// The operator's command line for directory sync: `tenant list` finds a new tenant, `scim token
// create` prints the token alone on its last line (and it works at /scim/v2), `list` shows it
// without the secret, `revoke` stops it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ulid } from 'ulid';
import { handleScimRequest } from '../../lib/scim';
import { run as scim } from '../../scripts/cli/scim';
import { run as tenant } from '../../scripts/cli/tenant';
import { runCli as cli } from '../support/cli';


const users = (token: string) =>
  handleScimRequest(new Request('http://arbor.test/scim/v2/Users', { headers: { authorization: `Bearer ${token}` } }), ['Users']).then((r) => r.status);

test('tenant list, then a directory token created, listed and revoked from the command line', async () => {
  const domain = `scimcli-${ulid().toLowerCase()}.test`;
  const created = await cli(tenant, ['create', '--name', `Scim Cli ${domain}`, '--domain', domain, '--owner-email', `boss@${domain}`, '--owner-name', 'Boss']);
  const tenantId = /Created tenant (\S+)/.exec(created.out)![1]!;

  const listed = await cli(tenant, ['list', '--json']);
  assert.equal(listed.code, 0);
  assert.ok((JSON.parse(listed.out) as { tenantId: string; name: string }[]).some((t) => t.tenantId === tenantId && t.name === `Scim Cli ${domain}`));

  const made = await cli(scim, ['token', 'create', '--tenant', tenantId, '--label', 'Okta']);
  assert.equal(made.code, 0, made.out);
  const token = made.out.trim().split('\n').at(-1)!;
  assert.match(token, /^arbor_scim_[A-Za-z0-9_-]{43}$/);
  assert.equal(await users(token), 200);

  const shown = await cli(scim, ['token', 'list', '--tenant', tenantId]);
  assert.ok(shown.out.includes('Okta') && shown.out.includes(`…${token.slice(-4)}`) && !shown.out.includes(token), shown.out);
  const tokenId = shown.out.split(/\s+/)[0]!;
  assert.equal((await cli(scim, ['token', 'revoke', '--tenant', tenantId, '--token-id', tokenId])).code, 0);
  assert.equal(await users(token), 401);

  assert.equal((await cli(scim, ['token', 'create'])).code, 1, 'a missing --tenant is a usage error');
});
