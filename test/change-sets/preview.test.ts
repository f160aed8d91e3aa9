// Previewing a change set: the tree after, who gains and loses what and why, who must approve,
// conflicts with live edits since drafting, and problems; nothing live is written.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ulid } from 'ulid';
import { renameUnit, getUnitOrThrow } from '../../lib/org';
import { addOperations, dropOperation, previewChangeSet, readChangeSet, reconfirmOperation } from '../../lib/change-sets';
import { snapshotTenant } from '../members/membership-invariants';
import { approve, draft, reorgTenant, standardOperations } from './fixtures';

describe('previewChangeSet', () => {
  test('tells the tree after, access gained and lost with reasons, memberships lost and approvals; writes nothing', async () => {
    const t = await reorgTenant('Preview');
    const { units: u, people: p } = t;
    const researchId = ulid();
    const set = await draft(t, standardOperations(t, researchId));
    const before = await snapshotTenant(t.tenantId, t.rootUnitId);

    const preview = await previewChangeSet(t.db, set);
    assert.deepEqual(preview.conflicts, []);
    assert.deepEqual(preview.problems, []);
    assert.equal(preview.clean, true);
    assert.deepEqual(preview.tree.counts, { created: 1, renamed: 1, moved: 1, deleted: 1 });
    const after = new Map(preview.tree.after.map((r) => [r.id, r]));
    assert.deepEqual(after.get(u.platform.id)?.marks, ['moved']);
    assert.equal(after.get(u.platform.id)?.note, 'Engineering', 'a moved unit notes where it was');
    assert.equal(after.get(u.infra.id)?.name, 'Infrastructure');
    assert.deepEqual(after.get(researchId)?.marks, ['created']);
    assert.equal(after.has(u.tools.id), false, 'a deleted unit is not in the tree after');
    assert.deepEqual(preview.tree.before.find((r) => r.id === u.tools.id)?.marks, ['deleted']);

    // The pictures: the area under the top unit (Engineering and Sales both change), Platform
    // marked moved on both sides, under Sales after; Tools only before, Research only after.
    const pic = (side: 'before' | 'after', id: string) => preview.pictures[side].units.find((x) => x.id === id);
    assert.equal(preview.pictures.before.units[0]!.id, t.rootUnitId);
    assert.deepEqual(pic('before', u.platform.id)?.marks, ['moved']);
    assert.equal(pic('before', u.platform.id)?.parentId, u.engineering.id);
    assert.deepEqual(pic('after', u.platform.id)?.marks, ['moved']);
    assert.equal(pic('after', u.platform.id)?.parentId, u.sales.id);
    assert.deepEqual(pic('before', u.tools.id)?.marks, ['deleted']);
    assert.equal(pic('after', u.tools.id), undefined);
    assert.deepEqual(pic('after', researchId)?.marks, ['created']);
    assert.deepEqual(pic('after', u.infra.id)?.marks, ['renamed']);
    assert.ok(pic('after', u.field.id), 'context: the unit beside Platform under Sales');

    // Access: the Engineering manager loses Platform, the Sales manager gains it, both told why.
    const impact = new Map(preview.people.map((x) => [x.userId, x]));
    const em = impact.get(p.em.userId);
    assert.ok(em, 'the Engineering manager is affected');
    assert.deepEqual(em.gains, []);
    assert.equal(em.losses.length, 1);
    assert.equal(em.losses[0]!.unitId, u.platform.id);
    assert.match(em.losses[0]!.reason, /Platform moves out of Engineering/);
    const sm = impact.get(p.sm.userId);
    assert.ok(sm, 'the Sales manager is affected');
    assert.deepEqual(sm.losses, []);
    assert.equal(sm.gains.length, 1);
    assert.equal(sm.gains[0]!.unitId, u.platform.id);
    assert.match(sm.gains[0]!.reason, /Platform moves into Sales/);
    for (const unaffected of [p.pm, p.admin, p.outsider, { userId: t.ownerUserId }]) {
      assert.equal(impact.has(unaffected.userId), false, `${unaffected.userId} keeps what they administer`);
    }
    assert.deepEqual(preview.unmanaged, []);

    // Memberships lost: p1 moves out of Platform, t1 and t2 go with Tools.
    const losses = preview.membershipsLost.map((l) => `${l.userId}:${l.unitId}:${l.reason}`).sort();
    assert.deepEqual(losses, [
      `${p.p1.userId}:${u.platform.id}:moved`,
      `${p.t1.userId}:${u.tools.id}:unitDeleted`,
      `${p.t2.userId}:${u.tools.id}:unitDeleted`,
    ].sort());
    const moved = preview.membershipsLost.find((l) => l.reason === 'moved')!;
    assert.equal(moved.unitName, 'Platform');
    assert.equal(moved.name, 'Pia One');

    // Approvals: the Platform/Engineering side and Sales, each with who may approve it.
    const areas = new Map(preview.approvals.areas.map((a) => [a.unitId, a]));
    assert.deepEqual(new Set(areas.keys()), new Set([u.platform.id, u.sales.id, u.infra.id, u.engineering.id, u.tools.id]));
    const approvers = (unitId: string) => new Set(areas.get(unitId)!.approvers.map((a) => a.userId));
    // em drafted the set: where someone else administers an area, em's own approval does not
    // count (four eyes), so em is not listed as one of its approvers but marked on it.
    assert.deepEqual(approvers(u.platform.id), new Set([p.pm.userId, p.admin.userId, t.ownerUserId]));
    assert.deepEqual(approvers(u.sales.id), new Set([p.sm.userId, p.admin.userId, t.ownerUserId]));
    assert.deepEqual(approvers(u.engineering.id), new Set([p.admin.userId, t.ownerUserId]));
    assert.deepEqual([u.platform.id, u.sales.id, u.engineering.id].map((id) => areas.get(id)!.author), ['fourEyes', undefined, 'fourEyes']);
    assert.equal(areas.get(u.platform.id)!.approvers.at(-1)!.role, 'owner', 'owners come last');
    assert.deepEqual(areas.get(u.sales.id)!.operations, [set.operations[0]!.seq]);
    assert.equal(preview.approvals.complete, false, 'no reviews yet');
    assert.ok(preview.approvals.areas.every((a) => !a.approvedBy));

    await approve(t, set.header.setId, p.admin);
    const reviewed = await previewChangeSet(t.db, await readChangeSet(t.db, set.header.setId));
    assert.equal(reviewed.approvals.complete, true, 'an admin covers every area');

    // Nothing live changed (the review wrote only its own audit entry).
    const now = await snapshotTenant(t.tenantId, t.rootUnitId);
    assert.deepEqual({ ...now, audit: [] }, { ...before, audit: [] });
    assert.equal(now.audit.length, before.audit.length + 1);
  });
});

