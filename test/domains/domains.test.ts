// Domains proven by DNS, against the local stack's real DNS server: a waiting domain claims
// nothing and routes nobody; the first tenant to prove it wins and the other is told; re-checks
// flag a vanished record without dropping the domain, and clear the flag when it returns.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { keys } from '../../lib/db';
import { addDomain, readTenantDomains, recheckDueDomains, removeDomain, verificationValue, verifyDomain, setConnection } from '../../lib/domains';
import { listAudit } from '../../lib/audit/list-audit';
import { discoverByEmail, getConnection } from '../../lib/sso';
import { OPERATOR_ACTOR } from '../../lib/tenants';
import { publishTxt } from '../support/dns';
import { newTenant } from '../support/fixtures';
import { waitForMail } from '../support/mail';
import { testOperatorDb, testPlatformDb, testTenantDb } from '../support/tenancy';

const code = (c: string) => (e: Error & { code?: string }) => e.code === c;
const fresh = () => `proof-${ulid().toLowerCase()}.test`;
const claim = async (domain: string) =>
  (await testPlatformDb().client.send(new GetCommand({ TableName: testPlatformDb().tableName, Key: keys.domainClaim(domain) }))).Item;

describe('domains proven by DNS', () => {
  test('a waiting domain claims nothing; its TXT record proves it, and the connection serves it', async () => {
    const t = await newTenant('Proof');
    await setConnection(testOperatorDb(), t.tenantId, { issuer: 'https://idp.example.com', clientId: 'c', clientSecret: 's', domains: [t.domain], jit: true });
    const db = await testTenantDb(t.tenantId);
    const domain = fresh();
    const record = await addDomain(db, OPERATOR_ACTOR, domain);
    assert.equal(record.status, 'pending');
    assert.equal(await claim(domain), undefined, 'no claim before the proof');
    await assert.rejects(discoverByEmail(testPlatformDb(), `someone@${domain}`), code('sso.unknownDomain'));

    await assert.rejects(verifyDomain(db, OPERATOR_ACTOR, domain), code('domain.recordMissing'));
    await publishTxt(domain, ['v=spf1 -all', verificationValue(record)]);
    const proven = await verifyDomain(db, OPERATOR_ACTOR, domain);
    assert.equal(proven.status, 'verified');
    assert.equal((await claim(domain))?.tenantId, t.tenantId);
    assert.equal((await discoverByEmail(testPlatformDb(), `someone@${domain}`)).tenantId, t.tenantId);
    assert.deepEqual((await getConnection(testPlatformDb(), t.tenantId))?.domains, [t.domain, domain]);
    const actions = (await listAudit(db, {})).items.map((e) => e.action);
    assert.ok(actions.includes('domain.add') && actions.includes('domain.verify'));
  });

  test('two tenants wait for the same domain: the first to prove it wins, the other is told and keeps nothing', async () => {
    const [a, b] = [await newTenant('Winner'), await newTenant('Loser')];
    const [dbA, dbB] = [await testTenantDb(a.tenantId), await testTenantDb(b.tenantId)];
    const domain = fresh();
    const [ra, rb] = [await addDomain(dbA, OPERATOR_ACTOR, domain), await addDomain(dbB, OPERATOR_ACTOR, domain)];
    assert.notEqual(ra.token, rb.token);
    await publishTxt(domain, [verificationValue(rb)]);
    await verifyDomain(dbB, OPERATOR_ACTOR, domain);
    await publishTxt(domain, [verificationValue(ra), verificationValue(rb)]);
    await assert.rejects(verifyDomain(dbA, OPERATOR_ACTOR, domain), code('domain.provenElsewhere'));
    assert.equal((await claim(domain))?.tenantId, b.tenantId);
    const aNow = await readTenantDomains(testPlatformDb(), a.tenantId);
    assert.deepEqual(aNow.registry.domains, [a.domain]);
    assert.match(aNow.records.find((r) => r.domain === domain)?.lastProblem ?? '', /another organization/);
  });

  test('the console serves only proven domains', async () => {
    const t = await newTenant('Console');
    const { saveConnection } = await import('../../lib/domains');
    const db = await testTenantDb(t.tenantId);
    const unproven = fresh();
    await assert.rejects(
      saveConnection(db, OPERATOR_ACTOR, { issuer: 'https://idp.example.com', clientId: 'c', clientSecret: 's', domains: [t.domain, unproven], jit: false }),
      code('domain.unproven'),
    );
    const saved = await saveConnection(db, OPERATOR_ACTOR, { issuer: 'https://idp.example.com', clientId: 'c', clientSecret: 's', jit: false });
    assert.deepEqual(saved.domains, [t.domain]);
    assert.equal(saved.enabled, false, 'a new connection starts off, to be tested');
    await assert.rejects(discoverByEmail(testPlatformDb(), `x@${t.domain}`), code('sso.notConfigured'));
  });

  test('a re-check flags a vanished record (audit, owners mailed) without dropping the domain, and clears it when it is back', async () => {
    const t = await newTenant('Recheck');
    const db = await testTenantDb(t.tenantId);
    const domain = fresh();
    const record = await addDomain(db, OPERATOR_ACTOR, domain);
    await publishTxt(domain, [verificationValue(record)]);
    await verifyDomain(db, OPERATOR_ACTOR, domain);
    const later = Date.now() + 25 * 3600_000;

    await publishTxt(domain, []);
    const first = await recheckDueDomains(testOperatorDb(), testTenantDb, later);
    assert.ok(first.failing >= 1);
    let state = await readTenantDomains(testPlatformDb(), t.tenantId);
    assert.equal(state.records.find((r) => r.domain === domain)?.status, 'failing');
    assert.ok(state.registry.domains.includes(domain), 'still proven: sign-ins keep working');
    assert.equal((await claim(domain))?.tenantId, t.tenantId);
    assert.ok((await listAudit(db, {})).items.some((e) => e.action === 'domain.recordMissing'));
    const mail = await waitForMail(t.ownerEmail);
    assert.ok(mail.some((m) => m.subject.includes(domain)), 'the owner is told');

    await publishTxt(domain, [verificationValue(record)]);
    // Verify clears the flag at once (the claim was never dropped, so nothing is claimed twice)…
    assert.equal((await verifyDomain(db, OPERATOR_ACTOR, domain)).status, 'verified');
    state = await readTenantDomains(testPlatformDb(), t.tenantId);
    assert.equal(state.registry.domains.filter((d) => d === domain).length, 1);
    // …and the next re-check finds it in place.
    await recheckDueDomains(testOperatorDb(), testTenantDb, later + 25 * 3600_000);
    state = await readTenantDomains(testPlatformDb(), t.tenantId);
    assert.equal(state.records.find((r) => r.domain === domain)?.status, 'verified');
    assert.ok((await listAudit(db, {})).items.some((e) => e.action === 'domain.restored'));
  });

  test('removing a proven domain frees its claim; the connection keeps at least one domain', async () => {
    const t = await newTenant('Remove');
    await setConnection(testOperatorDb(), t.tenantId, { issuer: 'https://idp.example.com', clientId: 'c', clientSecret: 's', domains: [t.domain], jit: false });
    const db = await testTenantDb(t.tenantId);
    await assert.rejects(removeDomain(db, OPERATOR_ACTOR, t.domain), code('domain.lastServed'));
    const domain = fresh();
    const record = await addDomain(db, OPERATOR_ACTOR, domain);
    await publishTxt(domain, [verificationValue(record)]);
    await verifyDomain(db, OPERATOR_ACTOR, domain);
    await removeDomain(db, OPERATOR_ACTOR, domain);
    assert.equal(await claim(domain), undefined);
    assert.deepEqual((await getConnection(testPlatformDb(), t.tenantId))?.domains, [t.domain]);
    assert.equal((await readTenantDomains(testPlatformDb(), t.tenantId)).records.length, 0);
  });
});
