// A tenant leaves (docs/offboarding.md): the export holds every item, the deletion leaves nothing
// of the tenant and nothing else changed, a deletion stopped midway resumes, a tenant comes back
// from another table exactly, and the owners' scheduled deletion honours its grace period.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { CreateTableCommand, DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { listAudit } from '../../lib/audit';
import { keys, tableDefinition, tenantPrefix, type TenantDb } from '../../lib/db';
import { addMembership } from '../../lib/members';
import {
  batchPut, cancelTenantDeletion, claimScheduledDeletion, copyTenant, deleteTenant, DeletionStopped, readDeletionJournal, readScheduledDeletion,
  runDueTenantDeletions, scanTenantItems, scheduleTenantDeletion, REDACTED,
} from '../../lib/offboarding';
import { ARCHIVE_ENTRIES, catalogTenantPartitions } from '../../lib/offboarding';
import { readTarGz } from '../../lib/offboarding/tar-gz';
import { ensureUser } from '../../lib/users';
import { run as tenantCli } from '../../scripts/cli/tenant';
import { runCli } from '../support/cli';
import { newTenant } from '../support/fixtures';
import { waitForMail } from '../support/mail';
import { directClient, stackEnv, tableName } from '../support/stack';
import { tenantDbFor } from '../support/tenant-db';
import { testOperatorDb, testPlatformDb, testTenantDb } from '../support/tenancy';
import { footprint, seededTenant, sortedIds } from './fixtures';
import { rawClient } from '../support/raw-client';

