// The operator's command line for API keys: `apikey create` prints the key alone on its last line
// (and it works at /api/v1), `list` shows it without the secret, `revoke` stops it; `--scope check`
// makes a key for checks only.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join, resolve } from 'node:path';
import { run as apikey } from '../../scripts/cli/apikey';
import { newTenant } from '../support/fixtures';
import { runCli as cli } from '../support/cli';

const ROOT = resolve(import.meta.dirname, '../..');

async function readUnit(key: string, unitId: string): Promise<number> {
  const { GET } = (await import(join(ROOT, 'app/api/v1/units/[unitId]/route.ts'))) as { GET: (r: Request, c: unknown) => Promise<Response> };
  const res = await GET(new Request(`http://arbor.test/api/v1/units/${unitId}`, { headers: { authorization: `Bearer ${key}` } }), { params: Promise.resolve({ unitId }) });
  return res.status;
}

test('an API key created, listed and revoked from the command line', async () => {
  const t = await newTenant('KeyCli');
  const made = await cli(apikey, ['create', '--tenant', t.tenantId, '--name', 'Payroll', '--days', '30']);
  assert.equal(made.code, 0, made.out);
  const key = made.out.trim().split('\n').at(-1)!;
  assert.match(key, /^arbor_key_[A-Za-z0-9_-]{43}$/);
  assert.match(made.out, /admin of/);
  assert.equal(await readUnit(key, t.rootUnitId), 200);

  const shown = await cli(apikey, ['list', '--tenant', t.tenantId]);
  assert.ok(shown.out.includes('Payroll') && shown.out.includes(`…${key.slice(-4)}`) && !shown.out.includes(key), shown.out);
  const keyId = shown.out.split(/\s+/)[0]!;
  assert.equal((await cli(apikey, ['revoke', '--tenant', t.tenantId, '--key-id', keyId])).code, 0);
  assert.equal(await readUnit(key, t.rootUnitId), 401);

  const checker = await cli(apikey, ['create', '--tenant', t.tenantId, '--name', 'Wiki', '--scope', 'check', '--days', '30']);
  assert.equal(checker.code, 0, checker.out);
  assert.match(checker.out, /admin of .*, checks only\)/);
  assert.equal(await readUnit(checker.out.trim().split('\n').at(-1)!, t.rootUnitId), 403, 'a check key reads no unit');
  assert.equal((await cli(apikey, ['create', '--tenant', t.tenantId, '--scope', 'read'])).code, 1, 'an unknown scope is refused');

  assert.equal((await cli(apikey, ['create'])).code, 1, 'a missing --tenant is a usage error');
  assert.equal((await cli(apikey, ['create', '--tenant', t.tenantId, '--role', 'owner'])).code, 1, 'an owner key is refused');
});
