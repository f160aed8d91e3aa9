// Erasure and the records that name who made them (API keys, webhook endpoints, setup links,
// domain records) and the webhook delivery log; and erasure's writes carrying the decision's facts
// (lib/db/write-guards.ts) like every other write.
import assert from 'node:assert/strict';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { describe, test } from 'node:test';
import { createApiKey } from '../../lib/api-keys';
import { keys, type WriteGuards } from '../../lib/db';
import { addDomain } from '../../lib/domains';
import { ERASED_EMAIL, ERASED_NAME, erasePerson } from '../../lib/erasure';
import { findAuditEntries } from '../../lib/erasure/find-audit-entries';
import { invitationRecords, pseudonymiseInvitationsSent } from '../../lib/erasure/invitation-records';
import { rewriteAuditEntries } from '../../lib/erasure/rewrite-audit-entries';
import { createSetupLink } from '../../lib/setup-links';
import { createEndpoint, messageIdOf } from '../../lib/webhooks';
import { queueDeliveries } from '../../lib/webhooks/deliveries';
import { directClient, tableName } from '../support/stack';
import { testPlatformDb } from '../support/tenancy';
import { assertErasedFrom, erasureWorld } from './support';

const get = async (key: { PK: string; SK: string }) => (await directClient().send(new GetCommand({ TableName: tableName(), Key: key }))).Item;

describe('erasure and what the person created', () => {
  test('API keys, webhook endpoints, setup links and domain records she created, and deliveries naming her, show the pseudonym', async () => {
    const w = await erasureWorld();
    const platform = testPlatformDb();
    const scope = { tenant: w.db, platform };
    const { key } = await createApiKey(scope, { name: 'Her CI', role: 'manager', unit: w.cloud, expiresInDays: 30, actor: w.ada });
    const { endpoint } = await createEndpoint(scope, w.ada, { url: 'http://127.0.0.1:9/arbor' }, { allowPrivateNetworks: true });
    const { link } = await createSetupLink(w.db, platform, w.ada, { label: 'IT admin' });
    const domain = `hers-${ulid().toLowerCase()}.test`;
    await addDomain(w.db, w.ada, domain);
    const event = {
      messageId: messageIdOf(ulid()), type: 'unit.created' as const, timestamp: new Date().toISOString(),
      data: { organizationId: w.tenantId, actor: { id: w.ada.userId, email: w.ada.email, name: w.ada.name }, target: { type: 'unit', id: w.cloud.id } },
    };
    await queueDeliveries(w.db, event, [endpoint.endpointId]);

    const report = await erasePerson(scope, w.owner, { userId: w.ada.userId });

    assert.ok(report.tenants[0]!.createdRecordsPseudonymised >= 5, `pseudonymised ${report.tenants[0]!.createdRecordsPseudonymised}`);
    await assertErasedFrom(w.tenantId, w.ada);
    const erased = { userId: w.ada.userId, email: ERASED_EMAIL, name: ERASED_NAME };
    for (const k of [keys.apiKey(w.tenantId, key.keyId), keys.webhookEndpoint(w.tenantId, endpoint.endpointId), keys.setupLink(w.tenantId, link.linkId), keys.tenantDomain(w.tenantId, domain)]) {
      const item = await get(k);
      assert.deepEqual({ createdBy: item?.createdBy, version: item?.version }, { createdBy: erased, version: 1 }, `${k.PK} ${k.SK}: the pseudonym, not an edit`);
    }
    const delivery = await get(keys.webhookDelivery(w.tenantId, endpoint.endpointId, event.messageId));
    const payload = JSON.parse(String(delivery?.payload)) as { data: { actor: Record<string, unknown> } };
    assert.equal(payload.data.actor.email, ERASED_EMAIL);
    assert.doesNotMatch(String(delivery?.payload), /lovelace/i);
  });
});

describe("erasure's writes carry the decision's facts", () => {
  test('a decision gone stale (the owner demoted meanwhile) stops audit rewrites and invitation pseudonyms: authz.stale, nothing written', async () => {
    const w = await erasureWorld();
    const person = { userId: w.ada.userId, email: w.ada.email, names: [w.ada.name] };
    // The fact the console's decision used: the acting owner's membership, as it was read.
    const stale: WriteGuards = {
      facts: () => [{ key: keys.userMembership(w.tenantId, w.owner.userId, w.rootUnitId), expect: { role: 'admin' }, changed: 'grant' }],
      sent: () => undefined,
    };
    const db = { ...w.db, guards: stale };
    const isStale = (e: { code?: string }) => e.code === 'authz.stale';

    const entries = await findAuditEntries(w.db, person);
    assert.ok(entries.length > 0);
    await assert.rejects(rewriteAuditEntries(db, entries, person), isStale);
    const first = entries[0]!;
    assert.deepEqual(await get({ PK: String(first.PK), SK: String(first.SK) }), first, 'the entry is as it was');

    const { sent } = await invitationRecords(w.db, person);
    assert.ok(sent.length > 0);
    await assert.rejects(pseudonymiseInvitationsSent(db, sent, w.ada.userId), isStale);
    assert.deepEqual((await get({ PK: String(sent[0]!.PK), SK: String(sent[0]!.SK) }))?.invitedBy, sent[0]!.invitedBy);
  });
});
