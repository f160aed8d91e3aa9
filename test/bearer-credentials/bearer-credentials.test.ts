// The lifecycle API keys, directory tokens and setup links share: the secret's shape and stored
// hash (existing credentials must keep working, so both are pinned here), the platform item by
// hash and kind, its last use, and revocation.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, test } from 'node:test';
import { credentialHash, issueSecret, lastUses, noteAccessTokenUse, putAccessToken, readAccessToken, revokeAccessToken } from '../../lib/bearer-credentials';
import { getItem, keys, TTL_ATTRIBUTE } from '../../lib/db';
import { testOperatorDb } from '../support/tenancy';

describe('bearer credentials', () => {
  test('a secret is its prefix and 256 random bits; Arbor keeps its SHA-256 (base64url) and last 4 characters', () => {
    const issued = issueSecret('arbor_key_');
    assert.match(issued.secret, /^arbor_key_[A-Za-z0-9_-]{43}$/);
    assert.equal(issued.tokenHash, createHash('sha256').update(issued.secret).digest('base64url'));
    assert.equal(credentialHash(issued.secret), issued.tokenHash);
    assert.equal(issued.hint, issued.secret.slice(-4));
    assert.notEqual(issueSecret('arbor_key_').secret, issued.secret);
  });

  test('stored once, read by hash and kind, its use noted, revoked at once', async () => {
    const platform = testOperatorDb();
    const { tokenHash } = issueSecret('arbor_scim_');
    const expiresAt = new Date(Date.now() + 86_400_000);
    await putAccessToken(platform, tokenHash, { kind: 'scim', tenantId: 't-bearer', tokenId: 'tok1', expiresAt });
    await assert.rejects(putAccessToken(platform, tokenHash, { kind: 'scim', tenantId: 't-other' }), /already stored/);

    const stored = await readAccessToken(platform, tokenHash, 'scim');
    assert.equal(stored?.tenantId, 't-bearer');
    assert.equal(stored?.type, 'accessToken');
    assert.equal(stored?.[TTL_ATTRIBUTE], Math.floor(expiresAt.getTime() / 1000));
    assert.equal(await readAccessToken(platform, tokenHash, 'api'), undefined, 'a credential of another kind opens nothing');

    const now = Date.now();
    noteAccessTokenUse(platform, tokenHash, undefined, now);
    for (let i = 0; i < 50 && !(await getItem(platform, keys.accessToken(tokenHash)))?.lastUsedAt; i++) await new Promise((r) => setTimeout(r, 20));
    assert.deepEqual(await lastUses(platform, [tokenHash, issueSecret('x_').tokenHash]), new Map([[tokenHash, new Date(now).toISOString()]]));

    await revokeAccessToken(platform, tokenHash);
    assert.equal(await readAccessToken(platform, tokenHash, 'scim'), undefined);
  });
});