const DAY = 24 * 60 * 60 * 1000;
const code = (c: string) => (e: unknown) => (e as { code?: string }).code === c;
const operatorScope = (tenantId: string) => ({ tenant: { ...testOperatorDb(), tenantId }, platform: testOperatorDb() });
const operatorScan = (t: string) => scanTenantItems(testOperatorDb(), t);
const getRaw = async (key: { PK: string; SK: string }) =>
  (await directClient().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;

describe('tenant export', () => {
  test('the archive holds every item of the tenant, its platform items and its people, secrets left out', async () => {
    const s = await seededTenant('Export');
    const before = await footprint(s.t.tenantId, [s.t.ownerUserId]);
    const out = mkdtempSync(join(tmpdir(), 'arbor-export-'));
    const { code: exit, out: printed } = await runCli(tenantCli, ['export', s.t.tenantId, '--out', out]);
    assert.equal(exit, 0, printed);
    const archive = /Exported .* to (.+\.tar\.gz)$/m.exec(printed)![1];
    const entries = await readTarGz(archive, { names: ARCHIVE_ENTRIES, maxBytes: 1e8 });
    const entry = (name: string) => entries.get(name)!.toString('utf8');
    const lines = entry('items.jsonl').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    const exported = new Map(lines.map((i) => [`${String(i.PK)} ${String(i.SK)}`, i]));
    assert.deepEqual(sortedIds(exported), sortedIds(before), 'the same items, none missing, none extra');
    // Every kind seeded is there.
    const types = new Set(lines.map((i) => i.type));
    for (const t of ['tenant', 'unit', 'unitMember', 'membership', 'tenantUser', 'nameWord', 'siblingName', 'invitation', 'audit', 'directoryToken',
      'accessToken', 'ssoConnection', 'tenantDomain', 'domainClaim', 'setupLink', 'apiKey', 'webhookEndpoint', 'webhookDelivery', 'webhookTenant',
      'changeSet', 'changeSetOp', 'tenantDirectory', 'user', 'userEmail', 'accessReview', 'accessReviewItem', 'accessReviewSchedule']) assert.ok(types.has(t), `an item of type ${t}`);
    // Sealed secrets never leave; everything else is as stored.
    const sso = exported.get(`TENANT#${s.t.tenantId} SSO`)!;
    assert.equal(sso.clientSecret, REDACTED);
    assert.ok(!entry('items.jsonl').includes('v1.'), 'no sealed value in the archive');
    const unit = exported.get(`${keys.unit(s.t.tenantId, s.eng.id).PK} UNIT`)!;
    assert.deepEqual(unit, JSON.parse(JSON.stringify(before.get(`${keys.unit(s.t.tenantId, s.eng.id).PK} UNIT`))));
    const manifest = JSON.parse(entry('manifest.json'));
    assert.equal(manifest.total, lines.length);
    assert.equal(manifest.counts.unit, 3);
    assert.equal(manifest.files['items.jsonl'].lines, lines.length);
    assert.ok(manifest.redacted.ssoConnection.includes('clientSecret'));
    assert.match(entry('units.csv'), /Engineering platform team/);
    assert.match(entry('memberships.csv'), new RegExp(s.carl.email));
    // One file; the manifest holds every other entry's SHA-256.
    assert.deepEqual([...entries.keys()], ['manifest.json', 'items.jsonl', 'units.csv', 'memberships.csv']);
    for (const name of ['items.jsonl', 'units.csv', 'memberships.csv']) {
      assert.equal(manifest.files[name].sha256, createHash('sha256').update(entries.get(name)!).digest('hex'), `${name}'s checksum`);
    }
  });

  test('an unknown or malformed tenant id is a clear refusal', async () => {
    const bad = await runCli(tenantCli, ['export', 'not#an-id']);
    assert.equal(bad.code, 1);
    assert.match(bad.out, /not valid/);
    const unknown = await runCli(tenantCli, ['export', ulid(), '--out', mkdtempSync(join(tmpdir(), 'arbor-export-'))]);
    assert.equal(unknown.code, 1);
    assert.match(unknown.out, /does not exist/);
  });
});

describe('tenant delete', () => {
  test('removes every item of the tenant, platform items included, proves 0 left, and changes nothing else', async () => {
    const s = await seededTenant('Leaving');
    const other = await newTenant('Staying');
    // The other tenant's owner also belongs to the leaving one: their global records stay.
    await addMembership(s.db, s.owner, { unitId: s.cloud.id, role: 'member', userId: other.ownerUserId, email: other.ownerEmail, name: 'Shared Person' });
    const otherBefore = await footprint(other.tenantId, [other.ownerUserId]);
    assert.ok((await footprint(s.t.tenantId)).size > 40);

    const { code: exit, out } = await runCli(tenantCli, ['delete', s.t.tenantId]);
    assert.equal(exit, 0, out);
    assert.match(out, /^remaining items: 0$/m);
    assert.match(out, /people forgotten \(no other organization\): 3; kept \(they belong elsewhere\): 1/);

    assert.deepEqual(sortedIds(await footprint(s.t.tenantId, [s.t.ownerUserId])), [], 'nothing of the tenant, nor its only-here owner');
    const otherAfter = await footprint(other.tenantId, [other.ownerUserId]);
    assert.deepEqual([...otherAfter.entries()].sort(), [...otherBefore.entries()].sort(), 'the other tenant is exactly as before');
    // Deleting again finds nothing and does not fail.
    const again = await runCli(tenantCli, ['delete', s.t.tenantId]);
    assert.equal(again.code, 0, again.out);
    assert.match(again.out, /^remaining items: 0$/m);
  });

  test('without the Scan, the tenant\'s own partitions and indexes lead to every item, access reviews and schedules included', async () => {
    const s = await seededTenant('Catalog');
    const scanned = await footprint(s.t.tenantId);
    const found = await catalogTenantPartitions(s.db);
    const ids = new Set(found.map((i) => `${String(i.PK)} ${String(i.SK)}`));
    const missed = sortedIds(scanned).filter((id) => id.startsWith(`${tenantPrefix(s.t.tenantId)}`) && !ids.has(id));
    assert.deepEqual(missed, [], 'every item under T#<t> found without a Scan');
    assert.ok(found.some((i) => i.type === 'accessReviewItem') && found.some((i) => i.type === 'accessReviewSchedule'));
    // Deleting without the sweep leaves nothing of it, and the reviews' clock has nothing of it left to act on.
    await deleteTenant(operatorScope(s.t.tenantId), { startedBy: 'operator' });
    assert.deepEqual(sortedIds(await footprint(s.t.tenantId)), []);
  });

  test('a deletion stopped after a few batches keeps its lease, then resumes and finishes', async () => {
    const s = await seededTenant('Stopped');
    let clock = Date.now();
    const options = { startedBy: 'operator', now: () => clock, leaseMs: 60_000, scan: (t: string) => scanTenantItems(testOperatorDb(), t) };
    await assert.rejects(deleteTenant(operatorScope(s.t.tenantId), { ...options, stopAfterBatches: 2 }), DeletionStopped);
    const journal = await readDeletionJournal(testOperatorDb(), s.t.tenantId);
    assert.ok(journal && journal.batches === 2, JSON.stringify(journal));
    assert.ok((await footprint(s.t.tenantId)).size > 1, 'part of the tenant is still there');
    // Another process while the lease holds: refused, nothing done.
    await assert.rejects(deleteTenant(operatorScope(s.t.tenantId), options), code('offboarding.busy'));
    // Once the lease has run out, the next run takes over and finishes.
    clock += 61_000;
    const report = await deleteTenant(operatorScope(s.t.tenantId), options);
    assert.equal(report.remaining, 0);
    assert.equal(report.resumes, 1);
    assert.ok(report.deletedTotal > report.deletedThisRun);
    assert.deepEqual(sortedIds(await footprint(s.t.tenantId)), []);
    assert.equal(await readDeletionJournal(testOperatorDb(), s.t.tenantId), undefined);
  });

  test('killed through the CLI midway (exit code 2), the next CLI run resumes it', async () => {
    const s = await seededTenant('Killed');
    const stopped = await runCli(tenantCli, ['delete', s.t.tenantId, '--stop-after-batches', '1']);
    assert.equal(stopped.code, 2, stopped.out);
    // The lease of a stopped CLI run (60 s) is simulated as run out.
    await rawClient(testOperatorDb()).send(new (await import('@aws-sdk/lib-dynamodb')).UpdateCommand({
      TableName: tableName(), Key: keys.tenantDeletion(s.t.tenantId), UpdateExpression: 'SET leaseUntil = :past', ExpressionAttributeValues: { ':past': 0 },
    }));
    const resumed = await runCli(tenantCli, ['delete', s.t.tenantId]);
    assert.equal(resumed.code, 0, resumed.out);
    assert.match(resumed.out, /resuming at phase/);
    assert.match(resumed.out, /^remaining items: 0$/m);
  });

  test('leftovers after verify keep the journal (and its due entry), its lease given up; the next run resumes at verify and finishes', async () => {
    const s = await seededTenant('Leftover');
    // Something keeps writing into the tenant while it is deleted: before each of verify's looks.
    const stray = { PK: tenantPrefix(s.t.tenantId), SK: 'STRAY' };
    const writingScan = async (t: string) => {
      await directClient().send(new PutCommand({ TableName: tableName(), Item: { ...stray, type: 'stray' } }));
      return operatorScan(t);
    };
    let clock = Date.now();
    await assert.rejects(deleteTenant(operatorScope(s.t.tenantId), { startedBy: 'operator', now: () => clock, scan: writingScan }), code('offboarding.leftovers'));
    const journal = await readDeletionJournal(testOperatorDb(), s.t.tenantId);
    assert.equal(journal?.phase, 'verify', 'the journal survives the failed verify');
    assert.equal(journal.leaseUntil, 0, 'its lease is given up at once');
    const raw = await getRaw(keys.tenantDeletion(s.t.tenantId));
    assert.equal(raw?.GSI4PK, keys.gsi4.tenantDeletionsDue(), 'still in the due queue: the settings item that was is gone');
    assert.equal(await getRaw(keys.tenantSettings(s.t.tenantId)), undefined);
    assert.ok(await getRaw(stray), 'the stray item is there');

    // The writer has stopped; the next run (same clock: no lease to wait for) resumes at verify.
    clock += 1;
    const report = await deleteTenant(operatorScope(s.t.tenantId), { startedBy: 'operator', now: () => clock, scan: operatorScan });
    assert.equal(report.remaining, 0);
    assert.equal(report.resumes, 1);
    assert.equal(await readDeletionJournal(testOperatorDb(), s.t.tenantId), undefined);
    assert.deepEqual(sortedIds(await footprint(s.t.tenantId)), []);
  });

  test('a run longer than its lease keeps it (renewed on a timer): another process is refused throughout', async () => {
    const s = await seededTenant('Long');
    const leaseMs = 400;
    let refused = 0;
    // Verify's Scan as a stretch without any batch, three leases long.
    const slowScan = async (t: string) => {
      for (let i = 0; i < 3; i++) {
        await sleep(leaseMs);
        await assert.rejects(deleteTenant(operatorScope(t), { startedBy: 'operator', leaseMs }), code('offboarding.busy'));
        refused++;
      }
      return operatorScan(t);
    };
    const report = await deleteTenant(operatorScope(s.t.tenantId), { startedBy: 'operator', leaseMs, scan: slowScan });
    assert.ok(refused >= 3);
    assert.equal(report.remaining, 0);
    assert.equal(report.resumes, 0, 'nobody took it over');
    assert.equal(await readDeletionJournal(testOperatorDb(), s.t.tenantId), undefined);
  });

  test('a run whose lease another process took over stops before deleting anything more', async () => {
    const s = await seededTenant('Lost');
    const leaseMs = 400;
    const stray = { PK: tenantPrefix(s.t.tenantId), SK: 'STRAY' };
    const takenOverScan = async (t: string) => {
      await directClient().send(new PutCommand({ TableName: tableName(), Item: { ...stray, type: 'stray' } }));
      // Another process holds the lease now (as after this one's ran out); a renewal notices.
      await directClient().send(new UpdateCommand({
        TableName: tableName(), Key: keys.tenantDeletion(t), UpdateExpression: 'SET leaseOwner = :other, leaseUntil = :until',
        ExpressionAttributeValues: { ':other': 'another-process', ':until': Date.now() + 60_000 },
      }));
      await sleep(leaseMs);
      return operatorScan(t);
    };
    await assert.rejects(deleteTenant(operatorScope(s.t.tenantId), { startedBy: 'operator', leaseMs, scan: takenOverScan }), code('offboarding.busy'));
    assert.ok(await getRaw(stray), 'what verify found after the lease was lost is not deleted by this run');
    assert.equal((await readDeletionJournal(testOperatorDb(), s.t.tenantId))?.leaseOwner, 'another-process');
    // That other process's lease runs out; the next run finishes.
    await directClient().send(new UpdateCommand({ TableName: tableName(), Key: keys.tenantDeletion(s.t.tenantId), UpdateExpression: 'SET leaseUntil = :past', ExpressionAttributeValues: { ':past': 0 } }));
    assert.equal((await deleteTenant(operatorScope(s.t.tenantId), { startedBy: 'operator', scan: operatorScan })).remaining, 0);
  });
});

describe('tenant copy --from-table', () => {
  test('a tenant deleted from the live table comes back exactly from a restored table', async () => {
    const s = await seededTenant('Restored');
    const restore = `${tableName()}-restore-${ulid().toLowerCase()}`;
    const local = new DynamoDBClient({ region: 'us-east-1', endpoint: stackEnv('ARBOR_LOCAL_DYNAMODB_ENDPOINT'), credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
    await local.send(new CreateTableCommand(tableDefinition(restore)));
    try {
      // The point-in-time restore: the table as it was, this tenant and its people included.
      const before = await footprint(s.t.tenantId, [s.t.ownerUserId]);
      await batchPut({ client: directClient(), tableName: restore }, [...before.values()]);
      await deleteTenant(operatorScope(s.t.tenantId), { startedBy: 'operator', scan: (t) => scanTenantItems(testOperatorDb(), t) });
      assert.equal((await footprint(s.t.tenantId, [s.t.ownerUserId])).size, 0);

      const bad = await runCli(tenantCli, ['copy', s.t.tenantId, '--from-table', tableName()]);
      assert.equal(bad.code, 1);
      assert.match(bad.out, /live table/);
      const { code: exit, out } = await runCli(tenantCli, ['copy', s.t.tenantId, '--from-table', restore]);
      assert.equal(exit, 0, out);
      const after = await footprint(s.t.tenantId, [s.t.ownerUserId]);
      assert.deepEqual([...after.entries()].sort(), [...before.entries()].sort(), 'the exact items, people records included');
      assert.match(out, /check: \d+ item\(s\) of the tenant found/);
    } finally {
      await local.send(new DeleteTableCommand({ TableName: restore }));
    }
  });

  test('a person whose address another identity owns live is not restored: USER# and EMAIL# go together or not at all', async () => {
    const s = await seededTenant('Reclaimed');
    const restore = `${tableName()}-restore-${ulid().toLowerCase()}`;
    const local = new DynamoDBClient({ region: 'us-east-1', endpoint: stackEnv('ARBOR_LOCAL_DYNAMODB_ENDPOINT'), credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
    await local.send(new CreateTableCommand(tableDefinition(restore)));
    try {
      const before = await footprint(s.t.tenantId, [s.t.ownerUserId, s.carl.userId, s.mia.userId]);
      await batchPut({ client: directClient(), tableName: restore }, [...before.values()]);
      const othersRecords = [...before.values()].filter((i) => /^(USER|EMAIL)#/.test(String(i.PK)) && i.userId !== s.t.ownerUserId);
      await deleteTenant(operatorScope(s.t.tenantId), { startedBy: 'operator', scan: operatorScan });
      // Since the restore point, the owner's address signed up again: a new identity owns it.
      const newcomer = await ensureUser(testPlatformDb(), s.t.ownerEmail, 'Newcomer');
      assert.notEqual(newcomer.id, s.t.ownerUserId);

      const report = await copyTenant({ source: { client: directClient(), tableName: restore }, target: testOperatorDb(), tenantId: s.t.tenantId });
      assert.equal(await getRaw(keys.user(s.t.ownerUserId)), undefined, 'no restored identity pointing at an address it no longer owns');
      assert.equal((await getRaw(keys.userEmail(s.t.ownerEmail)))?.userId, newcomer.id, 'the live owner of the address keeps it');
      assert.equal(report.peopleKept, 2, 'the owner\'s two records, left out together');
      // Anyone else's records the restore point held come back as they were.
      for (const record of othersRecords) assert.deepEqual(await getRaw({ PK: String(record.PK), SK: String(record.SK) }), record);
      assert.equal(report.peopleCopied, othersRecords.length);
    } finally {
      await local.send(new DeleteTableCommand({ TableName: restore }));
    }
  });
});

describe('deletion scheduled by an owner', () => {
  test('waits for its grace period, can be cancelled (audited, mailed), and the due pass then deletes it all', async () => {
    const s = await seededTenant('Scheduled');
    const db = tenantDbFor(s.t.tenantId);
    // Scheduled in the past (an injected clock), so the due passes below, whose times are all still
    // in the past, never see the deletions other suites schedule for a week from now.
    const t0 = Date.now() - 100 * DAY;
    await assert.rejects(scheduleTenantDeletion(db, s.owner, { confirmName: `${s.name}x`, now: t0 }), code('offboarding.nameMismatch'));
    const first = await scheduleTenantDeletion(db, s.owner, { confirmName: ` ${s.name} `, now: t0 });
    assert.equal(Date.parse(first.dueAt), t0 + 7 * DAY, 'ARBOR_TENANT_DELETION_GRACE_DAYS defaults to 7');
    assert.equal((await readScheduledDeletion(db))?.dueAt, first.dueAt);
    await assert.rejects(scheduleTenantDeletion(db, s.owner, { confirmName: s.name, now: t0 }), code('offboarding.alreadyScheduled'));
    const mails = await waitForMail(s.owner.email);
    assert.match(mails[0].subject, /will be deleted on/);

    const due = (days: number) => runDueTenantDeletions({ platform: testPlatformDb(), tenantDb: (t) => testTenantDb(t), now: t0 + days * DAY });
    assert.equal(await due(6.9), 0, 'not before the grace period ends');
    assert.ok((await footprint(s.t.tenantId)).size > 40);

    await cancelTenantDeletion(db, s.owner);
    assert.equal(await readScheduledDeletion(db), undefined);
    assert.equal(await due(8), 0, 'a cancelled deletion never runs');
    const actions = (await listAudit(db, { actorId: s.owner.userId })).items.map((e) => e.action);
    assert.ok(actions.includes('tenant.deletionSchedule') && actions.includes('tenant.deletionCancel'), actions.join());
    await waitForMail(s.owner.email, 2);

    const second = await scheduleTenantDeletion(db, s.owner, { confirmName: s.name, now: t0 + DAY });
    assert.equal(await due(7.5), 0);
    assert.equal(await due(8.1), 1, 'due 7 days after the second scheduling');
    assert.ok(Date.parse(second.dueAt) <= t0 + 8.1 * DAY);
    assert.deepEqual(sortedIds(await footprint(s.t.tenantId, [s.t.ownerUserId])), [], 'the due pass (runtime + tenant credentials) left nothing');
  });

  test('once the deletion job has taken it over, cancelling is refused', async () => {
    const s = await seededTenant('Started');
    const db = tenantDbFor(s.t.tenantId);
    const t0 = Date.now();
    await scheduleTenantDeletion(db, s.owner, { confirmName: s.name, now: t0 });
    assert.equal(await claimScheduledDeletion(db, t0 + DAY), false, 'not due yet');
    assert.equal(await claimScheduledDeletion(db, t0 + 8 * DAY), true);
    await assert.rejects(cancelTenantDeletion(db, s.owner), code('offboarding.alreadyStarted'));
    await assert.rejects(cancelTenantDeletion(tenantDbFor((await newTenant('Never')).tenantId), s.owner), code('offboarding.notScheduled'));
  });

  test('the owners\' mail failing after the commit (even reading the top unit) does not fail the schedule or the cancel', async () => {
    const t = await newTenant('Unmailed');
    const db = tenantDbFor(t.tenantId);
    const owner = { userId: t.ownerUserId, email: t.ownerEmail, name: 'Owner' };
    const unitReadsFail: TenantDb = {
      ...db,
      client: new Proxy(db.client, {
        get: (target, prop, receiver) => prop === 'send'
          ? (command: { input?: { Key?: { SK?: unknown } } }) =>
            command.input?.Key?.SK === 'UNIT' ? Promise.reject(new Error('unit read failed')) : target.send(command as never)
          : Reflect.get(target, prop, receiver),
      }),
    };
    const name = String((await getRaw(keys.tenantSettings(t.tenantId)))?.name);
    const scheduled = await scheduleTenantDeletion(unitReadsFail, owner, { confirmName: name });
    assert.equal((await readScheduledDeletion(db))?.dueAt, scheduled.dueAt);
    await cancelTenantDeletion(unitReadsFail, owner);
    assert.equal(await readScheduledDeletion(db), undefined);
  });

  test('the due pass reads past the entries of deletions still running, page after page', async () => {
    const t = await newTenant('Behind');
    const db = tenantDbFor(t.tenantId);
    const owner = { userId: t.ownerUserId, email: t.ownerEmail, name: 'Owner' };
    // In the past like the test above, and after its times: its due passes never see this one.
    const t0 = Date.now() - 80 * DAY;
    await scheduleTenantDeletion(db, owner, { confirmName: String((await getRaw(keys.tenantSettings(t.tenantId)))?.name), now: t0 });
    // Ahead of it in the queue: more running deletions (their lease live) than one page holds.
    const running = Array.from({ length: 30 }, () => ulid());
    const journalOf = (r: string) => ({
      ...keys.tenantDeletion(r), type: 'tenantDeletion', tenantId: r, phase: 'tenant', deleted: 0, batches: 0, startedBy: 'schedule',
      startedAt: new Date(t0).toISOString(), leaseOwner: 'elsewhere', leaseUntil: Date.now() + 10 * 60_000, resumes: 0,
      GSI4PK: keys.gsi4.tenantDeletionsDue(), GSI4SK: `${new Date(t0 - DAY).toISOString()}#${r}`,
    });
    await batchPut({ client: directClient(), tableName: tableName() }, running.map(journalOf));
    try {
      const taken = await runDueTenantDeletions({ platform: testPlatformDb(), tenantDb: (id) => testTenantDb(id), now: t0 + 8 * DAY });
      assert.equal(taken, 1, 'the running ones skipped, the due one behind them taken');
      assert.equal(await getRaw(keys.tenantSettings(t.tenantId)), undefined, 'and deleted');
      for (const r of running) assert.equal((await readDeletionJournal(testPlatformDb(), r))?.leaseOwner, 'elsewhere');
    } finally {
      for (const r of running) await directClient().send(new DeleteCommand({ TableName: tableName(), Key: keys.tenantDeletion(r) }));
    }
  });
});
