// People who leave the organization by losing their last membership, whichever way: removing
// their only unit, deleting a subtree in one transaction, or as a job. Their own line and their
// reports' lines go with them; someone who stays in another unit keeps theirs.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { addMembership, getUserMemberships, removeMembership } from '../../lib/members';
import { deleteUnit, getUnitOrThrow } from '../../lib/org';
import { getReportingLine } from '../../lib/reporting-lines';
import { buildTree } from '../org/support/tree-fixture';
import { lineWorld, setLine } from './fixtures';

describe('reporting lines of people who left', () => {
  test('removing someone\'s only unit clears their line and their reports\'; a second unit keeps them', async () => {
    const w = await lineWorld('LeftUnit');
    await addMembership(w.db, w.owner, { unitId: w.sales.id, role: 'member', ...w.cy });
    await setLine(w.db, w.owner, w.ada.userId, w.bob.userId);
    await setLine(w.db, w.owner, w.bob.userId, w.dee.userId);
    await setLine(w.db, w.owner, w.cy.userId, w.dee.userId);
    // Cy stays in Sales: nothing changes for their line.
    const cyCloud = (await getUserMemberships(w.db, w.cy.userId)).memberships.find((m) => m.unitId === w.cloud.id)!;
    await removeMembership(w.db, w.owner, { unitId: w.cloud.id, userId: w.cy.userId, expectedVersion: cyCloud.version });
    assert.equal((await getReportingLine(w.db, w.cy.userId))?.managerId, w.dee.userId);
    const [bob] = (await getUserMemberships(w.db, w.bob.userId)).memberships;
    await removeMembership(w.db, w.owner, { unitId: w.cloud.id, userId: w.bob.userId, expectedVersion: bob!.version });
    assert.equal(await getReportingLine(w.db, w.bob.userId), undefined);
    assert.equal(await getReportingLine(w.db, w.ada.userId), undefined);
  });

  test('a subtree deleted in one transaction takes the lines of the people who left with it', async () => {
    const w = await lineWorld('LeftSubtree');
    await setLine(w.db, w.owner, w.ada.userId, w.bob.userId);
    await setLine(w.db, w.owner, w.dee.userId, w.bob.userId);
    const result = await deleteUnit(w.db, w.owner, { unitId: w.cloud.id, expectedVersion: w.cloud.version, recursive: true });
    assert.equal(result.kind, 'deleted');
    assert.equal(await getReportingLine(w.db, w.ada.userId), undefined);
    assert.equal(await getReportingLine(w.db, w.dee.userId), undefined, "Dee's manager left");
  });

  test('a subtree deleted as a job does too', async () => {
    const w = await lineWorld('LeftJob');
    const built = await buildTree(w.tenantId, w.sales, { count: 60, fanout: 3, membersPerUnit: 1, users: 10 });
    const [boss, report] = built.userIds as [string, string];
    await setLine(w.db, w.owner, report, boss);
    await setLine(w.db, w.owner, w.ada.userId, boss);
    const sales = await getUnitOrThrow(w.db, w.sales.id);
    const result = await deleteUnit(w.db, w.owner, { unitId: sales.id, expectedVersion: sales.version, recursive: true });
    assert.equal(result.kind, 'job');
    assert.equal(await getReportingLine(w.db, report), undefined);
    assert.equal(await getReportingLine(w.db, w.ada.userId), undefined, "Ada's manager left");
  });
});
