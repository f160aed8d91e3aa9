// Setting and clearing managers against the real local stack: versions, refusals that write
// nothing (oneself, loops of two and three, people of another tenant), the audit entry and
// webhook event written with the change, and two opposite writes racing (exactly one lands).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ArborError } from '../../lib/errors';
import { lineItem } from '../../lib/reporting-lines/line-item';
import { directClient, tableName } from '../support/stack';
import { directReports, getReportingLine, listReportingLines, readLineChange, setManager } from '../../lib/reporting-lines';
import { eventOf } from '../../lib/webhooks/events';
import { snapshotTenant } from '../members/membership-invariants';
import { lineAudit, lineWorld, managerOf, setLine, storedLines } from './fixtures';

const code = (e: unknown) => (e instanceof ArborError ? e.code : String(e));
const refusedWith = async (work: Promise<unknown>, expected: string) => {
  await assert.rejects(work, (e) => {
    assert.equal(code(e), expected);
    return true;
  });
};

describe('setManager', () => {
  test('sets, reads back, lists among the reports, changes under its version and clears', async () => {
    const w = await lineWorld();
    const set = await setLine(w.db, w.owner, w.ada.userId, w.bob.userId);
    assert.deepEqual({ ...set, updatedAt: '' }, { userId: w.ada.userId, managerId: w.bob.userId, version: 1, source: 'console', updatedAt: '' });
    assert.equal((await getReportingLine(w.db, w.ada.userId))?.managerId, w.bob.userId);
    assert.deepEqual((await directReports(w.db, w.bob.userId)).items.map((l) => l.userId), [w.ada.userId]);

    // Stale version: a conflict, nothing changed.
    await refusedWith(setLine(w.db, w.owner, w.ada.userId, w.cy.userId, 7), 'reportingLine.versionConflict');
    const moved = await setLine(w.db, w.owner, w.ada.userId, w.cy.userId, 1);
    assert.equal(moved?.version, 2);
    assert.deepEqual((await directReports(w.db, w.bob.userId)).items, []);
    assert.deepEqual((await directReports(w.db, w.cy.userId)).items.map((l) => l.userId), [w.ada.userId]);

    // The same manager again writes nothing.
    const before = await lineAudit(w.tenantId);
    assert.equal((await setLine(w.db, w.owner, w.ada.userId, w.cy.userId))?.version, 2);
    assert.equal((await lineAudit(w.tenantId)).length, before.length);

    assert.equal(await setLine(w.db, w.owner, w.ada.userId, null, 2), null);
    assert.equal(await getReportingLine(w.db, w.ada.userId), undefined);
    assert.equal(await setLine(w.db, w.owner, w.ada.userId, null), null, 'clearing no line is a no-op');
  });

  test('every change writes its audit entry, which is the reportingLine.changed event', async () => {
    const w = await lineWorld();
    await setLine(w.db, w.owner, w.ada.userId, w.bob.userId);
    await setLine(w.db, w.owner, w.ada.userId, w.cy.userId);
    await setLine(w.db, w.owner, w.ada.userId, null);
    const entries = (await lineAudit(w.tenantId)).sort((a, b) => String(a.auditId).localeCompare(String(b.auditId)));
    assert.equal(entries.length, 3);
    const events = entries.map((e) => eventOf(e)!);
    assert.deepEqual(events.map((e) => e.type), ['reportingLine.changed', 'reportingLine.changed', 'reportingLine.changed']);
    assert.deepEqual(events.map((e) => e.data.after), [
      { userId: w.ada.userId, managerId: w.bob.userId, previousManagerId: null, source: 'console' },
      { userId: w.ada.userId, managerId: w.cy.userId, previousManagerId: w.bob.userId, source: 'console' },
      { userId: w.ada.userId, managerId: null, previousManagerId: w.cy.userId, source: 'console' },
    ]);
    assert.deepEqual(events[0]!.data.target, { type: 'person', id: w.ada.userId, label: w.ada.email });
    assert.equal(events[0]!.data.actor.id, w.owner.userId);
  });

  test('refuses oneself, loops of two and three (naming them), and writes nothing', async () => {
    const w = await lineWorld();
    await setLine(w.db, w.owner, w.ada.userId, w.bob.userId);
    await setLine(w.db, w.owner, w.bob.userId, w.cy.userId);
    const before = await snapshotTenant(w.tenantId, w.rootUnitId);
    await refusedWith(setLine(w.db, w.owner, w.ada.userId, w.ada.userId), 'reportingLine.self');
    // Two: Bob under Ada, who is under Bob.
    await refusedWith(setLine(w.db, w.owner, w.bob.userId, w.ada.userId), 'reportingLine.cycle');
    // Three: Cy under Ada → Bob → Cy.
    await assert.rejects(setLine(w.db, w.owner, w.cy.userId, w.ada.userId), (e) => {
      assert.equal(code(e), 'reportingLine.cycle');
      assert.match((e as Error).message, /Cy Young → Ada Lovelace → Bob Noyce → Cy Young/);
      return true;
    });
    assert.deepEqual(await snapshotTenant(w.tenantId, w.rootUnitId), before);
  });

  test('people of another tenant are not found, as person or as manager; neither tenant changes', async () => {
    const [w, other] = await Promise.all([lineWorld('Here'), lineWorld('There')]);
    const mine = await snapshotTenant(w.tenantId, w.rootUnitId);
    await refusedWith(setLine(w.db, w.owner, w.ada.userId, other.bob.userId), 'reportingLine.managerNotFound');
    await refusedWith(setLine(w.db, w.owner, other.ada.userId, w.bob.userId), 'reportingLine.personNotFound');
    await setLine(other.db, other.owner, other.ada.userId, other.bob.userId);
    assert.equal(await getReportingLine(w.db, other.ada.userId), undefined);
    assert.deepEqual((await directReports(w.db, other.bob.userId)).items, []);
    const theirs = await snapshotTenant(other.tenantId, other.rootUnitId);
    await refusedWith(setLine(w.db, w.owner, w.bob.userId, other.ada.userId), 'reportingLine.managerNotFound');
    assert.deepEqual(await snapshotTenant(w.tenantId, w.rootUnitId), mine);
    assert.deepEqual(await snapshotTenant(other.tenantId, other.rootUnitId), theirs);
  });

  test('a manager who left between the read and the write is refused, nothing written', async () => {
    const w = await lineWorld();
    const change = await readLineChange(w.db, w.ada.userId, w.dee.userId);
    const { removeUserFromTenant } = await import('../../lib/members');
    await removeUserFromTenant(w.db, w.owner, w.dee.userId);
    await refusedWith(setManager(w.db, w.owner, change, { source: 'console' }), 'reportingLine.managerNotFound');
    assert.equal(await getReportingLine(w.db, w.ada.userId), undefined);
  });

  test('A→B and B→A at once: exactly one lands, the other is refused as a loop', async () => {
    for (let round = 0; round < 5; round++) {
      const w = await lineWorld(`Race${round}`);
      // Both read before either writes: each sees the other without a manager.
      const [ab, ba] = await Promise.all([readLineChange(w.db, w.ada.userId, w.bob.userId), readLineChange(w.db, w.bob.userId, w.ada.userId)]);
      const outcomes = await Promise.allSettled([setManager(w.db, w.owner, ab, { source: 'api' }), setManager(w.db, w.owner, ba, { source: 'api' })]);
      const landed = outcomes.filter((o) => o.status === 'fulfilled');
      assert.equal(landed.length, 1, JSON.stringify(outcomes.map((o) => (o.status === 'rejected' ? code(o.reason) : 'ok'))));
      assert.equal(code((outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult).reason), 'reportingLine.cycle');
      const lines = await storedLines(w.tenantId);
      assert.equal(lines.length, 1);
      assert.equal((await lineAudit(w.tenantId)).length, 1);
    }
  });

  test('a loop already above the chosen manager is refused as a loop, named, nothing written', async () => {
    const w = await lineWorld('LoopAbove');
    // Bob ↔ Cy, as no write of setManager leaves it but data arriving otherwise might.
    for (const [userId, managerId] of [[w.bob.userId, w.cy.userId], [w.cy.userId, w.bob.userId]] as const) {
      await directClient().send(new PutCommand({ TableName: tableName(), Item: lineItem(w.tenantId, { userId, managerId, version: 1, source: 'import', updatedAt: new Date().toISOString() }) }));
    }
    const before = await snapshotTenant(w.tenantId, w.rootUnitId);
    await assert.rejects(setLine(w.db, w.owner, w.ada.userId, w.bob.userId), (e) => {
      assert.equal(code(e), 'reportingLine.cycle');
      assert.deepEqual((e as ArborError).details?.chain, ['Bob Noyce', 'Cy Young', 'Bob Noyce']);
      assert.match((e as ArborError).message, /already form a loop: Bob Noyce → Cy Young → Bob Noyce/);
      return true;
    });
    assert.deepEqual(await snapshotTenant(w.tenantId, w.rootUnitId), before);
    assert.equal(await getReportingLine(w.db, w.ada.userId), undefined);
  });

  test('a write built on a chain that changed since is walked again (sequential, the same reads)', async () => {
    const w = await lineWorld();
    const [ab, bc, ca] = await Promise.all([
      readLineChange(w.db, w.ada.userId, w.bob.userId),
      readLineChange(w.db, w.bob.userId, w.cy.userId),
      readLineChange(w.db, w.cy.userId, w.ada.userId),
    ]);
    await setManager(w.db, w.owner, ab, { source: 'api' });
    await setManager(w.db, w.owner, bc, { source: 'api' });
    await refusedWith(setManager(w.db, w.owner, ca, { source: 'api' }), 'reportingLine.cycle');
    const lines = await storedLines(w.tenantId);
    assert.equal(managerOf(lines, w.cy.userId), undefined);
    assert.equal(lines.length, 2);
  });

  test('a manager removed from the organization takes the lines with them: their reports have no manager now', async () => {
    const w = await lineWorld();
    await setLine(w.db, w.owner, w.ada.userId, w.bob.userId);
    await setLine(w.db, w.owner, w.cy.userId, w.bob.userId);
    await setLine(w.db, w.owner, w.bob.userId, w.dee.userId);
    const { removeUserFromTenant } = await import('../../lib/members');
    await removeUserFromTenant(w.db, w.owner, w.bob.userId);
    assert.deepEqual(await storedLines(w.tenantId), []);
    const cleared = (await lineAudit(w.tenantId)).filter((e) => (e.after as { managerId: unknown }).managerId === null);
    assert.deepEqual(cleared.map((e) => (e.after as { userId: string }).userId).sort(), [w.ada.userId, w.cy.userId].sort());
  });

  test('listReportingLines answers every line of the tenant and no other', async () => {
    const [w, other] = await Promise.all([lineWorld('ListHere'), lineWorld('ListThere')]);
    await setLine(w.db, w.owner, w.ada.userId, w.bob.userId);
    await setLine(w.db, w.owner, w.cy.userId, w.bob.userId);
    await setLine(other.db, other.owner, other.ada.userId, other.dee.userId);
    const lines = await listReportingLines(w.db);
    assert.deepEqual(lines.map((l) => [l.userId, l.managerId]).sort(), [[w.ada.userId, w.bob.userId], [w.cy.userId, w.bob.userId]].sort());
  });
});
