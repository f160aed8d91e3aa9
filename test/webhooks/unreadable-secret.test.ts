// A webhook secret that can no longer be opened (sealed under an encryption key since replaced)
// is the endpoint's own error, and after a roll only the readable new secret signs.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';
import type { TenantDb } from '../../lib/db';
import { sealSecret } from '../../lib/security/sealed-secret';
import { endpointSecrets } from '../../lib/webhooks/endpoints';

type Stored = Parameters<typeof endpointSecrets>[1];
const db = { tenantId: 'TENANT1' } as TenantDb;
const replacedKey = randomBytes(32).toString('base64');
const now = Date.now();

test('an unreadable current secret is webhook.secretUnreadable', () => {
  const endpoint = { sealedSecret: sealSecret('whsec_old', 'TENANT1', replacedKey) } as Stored;
  assert.throws(() => endpointSecrets(db, endpoint, now), (e: Error & { code?: string }) => e.code === 'webhook.secretUnreadable');
});

test('after a roll, an unreadable previous secret does not sign beside the new one', () => {
  const endpoint = {
    sealedSecret: sealSecret('whsec_new', 'TENANT1'),
    previousSealedSecret: sealSecret('whsec_old', 'TENANT1', replacedKey),
    previousSecretUntil: new Date(now + 60_000).toISOString(),
  } as Stored;
  assert.deepEqual(endpointSecrets(db, endpoint, now), { secret: 'whsec_new' });
});

test('a readable previous secret signs beside the new one while they overlap, then stops', () => {
  const endpoint = {
    sealedSecret: sealSecret('whsec_new', 'TENANT1'),
    previousSealedSecret: sealSecret('whsec_old', 'TENANT1'),
    previousSecretUntil: new Date(now + 60_000).toISOString(),
  } as Stored;
  assert.deepEqual(endpointSecrets(db, endpoint, now), { secret: 'whsec_new', previousSecret: 'whsec_old' });
  assert.deepEqual(endpointSecrets(db, endpoint, now + 120_000), { secret: 'whsec_new' });
});
