// Directory sync gives custom roles (real stack, the SCIM handler as the route runs it): a group
// mapping that names custom roles gives them on its unit, on both membership items; when the rule
// changes the roles follow; leaving the group takes them away. Rules name only roles the
// catalogue holds, within the per-membership limit, and giving them is decided as `role.assign`.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { authorize, ROLE_LIMITS, type ActorAccess } from '../../lib/authz';
import { addMembership, getUserMemberships, loadActorAccess, readUnitMember } from '../../lib/members';
import { createUnit } from '../../lib/org';
import { applyDirectoryRules, authorizeRuleRoles, previewDirectoryRules, saveDirectoryConfig, validateRules } from '../../lib/scim';
import { OPERATOR_ACTOR } from '../../lib/tenants';
import { defineRoles } from '../support/role-catalogue';
import { newDirectory, PATCH, user } from './support';

const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';

describe('directory sync with custom roles', () => {
  test('group pushed → its members hold the custom role on the unit; rule changed → roles follow; removed → gone', async () => {
    const d = await newDirectory('croles');
    const catalogue = await defineRoles(d.db, [
      { key: 'budget-approver', permissions: ['expenses.approve'] },
      { key: 'wiki-editor', permissions: ['wiki.publish'], reach: 'unit' },
    ]);
    const finance = await createUnit(d.db, OPERATOR_ACTOR, { parentId: d.rootUnitId, name: 'Finance' });
    const ada = (await d.call('POST', 'Users', user(d.domain, 'ada'))).body!.id as string;
    const group = await d.call('POST', 'Groups', { schemas: [GROUP], displayName: 'Approvers', members: [] });
    const groupId = group.body!.id as string;
    const rules = (roles: string[]) => validateRules({ groups: [{ groupId, unitId: finance.id, role: 'member', roles }] }, catalogue);
    const first = await saveDirectoryConfig(d.db, OPERATOR_ACTOR, { provider: 'okta', rules: rules(['budget-approver']), expectedVersion: 0 });

    const pushed = await d.call('PATCH', `Groups/${groupId}`, { schemas: [PATCH], Operations: [{ op: 'add', path: 'members', value: [{ value: ada }] }] });
    assert.equal(pushed.status, 204, JSON.stringify(pushed.body));
    const held = (await getUserMemberships(d.db, ada)).memberships.find((m) => m.unitId === finance.id);
    assert.deepEqual([held?.role, held?.roles, held?.managedBy], ['member', ['budget-approver'], 'directory']);
    assert.deepEqual((await readUnitMember(d.db, finance.id, ada))?.roles, ['budget-approver']);
    // The home membership gives none.
    assert.equal((await getUserMemberships(d.db, ada)).memberships.find((m) => m.unitId === d.rootUnitId)?.roles, undefined);
    // What the person now holds reaches the decision with the catalogue beside it.
    const access = await loadActorAccess(d.db, ada);
    assert.equal(access.catalogue?.version, catalogue.version);

    // The rule changes: the preview says so, and applying it gives the new set.
    const next = rules(['wiki-editor', 'budget-approver']);
    const preview = await previewDirectoryRules(d.db, { provider: 'okta', rules: next });
    assert.deepEqual(preview.samples.flatMap((s) => s.changes.map((c) => [c.kind, c.roles, c.fromRoles])), [['roleChange', ['wiki-editor', 'budget-approver'], ['budget-approver']]]);
    const second = await saveDirectoryConfig(d.db, OPERATOR_ACTOR, { provider: 'okta', rules: next, expectedVersion: first.version });
    assert.equal((await applyDirectoryRules(d.db, { expectedVersion: second.version })).changed, 1);
    assert.deepEqual((await readUnitMember(d.db, finance.id, ada))?.roles, ['wiki-editor', 'budget-approver']);
    const third = await saveDirectoryConfig(d.db, OPERATOR_ACTOR, { provider: 'okta', rules: rules([]), expectedVersion: second.version });
    await applyDirectoryRules(d.db, { expectedVersion: third.version });
    const bare = await readUnitMember(d.db, finance.id, ada);
    assert.deepEqual([bare?.role, bare?.roles], ['member', undefined]);
    const fourth = await saveDirectoryConfig(d.db, OPERATOR_ACTOR, { provider: 'okta', rules: rules(['budget-approver']), expectedVersion: third.version });
    await applyDirectoryRules(d.db, { expectedVersion: fourth.version });
    assert.deepEqual((await getUserMemberships(d.db, ada)).memberships.find((m) => m.unitId === finance.id)?.roles, ['budget-approver']);

    const removed = await d.call('PATCH', `Groups/${groupId}`, { schemas: [PATCH], Operations: [{ op: 'Remove', path: 'members', value: [{ value: ada }] }] });
    assert.equal(removed.status, 204);
    const after = (await getUserMemberships(d.db, ada)).memberships;
    assert.deepEqual(after.map((m) => [m.unitId, m.roles]), [[d.rootUnitId, undefined]]);
  });

  test('a membership made by hand keeps its custom roles; the directory only adds beside it', async () => {
    const d = await newDirectory('croles-hand');
    const catalogue = await defineRoles(d.db, [{ key: 'budget-approver', permissions: ['expenses.approve'] }]);
    const sales = await createUnit(d.db, OPERATOR_ACTOR, { parentId: d.rootUnitId, name: 'Sales' });
    const bo = (await d.call('POST', 'Users', user(d.domain, 'bo'))).body!.id as string;
    await addMembership(d.db, OPERATOR_ACTOR, { unitId: sales.id, userId: bo, role: 'manager' });
    const group = await d.call('POST', 'Groups', { schemas: [GROUP], displayName: 'Sales approvers', members: [{ value: bo }] });
    assert.equal(group.status, 201, JSON.stringify(group.body));
    await saveDirectoryConfig(d.db, OPERATOR_ACTOR, { provider: 'okta', rules: validateRules({ groups: [{ groupId: group.body!.id, unitId: sales.id, role: 'member', roles: ['budget-approver'] }] }, catalogue), expectedVersion: 0 });
    const preview = await previewDirectoryRules(d.db, { provider: 'okta', rules: validateRules({ groups: [{ groupId: group.body!.id, unitId: sales.id, role: 'member', roles: ['budget-approver'] }] }, catalogue) });
    assert.equal(preview.roleChanges, 0);
    const held = await readUnitMember(d.db, sales.id, bo);
    assert.deepEqual([held?.role, held?.roles, held?.managedBy], ['manager', undefined, undefined]);
  });

  test('rules name only roles the catalogue holds, within the limit', async () => {
    const d = await newDirectory('croles-check');
    const catalogue = await defineRoles(d.db, [{ key: 'budget-approver', permissions: ['expenses.approve'] }]);
    const rule = (roles: string[]) => ({ groups: [{ groupId: '01JAAAAAAAAAAAAAAAAAAAAAAA', unitId: d.rootUnitId, role: 'member', roles }] });
    const badRules = (e: Error & { code?: string }) => e.code === 'directory.badRules';
    assert.throws(() => validateRules(rule(['payroll-viewer']), catalogue), (e: Error & { code?: string }) => badRules(e) && /payroll-viewer/.test(e.message));
    // Without the catalogue no custom role is known.
    assert.throws(() => validateRules(rule(['budget-approver'])), badRules);
    const many = Array.from({ length: ROLE_LIMITS.rolesPerMembership + 1 }, (_, i) => `role-${i}`);
    assert.throws(() => validateRules(rule(many), catalogue), (e: Error & { code?: string }) => badRules(e) && /At most 10/.test(e.message));
    assert.deepEqual(validateRules(rule(['budget-approver', 'budget-approver']), catalogue).groups[0]!.roles, ['budget-approver']);
  });

  test('giving a custom role by a rule is decided as role.assign on its unit', async () => {
    const d = await newDirectory('croles-authz');
    const catalogue = await defineRoles(d.db, [{ key: 'budget-approver', permissions: ['expenses.approve'] }]);
    const rules = validateRules({ groups: [{ groupId: '01JAAAAAAAAAAAAAAAAAAAAAAA', unitId: d.rootUnitId, role: 'member', roles: ['budget-approver'] }] }, catalogue);
    const owner = await loadActorAccess(d.db, d.ownerUserId);
    const asked: string[] = [];
    await authorizeRuleRoles(d.db, rules, catalogue, (action, place) => (asked.push(action), authorize(owner, action, place)));
    assert.deepEqual(asked, ['role.assign']);
    // Someone who holds only a unit's management is refused (nobody grants what they do not hold).
    const manager: ActorAccess = { tenantId: d.tenantId, userId: 'someone', memberships: [{ unitId: d.rootUnitId, unitPath: owner.memberships[0]!.unitPath, role: 'manager' }] };
    await assert.rejects(authorizeRuleRoles(d.db, rules, catalogue, (action, place) => authorize(manager, action, place)), (e: Error & { code?: string }) => e.code === 'authz.role.assign');
  });
});
