import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { openSecret, sealSecret } from '../../lib/security/sealed-secret';

const key = randomBytes(32).toString('base64');
const unreadable = () => Object.assign(new Error('unreadable'), { code: 'test.unreadable' });

test('a sealed secret opens to the same text and never contains it', () => {
  const sealed = sealSecret('s3cret-value ✓', 'TENANT1', key);
  assert.match(sealed, /^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
  assert.ok(!sealed.includes('s3cret'));
  assert.equal(openSecret(sealed, 'TENANT1', unreadable, key), 's3cret-value ✓');
  assert.notEqual(sealSecret('s3cret-value ✓', 'TENANT1', key), sealed, 'a fresh IV each time');
});

test("a changed byte, another tenant or another key is refused with the caller's error", () => {
  const sealed = sealSecret('client-secret', 'TENANT1', key);
  const [v, iv, tag, body] = sealed.split('.');
  const flipped = Buffer.from(body, 'base64url');
  flipped[0] ^= 1;
  const refused = (e: Error & { code?: string }) => e.code === 'test.unreadable';
  assert.throws(() => openSecret([v, iv, tag, flipped.toString('base64url')].join('.'), 'TENANT1', unreadable, key), refused);
  assert.throws(() => openSecret(sealed, 'TENANT2', unreadable, key), refused);
  assert.throws(() => openSecret(sealed, 'TENANT1', unreadable, randomBytes(32).toString('base64')), refused);
  assert.throws(() => openSecret('not-sealed', 'TENANT1', unreadable, key), refused);
});

test('each area reports an unreadable secret as its own error', () => {
  const opened = {
    'lib/sso/connection.ts': 'secretUnreadable',
    'lib/saml/service-provider.ts': 'spKeyUnreadable',
    'lib/webhooks/endpoints.ts': 'endpointSecretUnreadable',
    'lib/audit-streaming/destinations.ts': 'destinationSecretUnreadable',
  };
  for (const [file, error] of Object.entries(opened)) {
    const calls = readFileSync(file, 'utf8').match(/openSecret\([^)]*\)/g) ?? [];
    assert.ok(calls.length > 0, `${file} opens a secret`);
    for (const call of calls) assert.ok(call.includes(`, ${error}`), `${file}: ${call} reports ${error}`);
  }
});
