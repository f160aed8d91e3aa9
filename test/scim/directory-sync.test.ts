// Directory sync in the tree (real stack: the handler as the route runs it, tenant-scoped
// credentials through the IAM gateway): rules place provisioned people (department paths, group
// mappings), the directory's memberships are marked and kept, deactivation ends access on the
// next request and keeps memberships, deletion removes the person but never the last owner, a
// token of one tenant finds nothing of another, and a revoked token stops at once.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { listAudit } from '../../lib/audit';
import { getUserMemberships, loadActorAccess } from '../../lib/members';
import { getUnit } from '../../lib/org';
import { listDirectoryErrors, validateRules, previewDirectoryRules, applyDirectoryRules, revokeScimToken, saveDirectoryConfig } from '../../lib/scim';
import { OPERATOR_ACTOR } from '../../lib/tenants';
import { testPlatformDb } from '../support/tenancy';
import { ENTERPRISE, newDirectory, PATCH, user } from './support';


describe('directory sync', () => {
  test('provisioned people land in the organization, and by department in the tree', async () => {
    const d = await newDirectory('dept');
    const ada = await d.call('POST', 'Users', user(d.domain, 'ada', { [ENTERPRISE]: { department: 'Engineering/Platform' } }));
    assert.equal(ada.status, 201, JSON.stringify(ada.body));
    assert.equal(ada.headers.get('content-type')?.split(';')[0], 'application/scim+json');
    assert.match(ada.headers.get('etag') ?? '', /^W\/"\d+"$/);
    const held = await getUserMemberships(d.db, ada.body!.id);
    assert.deepEqual(held.memberships.map((m) => [m.unitId, m.role, m.managedBy]), [[d.rootUnitId, 'member', 'directory']]);

    const preview = await previewDirectoryRules(d.db, { provider: 'entra', rules: { groups: [], departments: { separator: '/' } } });
    assert.equal(preview.people, 1);
    assert.deepEqual(preview.unitsToCreate, ['Engineering / Platform']);
    assert.equal(preview.adds, 1);
    assert.equal(preview.removes, 1);
    const saved = await saveDirectoryConfig(d.db, OPERATOR_ACTOR, { provider: 'entra', rules: { groups: [], departments: { separator: '/' } }, expectedVersion: preview.version });
    const progress = await applyDirectoryRules(d.db, { expectedVersion: saved.version });
    assert.equal(progress.processed, 1);
    const after = await getUserMemberships(d.db, ada.body!.id);
    assert.equal(after.memberships.length, 1);
    const platform = await getUnit(d.db, after.memberships[0]!.unitId);
    assert.equal(platform?.name, 'Platform');
    assert.equal(platform?.managedBy, 'directory');

    // A new person with the same department joins the same unit; a move of department moves them.
    const bo = await d.call('POST', 'Users', user(d.domain, 'bo', { [ENTERPRISE]: { department: 'Engineering / Platform' } }));
    assert.equal((await getUserMemberships(d.db, bo.body!.id)).memberships[0]!.unitId, platform!.id);
    const moved = await d.call('PATCH', `Users/${bo.body!.id}`, { schemas: [PATCH], Operations: [{ op: 'Replace', path: `${ENTERPRISE}:department`, value: 'Sales' }] });
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
    const boNow = await getUserMemberships(d.db, bo.body!.id);
    assert.equal(boNow.memberships.length, 1);
    assert.equal((await getUnit(d.db, boNow.memberships[0]!.unitId))?.name, 'Sales');
  });

  test('a department or a name Arbor cannot use leaves the person in the organization, and says why', async () => {
    const d = await newDirectory('odd');
    await saveDirectoryConfig(d.db, OPERATOR_ACTOR, { provider: 'entra', rules: { groups: [], departments: { separator: '/' } }, expectedVersion: 0 });
    const odd = await d.call('POST', 'Users', user(d.domain, 'odd', { displayName: 'Bad\u0007Name', [ENTERPRISE]: { department: `Ops/${'x'.repeat(150)}` } }));
    assert.equal(odd.status, 201, JSON.stringify(odd.body));
    const held = await getUserMemberships(d.db, odd.body!.id);
    assert.deepEqual(held.memberships.map((m) => m.unitId), [d.rootUnitId]);
    assert.equal(held.user?.name, `odd@${d.domain}`);
    const errors = await listDirectoryErrors(d.db);
    assert.ok(errors.some((e) => e.request === `place odd@${d.domain}` && /department/.test(e.detail)), JSON.stringify(errors));
  });

  test('a group mapped to a unit gives its members the role; leaving the group takes it away', async () => {
    const d = await newDirectory('groups');
    const unitsTeam = await d.call('POST', 'Users', user(d.domain, 'cy'));
    const group = await d.call('POST', 'Groups', { schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'], displayName: 'Platform leads', members: [] });
    assert.equal(group.status, 201, JSON.stringify(group.body));
    const config = await saveDirectoryConfig(d.db, OPERATOR_ACTOR, { provider: 'okta', rules: { groups: [{ groupId: group.body!.id, unitId: d.rootUnitId, role: 'admin' }] }, expectedVersion: 0 });
    assert.equal(config.version, 1);
    const add = await d.call('PATCH', `Groups/${group.body!.id}`, { schemas: [PATCH], Operations: [{ op: 'add', path: 'members', value: [{ value: unitsTeam.body!.id }] }] });
    assert.equal(add.status, 204);
    assert.deepEqual((await getUserMemberships(d.db, unitsTeam.body!.id)).memberships.map((m) => m.role), ['admin']);
    const remove = await d.call('PATCH', `Groups/${group.body!.id}`, { schemas: [PATCH], Operations: [{ op: 'Remove', path: 'members', value: [{ value: unitsTeam.body!.id }] }] });
    assert.equal(remove.status, 204);
    assert.deepEqual((await getUserMemberships(d.db, unitsTeam.body!.id)).memberships.map((m) => m.role), ['member']);

    // A group mapped to a unit that does not exist yet: created under the one picked, on first use.
    const next = await saveDirectoryConfig(d.db, OPERATOR_ACTOR, { provider: 'okta', rules: validateRules({ groups: [{ groupId: group.body!.id, unitId: d.rootUnitId, newUnit: ' Platform leads ', role: 'manager' }] }), expectedVersion: config.version });
    assert.equal(next.version, 2);
    await d.call('PATCH', `Groups/${group.body!.id}`, { schemas: [PATCH], Operations: [{ op: 'add', path: 'members', value: [{ value: unitsTeam.body!.id }] }] });
    const held = (await getUserMemberships(d.db, unitsTeam.body!.id)).memberships;
    const leads = held.find((m) => m.role === 'manager')!;
    const unit = await getUnit(d.db, leads.unitId);
    assert.deepEqual([unit?.name, unit?.parentId, unit?.managedBy], ['Platform leads', d.rootUnitId, 'directory']);
  });

  test('deactivation ends access on the next request and keeps memberships; deletion removes; the last owner stays', async () => {
    const d = await newDirectory('life');
    const eve = await d.call('POST', 'Users', user(d.domain, 'eve'));
    const id = eve.body!.id as string;
    await loadActorAccess(d.db, id);
    const off = await d.call('PATCH', `Users/${id}`, { schemas: [PATCH], Operations: [{ op: 'Replace', path: 'active', value: 'False' }] });
    assert.equal(off.status, 200);
    assert.equal(off.body!.active, false);
    await assert.rejects(loadActorAccess(d.db, id), (e: Error & { code?: string }) => e.code === 'tenant.deactivated');
    const trail = (await listAudit(d.db, { action: 'directory.deactivate' })).items;
    assert.deepEqual(trail.map((e) => [e.actor.name, e.target.label]), [['Directory sync (SCIM)', `eve@${d.domain}`]]);
    assert.equal((await getUserMemberships(d.db, id)).memberships.length, 1);
    const on = await d.call('PATCH', `Users/${id}`, { schemas: [PATCH], Operations: [{ op: 'replace', value: { active: true } }] });
    assert.equal(on.body!.active, true);
    await loadActorAccess(d.db, id);

    assert.equal((await d.call('DELETE', `Users/${id}`)).status, 204);
    assert.equal((await getUserMemberships(d.db, id)).memberships.length, 0);
    assert.equal((await d.call('GET', `Users/${id}`)).status, 404);

    // The owner provisioned by the directory too: deleting them is refused and changes nothing.
    const owner = await d.call('POST', 'Users', user(d.domain, 'owner'));
    assert.equal(owner.status, 201, JSON.stringify(owner.body));
    const refused = await d.call('DELETE', `Users/${owner.body!.id}`);
    assert.equal(refused.status, 409);
    assert.equal(refused.body!.status, '409');
    assert.equal((await d.call('GET', `Users/${owner.body!.id}`)).status, 200);
    assert.ok((await getUserMemberships(d.db, owner.body!.id)).memberships.some((m) => m.role === 'owner'));
  });

  test("a token finds nothing of another tenant, and a revoked token stops at once", async () => {
    const a = await newDirectory('iso-a');
    const b = await newDirectory('iso-b');
    const inB = await b.call('POST', 'Users', user(b.domain, 'onlyb'));
    await b.call('POST', 'Users', user(b.domain, 'same'));
    const sameName = await a.call('POST', 'Users', { ...user(b.domain, 'same') });
    assert.equal(sameName.status, 201, 'the same userName may exist in two tenants');
    for (const [method, body] of [['GET', undefined], ['PUT', user(b.domain, 'same')], ['PATCH', { schemas: [PATCH], Operations: [{ op: 'replace', path: 'active', value: false }] }], ['DELETE', undefined]] as const) {
      const res = await a.call(method, `Users/${inB.body!.id}`, body);
      assert.equal(res.status, 404, `${method} of another tenant's id`);
    }
    const listed = await a.call('GET', `Users?filter=${encodeURIComponent(`userName eq "same@${b.domain}"`)}`);
    assert.equal(listed.body!.totalResults, 1);
    assert.equal(listed.body!.Resources[0].userName, `same@${b.domain}`);
    const stillB = await b.call('GET', `Users/${inB.body!.id}`);
    assert.equal(stillB.body!.active, true);

    const tokens = await import('../../lib/scim').then((m) => m.listScimTokens({ tenant: a.db, platform: testPlatformDb() }));
    await revokeScimToken({ tenant: a.db, platform: testPlatformDb() }, { tokenId: tokens[0]!.tokenId, actor: OPERATOR_ACTOR });
    const denied = await a.call('GET', 'Users');
    assert.equal(denied.status, 401);
    assert.equal(denied.body!.status, '401');
  });
});
