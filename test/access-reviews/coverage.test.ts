// What a review covers beyond built-in roles: custom roles (named, or by a permission they give)
// and the directory rules that grant an elevated or custom role; neither a plain member nor a
// rule giving `member` is an item.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { listReviewItems, startReview } from '../../lib/access-reviews';
import { isArborError } from '../../lib/errors';
import { setMembershipRoles } from '../../lib/members';
import { saveDirectoryConfig } from '../../lib/scim';
import { defineRoles } from '../members/fixtures';
import { actorOf, reviewWorld, settings } from './fixtures';

describe('coverage', () => {
  test('custom roles, named or by a permission they give, each with its why line', async () => {
    const w = await reviewWorld('CoverCustom');
    await defineRoles(w.tenantId, ['budget-approver', 'wiki-editor']);
    await setMembershipRoles(w.db, w.owner, { unitId: w.cloud.id, userId: w.cy.userId, roles: ['budget-approver'], expectedVersion: 1 });
    await setMembershipRoles(w.db, w.owner, { unitId: w.sales.id, userId: w.dee.userId, roles: ['wiki-editor'], expectedVersion: 1 });
    const by = await actorOf(w.db, w.owner);
    const named = await startReview(w.db, by, settings({ coverage: { customRoles: ['budget-approver'] } }), { platform: w.platform });
    const items = (await listReviewItems(w.db, named.reviewId)).items;
    assert.deepEqual(items.map((i) => i.subject.id), [w.cy.userId]);
    assert.deepEqual(items[0]!.access.roles, ['budget-approver']);
    assert.match(items[0]!.why[0]!, /^Custom role budget-approver \(gives budget-approver\.use, reaches the subtree\)$/);
    assert.equal(items[0]!.reviewer?.userId, w.ada.userId, "the nearest administrator above Cloud: Engineering's manager");

    const byPermission = await startReview(w.db, by, settings({ coverage: { permissions: ['wiki-editor.use'] } }), { platform: w.platform });
    assert.deepEqual((await listReviewItems(w.db, byPermission.reviewId)).items.map((i) => i.subject.id), [w.dee.userId]);
    await assert.rejects(startReview(w.db, by, settings({ coverage: { permissions: ['nope.use'] } })), (e) => isArborError(e) && e.code === 'accessReview.unknownRoles');
  });

  test('directory rules granting a manager role are items; a rule giving member is not', async () => {
    const w = await reviewWorld('CoverRules');
    const [g1, g2] = ['01J0000000000000000000GRP1', '01J0000000000000000000GRP2'];
    await saveDirectoryConfig(w.db, w.owner, {
      provider: 'okta',
      rules: { groups: [{ groupId: g1, unitId: w.engineering.id, role: 'manager' }, { groupId: g2, unitId: w.sales.id, role: 'member' }] },
      expectedVersion: 0,
    });
    const header = await startReview(w.db, await actorOf(w.db, w.owner), settings({ coverage: { directoryRules: true } }), { platform: w.platform });
    const items = (await listReviewItems(w.db, header.reviewId)).items;
    assert.deepEqual(items.map((i) => [i.kind, i.subject.id]), [['directoryRule', g1]]);
    assert.match(items[0]!.why[0]!, /^Directory rule: group .* → Manager of Engineering$/);
    assert.equal(items[0]!.reviewer?.userId, w.owner.userId);
    assert.equal(items[0]!.basis.version, 1);
  });
});