describe('conflicts and problems', () => {
  test('a live edit since drafting is a conflict on that operation; re-confirming clears it, dropping removes it', async () => {
    const t = await reorgTenant('Conflicts');
    const { units: u } = t;
    const set = await draft(t, [
      { kind: 'renameUnit', unitId: u.infra.id, name: 'Infrastructure' },
      { kind: 'renameUnit', unitId: u.field.id, name: 'Field Sales' },
    ], t.owner);
    const [renameInfra, renameField] = set.operations;
    assert.deepEqual((await previewChangeSet(t.db, set)).conflicts, []);

    await renameUnit(t.db, t.owner, { unitId: u.infra.id, name: 'Infra Team', expectedVersion: u.infra.version });
    let preview = await previewChangeSet(t.db, set);
    assert.equal(preview.conflicts.length, 1);
    assert.equal(preview.conflicts[0]!.seq, renameInfra!.seq);
    assert.match(preview.conflicts[0]!.changes.join(' '), /Infra was renamed to Infra Team/);
    assert.equal(preview.clean, false);

    const reconfirmed = await reconfirmOperation(t.db, await t.actor(t.owner), set.header.setId, set.header.version, renameInfra!.seq);
    assert.equal(reconfirmed.header.version, set.header.version + 1);
    assert.equal(reconfirmed.operations.find((o) => o.seq === renameInfra!.seq)!.basis.units[u.infra.id]!.name, 'Infra Team');
    preview = await previewChangeSet(t.db, reconfirmed);
    assert.deepEqual(preview.conflicts, []);
    assert.equal(preview.clean, true);

    const dropped = await dropOperation(t.db, await t.actor(t.owner), set.header.setId, reconfirmed.header.version, renameField!.seq);
    assert.deepEqual(dropped.operations.map((o) => o.seq), [renameInfra!.seq]);
    assert.equal(dropped.header.opCount, 1);
    preview = await previewChangeSet(t.db, dropped);
    assert.equal(preview.tree.counts.renamed, 1);
    assert.equal(preview.tree.after.some((r) => r.id === u.field.id), false, 'the dropped rename is gone from the preview');
    assert.equal((await getUnitOrThrow(t.db, u.infra.id)).name, 'Infra Team', 'the live tree is as the live edit left it');
  });

  test('two units of one name under one parent, and removing the last owner, are problems', async () => {
    const t = await reorgTenant('Problems');
    const { units: u } = t;
    const set = await draft(t, [
      { kind: 'createUnit', parentId: u.sales.id, name: 'North' },
      { kind: 'createUnit', parentId: u.sales.id, name: 'north' },
      { kind: 'renameUnit', unitId: u.field.id, name: 'NORTH' },
      { kind: 'removeMember', unitId: u.root.id, userId: t.ownerUserId },
      { kind: 'removeMember', unitId: u.sales.id, userId: t.people.p1.userId },
    ], t.owner);
    const [first, second, rename, removeOwner, removeStranger] = set.operations;
    const preview = await previewChangeSet(t.db, set);
    const problems = new Map(preview.problems.map((x) => [x.seq, x.messages.join(' ')]));
    assert.equal(problems.has(first!.seq), false, 'the first of the two goes through');
    assert.match(problems.get(second!.seq) ?? '', /Sales already has a unit named "North"/);
    assert.match(problems.get(rename!.seq) ?? '', /already has a unit named "North"/);
    assert.match(problems.get(removeOwner!.seq) ?? '', /without an owner/);
    assert.match(problems.get(removeStranger!.seq) ?? '', /Pia One is not a member of Sales/);
    assert.deepEqual(preview.membershipsLost.map((l) => `${l.userId}:${l.unitId}`), [`${t.ownerUserId}:${u.root.id}`], 'only a real membership is told as lost');
    assert.equal(preview.clean, false);

    // Unrelated: an operation naming a unit that isn't there is refused when drafted.
    await assert.rejects(
      addOperations(t.db, await t.actor(t.owner), set.header.setId, set.header.version, [{ kind: 'renameUnit', unitId: ulid(), name: 'Ghost' }]),
      (e: Error & { code?: string }) => e.code === 'changeSet.badOperation',
    );
  });
});
