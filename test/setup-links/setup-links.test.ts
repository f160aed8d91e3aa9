// Setup links against the real stack: shown once, opened by one browser only, ended by expiry or
// revocation at once, every write conditioned on the link being live (a revocation racing a
// write leaves nothing written), and only the link's own tenant reachable.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ulid } from 'ulid';
import { keys } from '../../lib/db';
import { addDomain, readTenantDomains } from '../../lib/domains';
import { listAudit } from '../../lib/audit';
import { createSetupLink, listSetupLinks, openSetupLink, revokeSetupLink, setupLinkStatus } from '../../lib/setup-links';
import { loadSetupSession } from '../../lib/setup-links/session';
import { OPERATOR_ACTOR } from '../../lib/tenants';
import { newTenant } from '../support/fixtures';
import { testPlatformDb, testTenantDb } from '../support/tenancy';

const code = (c: string) => (e: Error & { code?: string }) => e.code === c;
const tokenOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

async function linkFor(label = 'Link') {
  const t = await newTenant(label);
  const db = await testTenantDb(t.tenantId);
  const created = await createSetupLink(db, testPlatformDb(), OPERATOR_ACTOR, { label: 'Okta admin', days: 2 });
  return { t, db, ...created, token: tokenOf(created.url) };
}

describe('setup links', () => {
  test('a link opens in one browser only; that browser keeps its session, another is refused', async () => {
    const { t, db, token, link } = await linkFor('Once');
    assert.match(token, /^arbor_setup_[A-Za-z0-9_-]{43}$/);
    const opened = await openSetupLink(testPlatformDb(), token);
    const session = await loadSetupSession(testPlatformDb(), opened.cookie);
    assert.equal(session?.tenantId, t.tenantId);
    assert.equal(session?.actor.name, 'Okta admin (setup link)');
    assert.ok(opened.maxAge > 86_400 && opened.maxAge <= 2 * 86_400);
    // The same browser again gets its session back; a second browser does not.
    assert.equal((await openSetupLink(testPlatformDb(), token, opened.cookie)).cookie, opened.cookie);
    await assert.rejects(openSetupLink(testPlatformDb(), token), code('setup.linkUnusable'));
    await assert.rejects(openSetupLink(testPlatformDb(), `${token.slice(0, -1)}x`), code('setup.linkUnusable'));
    const [listed] = await listSetupLinks(db);
    assert.equal(setupLinkStatus(listed), 'opened');
    assert.equal(listed.linkId, link.linkId);
    const actions = (await listAudit(db, {})).items.map((e) => e.action);
    assert.ok(actions.includes('setupLink.create') && actions.includes('setupLink.open'));
  });

  test('revoking ends the link and its session at once', async () => {
    const { db, token, link } = await linkFor('Revoke');
    const opened = await openSetupLink(testPlatformDb(), token);
    await revokeSetupLink(db, testPlatformDb(), OPERATOR_ACTOR, link.linkId);
    assert.equal(await loadSetupSession(testPlatformDb(), opened.cookie), undefined);
    await assert.rejects(openSetupLink(testPlatformDb(), token, opened.cookie), code('setup.linkUnusable'));
    assert.equal(setupLinkStatus((await listSetupLinks(db))[0]), 'revoked');
  });

  test('a revocation racing a write through the link: nothing is written', async () => {
    const { t, db, token, link } = await linkFor('Race');
    const session = (await loadSetupSession(testPlatformDb(), (await openSetupLink(testPlatformDb(), token)).cookie))!;
    await revokeSetupLink(db, testPlatformDb(), OPERATOR_ACTOR, link.linkId);
    await assert.rejects(addDomain(session.db, session.actor, `race-${ulid().toLowerCase()}.test`), code('authz.stale'));
    assert.deepEqual((await readTenantDomains(testPlatformDb(), t.tenantId)).records, []);
  });

  test("a link's session reaches only its own tenant", async () => {
    const a = await linkFor('Mine');
    const b = await newTenant('Theirs');
    const session = (await loadSetupSession(testPlatformDb(), (await openSetupLink(testPlatformDb(), a.token)).cookie))!;
    // Its database is A's scoped credentials: B's partition is refused by IAM, and nothing of B changes.
    const before = await readTenantDomains(testPlatformDb(), b.tenantId);
    await assert.rejects(session.db.client.send(new (await import('@aws-sdk/lib-dynamodb')).GetCommand({ TableName: session.db.tableName, Key: keys.tenantSettings(b.tenantId) })));
    assert.deepEqual(await readTenantDomains(testPlatformDb(), b.tenantId), before);
  });

  test('bad labels and lifetimes are refused and nothing is created', async () => {
    const t = await newTenant('Bad');
    const db = await testTenantDb(t.tenantId);
    await assert.rejects(createSetupLink(db, testPlatformDb(), OPERATOR_ACTOR, { label: '' }), code('setup.badLabel'));
    await assert.rejects(createSetupLink(db, testPlatformDb(), OPERATOR_ACTOR, { label: 'x'.repeat(61) }), code('setup.badLabel'));
    await assert.rejects(createSetupLink(db, testPlatformDb(), OPERATOR_ACTOR, { label: 'IT', days: 8 }), code('setup.badLifetime'));
    await assert.rejects(createSetupLink(db, testPlatformDb(), OPERATOR_ACTOR, { label: 'IT', days: 0 }), code('setup.badLifetime'));
    assert.deepEqual(await listSetupLinks(db), []);
  });
});
