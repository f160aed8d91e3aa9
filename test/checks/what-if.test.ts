// Checks against a draft change set, against DynamoDB Local: each answered now and after the
// set's operations, by the same decision; a move taking a unit out of someone's reach, a
// membership the set adds, a unit it deletes, a unit it creates; nothing of another organization;
// nothing written.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ulid } from 'ulid';
import { readChangeSet } from '../../lib/change-sets';
import { checkAfterChangeSet, type CheckItemError, type MayAsk, type WhatIfResult } from '../../lib/checks';
import { draft, reorgTenant, standardOperations, treeState } from '../change-sets/fixtures';

const anyone: MayAsk = () => true;
const answered = (r: WhatIfResult | CheckItemError): WhatIfResult => {
  assert.ok(!('error' in r), `answered, not ${JSON.stringify(r)}`);
  return r;
};
const refused = (r: WhatIfResult | CheckItemError): string => {
  assert.ok('error' in r, `refused, not ${JSON.stringify(r)}`);
  return r.error.code;
};

describe('checkAfterChangeSet', () => {
  test('a move, an added membership and a deletion change the answers; nothing is written', async () => {
    const t = await reorgTenant('WhatIf');
    const { units: u, people: p } = t;
    const researchId = ulid();
    const set = await draft(t, [
      ...standardOperations(t, researchId),
      { kind: 'addMember', userId: p.outsider.userId, unitId: u.engineering.id, role: 'manager' },
    ], t.owner);
    const before = await treeState(t.tenantId);
    const answer = await checkAfterChangeSet(t.db, {
      set: await readChangeSet(t.db, set.header.setId),
      explain: true,
      mayAsk: anyone,
      checks: [
        { subject: { userId: p.em.userId }, permission: 'unit.create', unitId: u.platform.id },
        { subject: { userId: p.sm.userId }, permission: 'unit.create', unitId: u.platform.id },
        { subject: { userId: p.outsider.userId }, permission: 'unit.create', unitId: u.infra.id },
        { subject: { userId: p.em.userId }, permission: 'tree.read', unitId: u.tools.id },
        { subject: { userId: p.admin.userId }, permission: 'unit.create', unitId: u.infra.id },
        { subject: { userId: p.em.userId }, permission: 'unit.create', unitId: researchId },
      ],
    });
    assert.equal(answer.opsVersion, set.header.opsVersion);
    const [emPlatform, smPlatform, outsiderInfra, emTools, adminInfra, created] = answer.results;

    const moved = answered(emPlatform!);
    assert.deepEqual([moved.before.allowed, moved.after.allowed, moved.changed], [true, false, true], 'Platform moves out of Engineering');
    assert.ok(moved.before.explanation && 'grantedBy' in moved.before.explanation);
    assert.equal(moved.before.explanation.grantedBy.unitName, 'Engineering');
    assert.ok(moved.after.explanation && 'reason' in moved.after.explanation);
    assert.equal(moved.after.explanation.reason, 'permissionNotHeld');

    const gained = answered(smPlatform!);
    assert.deepEqual([gained.before.allowed, gained.after.allowed, gained.changed], [false, true, true], 'Platform moves into Sales');
    assert.ok(gained.after.explanation && 'grantedBy' in gained.after.explanation);
    assert.equal(gained.after.explanation.grantedBy.unitId, u.sales.id);
    assert.equal(gained.after.explanation.grantedBy.unitPath, u.sales.path);

    const added = answered(outsiderInfra!);
    assert.deepEqual([added.before.allowed, added.after.allowed], [false, true], 'the set makes them manager of Engineering');

    const gone = answered(emTools!);
    assert.equal(gone.before.allowed, true);
    assert.deepEqual(gone.after, { allowed: false, explanation: { reason: 'unitGone', message: 'Tools is deleted by this change set.' } });

    const same = answered(adminInfra!);
    assert.deepEqual([same.before.allowed, same.after.allowed, same.changed], [true, true, false]);

    assert.equal(refused(created!), 'check.unitNotFound', 'checks name units that exist now');
    assert.deepEqual(await treeState(t.tenantId), before, 'nothing written');
  });

  test('custom roles move with a moved membership', async () => {
    const t = await reorgTenant('WhatIfRoles');
    const { units: u, people: p } = t;
    const { defineRoles } = await import('../support/role-catalogue');
    const { setMembershipRoles, readUnitMember } = await import('../../lib/members');
    await defineRoles(t.db, [{ key: 'approver', permissions: ['expenses.approve'], reach: 'subtree' }]);
    const m = await readUnitMember(t.db, u.platform.id, p.p2.userId);
    await setMembershipRoles(t.db, t.owner, { unitId: u.platform.id, userId: p.p2.userId, roles: ['approver'], expectedVersion: m!.version });
    const set = await draft(t, [{ kind: 'moveMember', userId: p.p2.userId, fromUnitId: u.platform.id, unitId: u.field.id }], t.owner);
    const answer = await checkAfterChangeSet(t.db, {
      set: await readChangeSet(t.db, set.header.setId),
      mayAsk: anyone,
      checks: [
        { subject: { userId: p.p2.userId }, permission: 'expenses.approve', unitId: u.platform.id },
        { subject: { userId: p.p2.userId }, permission: 'expenses.approve', unitId: u.field.id },
      ],
    });
    const [platform, field] = answer.results.map(answered);
    assert.deepEqual([platform!.before, platform!.after], [{ allowed: true }, { allowed: false }]);
    assert.deepEqual([field!.before, field!.after], [{ allowed: false }, { allowed: true }]);
  });

  test('another organization’s people and units are not found; a unit the caller may not ask about both now and after is refused first', async () => {
    const t = await reorgTenant('WhatIfBad');
    const other = await reorgTenant('WhatIfOther');
    const set = await draft(t, [{ kind: 'moveUnit', unitId: t.units.platform.id, parentId: t.units.sales.id }]);
    const read = await readChangeSet(t.db, set.header.setId);
    const smAsks: MayAsk = (unit) => unit.path.startsWith(t.units.sales.path);
    const answer = await checkAfterChangeSet(t.db, {
      set: read,
      mayAsk: smAsks,
      checks: [
        { subject: { userId: other.people.em.userId }, permission: 'unit.create', unitId: t.units.sales.id },
        { subject: { userId: t.people.em.userId }, permission: 'unit.create', unitId: other.units.platform.id },
        { subject: { userId: t.people.em.userId }, permission: 'unit.create', unitId: t.units.infra.id },
        { subject: { userId: t.people.em.userId }, permission: 'unit.create', unitId: t.units.platform.id },
        { subject: { userId: t.people.em.userId }, permission: 'expenses.approve', unitId: t.units.platform.id },
      ],
    });
    assert.deepEqual(answer.results.slice(0, 3).map(refused), ['check.subjectNotFound', 'check.unitNotFound', 'authz.access.explain']);
    assert.equal(refused(answer.results[3]!), 'authz.access.explain', 'Platform is in Sales only after: where it is now is not the Sales manager’s to ask about');
    assert.equal(refused(answer.results[4]!), 'check.unknownPermission');
    await assert.rejects(readChangeSet(t.db, (await draft(other, [{ kind: 'renameUnit', unitId: other.units.infra.id, name: 'X' }])).header.setId), { code: 'changeSet.notFound' });
  });
});
