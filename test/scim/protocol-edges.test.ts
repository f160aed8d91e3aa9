// The SCIM endpoint where clients and races push it (the handler on the real stack): pages past
// the end, filters and selections refused before anything is written, values that would not fit
// a key, two deletes of one person, the last owner, Entra's work address on a user without one,
// and a group deleted while its links are read.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { getDirectoryConfig } from '../../lib/scim';
import { getUserMemberships } from '../../lib/members';
import { newDirectory, PATCH, user } from './support';

describe('SCIM edges', () => {
  test('a page past the end, bad filters and bad selections: exact totals, 400s, nothing written', async () => {
    const d = await newDirectory('edges');
    for (const n of ['a1', 'a2', 'a3']) assert.equal((await d.call('POST', 'Users', user(d.domain, n))).status, 201);
    const past = await d.call('GET', 'Users?startIndex=50&count=10');
    assert.deepEqual([past.status, past.body!.totalResults, past.body!.Resources.length], [200, 3, 0]);
    for (const filter of ['userName eq ""', 'emails[value eq 5]', 'emails[type eq "work"]', `userName eq "${'ﷺ'.repeat(100)}"`]) {
      const res = await d.call('GET', `Users?filter=${encodeURIComponent(filter)}`);
      assert.deepEqual([res.status, res.body!.scimType], [400, 'invalidFilter'], filter);
    }
    const bad = await d.call('POST', 'Users?attributes=x:..', user(d.domain, 'never'));
    assert.equal(bad.status, 400);
    const nulls = await d.call('POST', 'Users', { ...user(d.domain, 'nulls'), emails: [null] });
    assert.ok(nulls.status < 500, JSON.stringify(nulls.body));
    const huge = await d.call('POST', 'Users', { ...user(d.domain, 'huge'), nickName: 'x'.repeat(70_000) });
    assert.equal(huge.status, 400);
    const long = await d.call('POST', 'Users', { ...user(d.domain, 'long'), userName: `${'ﷺ'.repeat(170)}@${d.domain}` });
    assert.equal(long.status, 400);
    assert.equal((await d.call('GET', 'Users')).body!.totalResults, nulls.status === 201 ? 4 : 3);
  });

  test('two deletes of one person at once: gone once, counted once; the last owner is neither deactivated nor deleted', async () => {
    const d = await newDirectory('twice');
    const u = await d.call('POST', 'Users', user(d.domain, 'gone'));
    const results = await Promise.all([d.call('DELETE', `Users/${u.body!.id}`), d.call('DELETE', `Users/${u.body!.id}`)]);
    // Both may finish the one deletion (the second meets it under way); it is counted once.
    assert.ok(results.every((r) => r.status === 204 || r.status === 404) && results.some((r) => r.status === 204), JSON.stringify(results.map((r) => r.status)));
    assert.equal((await d.call('DELETE', `Users/${u.body!.id}`)).status, 404);
    assert.equal((await getDirectoryConfig(d.db)).userCount, 0);
    assert.equal((await getUserMemberships(d.db, u.body!.id)).memberships.length, 0);

    const owner = await d.call('POST', 'Users', user(d.domain, 'owner'));
    const off = await d.call('PATCH', `Users/${owner.body!.id}`, { schemas: [PATCH], Operations: [{ op: 'replace', value: { active: false } }] });
    assert.equal(off.status, 409);
    assert.equal((await d.call('GET', `Users/${owner.body!.id}`)).body!.active, true);
  });

  test("Entra's work address on a user who has none is added; a deleted group leaves no links", async () => {
    const d = await newDirectory('entra');
    const u = await d.call('POST', 'Users', { ...user(d.domain, 'nowork'), emails: [{ value: `nowork@${d.domain}`, type: 'home', primary: true }] });
    const set = await d.call('PATCH', `Users/${u.body!.id}`, { schemas: [PATCH], Operations: [{ op: 'Replace', path: 'emails[type eq "work"].value', value: `work@${d.domain}` }] });
    assert.equal(set.status, 200, JSON.stringify(set.body));
    assert.ok((set.body!.emails as { type: string; value: string }[]).some((e) => e.type === 'work' && e.value === `work@${d.domain}`));

    const g = await d.call('POST', 'Groups', { schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'], displayName: 'Leavers', members: [{ value: u.body!.id }] });
    assert.equal(g.status, 201);
    assert.equal((await d.call('DELETE', `Groups/${g.body!.id}`)).status, 204);
    const read = await d.call('GET', `Users/${u.body!.id}`);
    assert.equal(read.body!.groups, undefined);
    const again = await d.call('POST', 'Groups', { schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'], displayName: 'Leavers' });
    assert.equal(again.status, 201, 'the name is free again');
  });
});
