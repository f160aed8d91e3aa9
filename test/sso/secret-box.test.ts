import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { openSecret, sealSecret } from '../../lib/sso';

const key = randomBytes(32).toString('base64');

test('a sealed secret opens to the same text and never contains it', () => {
  const sealed = sealSecret('s3cret-value ✓', 'TENANT1', key);
  assert.match(sealed, /^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
  assert.ok(!sealed.includes('s3cret'));
  assert.equal(openSecret(sealed, 'TENANT1', key), 's3cret-value ✓');
  assert.notEqual(sealSecret('s3cret-value ✓', 'TENANT1', key), sealed, 'a fresh IV each time');
});

test('a changed byte, another tenant or another key is refused', () => {
  const sealed = sealSecret('client-secret', 'TENANT1', key);
  const [v, iv, tag, body] = sealed.split('.');
  const flipped = Buffer.from(body, 'base64url');
  flipped[0] ^= 1;
  const refused = (e: Error & { code?: string }) => e.code === 'sso.secretUnreadable';
  assert.throws(() => openSecret([v, iv, tag, flipped.toString('base64url')].join('.'), 'TENANT1', key), refused);
  assert.throws(() => openSecret(sealed, 'TENANT2', key), refused);
  assert.throws(() => openSecret(sealed, 'TENANT1', randomBytes(32).toString('base64')), refused);
  assert.throws(() => openSecret('not-sealed', 'TENANT1', key), refused);
});
