// What outside SCIM clients send beyond the common shapes (the handler on the real stack):
// Entra's nulls (RFC 7643 §2.5: unassigned) on POST, PUT and PATCH; attribute names, paths,
// filters, selections and the enterprise URN in any case (RFC 7643 §2.1); and ETags (RFC 7644
// §3.14): If-None-Match answers 304, a stale If-Match answers 412 and changes nothing.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ENTERPRISE, newDirectory, PATCH, USER, user } from './support';

const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const SHOUTED = ENTERPRISE.toUpperCase();
const entraUser = (domain: string, name: string) => ({
  schemas: [USER, ENTERPRISE],
  externalId: `ext-${name}`,
  userName: `${name}@${domain}`,
  active: true,
  displayName: `${name} Entra`,
  title: null,
  nickName: null,
  phoneNumbers: null,
  addresses: null,
  emails: [{ primary: true, type: 'work', value: `${name}@${domain}` }],
  name: { formatted: `${name} Entra`, familyName: 'Entra', givenName: null },
  [ENTERPRISE]: { department: null, employeeNumber: null, manager: null },
});

describe('SCIM interoperability', () => {
  test("Entra's nulls are unassigned: POST accepts them, PUT and PATCH clear with them", async () => {
    const d = await newDirectory('nulls');
    const created = await d.call('POST', 'Users', entraUser(d.domain, 'nel'));
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const u = created.body!;
    for (const gone of ['title', 'nickName', 'phoneNumbers', 'addresses']) assert.equal(u[gone], undefined, gone);
    assert.deepEqual(u.name, { formatted: 'nel Entra', familyName: 'Entra' });

    const full = { ...user(d.domain, 'nel'), title: 'Engineer', nickName: 'N', phoneNumbers: [{ value: '+1 555 0100', type: 'work' }], [ENTERPRISE]: { department: 'Ops', employeeNumber: '7' } };
    const put = await d.call('PUT', `Users/${u.id}`, full);
    assert.equal(put.status, 200, JSON.stringify(put.body));
    assert.equal(put.body!.title, 'Engineer');
    const cleared = await d.call('PUT', `Users/${u.id}`, { ...full, title: null, phoneNumbers: null, name: { givenName: null, familyName: 'Test' }, [ENTERPRISE]: { department: null, employeeNumber: '7' } });
    assert.equal(cleared.status, 200, JSON.stringify(cleared.body));
    assert.equal(cleared.body!.title, undefined);
    assert.equal(cleared.body!.phoneNumbers, undefined);
    assert.deepEqual(cleared.body!.name, { familyName: 'Test' });
    assert.deepEqual(cleared.body![ENTERPRISE], { employeeNumber: '7' });

    await d.call('PUT', `Users/${u.id}`, full);
    const patched = await d.call('PATCH', `Users/${u.id}`, {
      schemas: [PATCH],
      Operations: [
        { op: 'Replace', path: 'title', value: null },
        { op: 'Replace', value: { nickName: null, 'name.givenName': null, [`${ENTERPRISE}:department`]: null } },
        { op: 'replace', value: { phoneNumbers: null, profileUrl: null, 'name.honorificPrefix': null } },
      ],
    });
    assert.equal(patched.status, 200, JSON.stringify(patched.body));
    for (const gone of ['title', 'nickName', 'phoneNumbers']) assert.equal(patched.body![gone], undefined, gone);
    assert.equal(patched.body!.name.givenName, undefined);
    assert.deepEqual(patched.body![ENTERPRISE], { employeeNumber: '7' });
    const read = await d.call('GET', `Users/${u.id}`);
    assert.equal(read.body!.title, undefined);

    const nested = await d.call('PATCH', `Users/${u.id}`, { schemas: [PATCH], Operations: [{ op: 'replace', path: 'name', value: { givenName: 'Nel', familyName: null } }] });
    assert.equal(nested.status, 200, JSON.stringify(nested.body));
    assert.deepEqual(nested.body!.name, { givenName: 'Nel' });

    const g = await d.call('POST', 'Groups', { schemas: [GROUP], displayName: 'Nulls', externalId: null, members: null });
    assert.equal(g.status, 201, JSON.stringify(g.body));
    const ext = await d.call('PATCH', `Groups/${g.body!.id}`, { schemas: [PATCH], Operations: [{ op: 'replace', value: { externalId: 'x1' } }] });
    assert.equal(ext.status, 204);
    const unset = await d.call('PATCH', `Groups/${g.body!.id}`, { schemas: [PATCH], Operations: [{ op: 'Replace', path: 'externalId', value: null }] });
    assert.equal(unset.status, 204, JSON.stringify(unset.body));
    assert.equal((await d.call('GET', `Groups/${g.body!.id}`)).body!.externalId, undefined);
    const gput = await d.call('PUT', `Groups/${g.body!.id}`, { schemas: [GROUP], displayName: 'Nulls', externalId: null, members: null });
    assert.equal(gput.status, 200, JSON.stringify(gput.body));
  });

  test('names, paths, filters, selections and the enterprise URN in any case; answers keep canonical names', async () => {
    const d = await newDirectory('case');
    const created = await d.call('POST', 'Users', {
      schemas: [USER, SHOUTED],
      UserName: `Casey@${d.domain}`,
      Active: 'True',
      ExternalId: 'ext-casey',
      Name: { GivenName: 'Casey', FamilyName: 'Case' },
      Emails: [{ Value: `casey@${d.domain}`, Type: 'work', Primary: true }],
      [SHOUTED]: { Department: 'Ops' },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const u = created.body!;
    assert.equal(u.userName, `Casey@${d.domain}`);
    assert.equal(u.active, true);
    assert.deepEqual(u.name, { givenName: 'Casey', familyName: 'Case' });
    assert.deepEqual(u[ENTERPRISE], { department: 'Ops' });

    const patched = await d.call('PATCH', `Users/${u.id}`, {
      schemas: [PATCH],
      Operations: [
        { op: 'Replace', path: 'DisplayName', value: 'Casey Case' },
        { op: 'Replace', path: 'Name.GivenName', value: 'Kasey' },
        { op: 'Replace', path: 'emails[Type eq "work"].Value', value: `kasey@${d.domain}` },
        { op: 'Replace', path: `${SHOUTED.toLowerCase()}:Department`, value: 'Sales' },
        { op: 'Add', path: 'urn:ietf:params:scim:schemas:core:2.0:user:Title', value: 'Lead' },
        { op: 'Replace', value: { NickName: 'KC', [SHOUTED]: { EmployeeNumber: '12' } } },
      ],
    });
    assert.equal(patched.status, 200, JSON.stringify(patched.body));
    const p = patched.body!;
    assert.equal(p.displayName, 'Casey Case');
    assert.equal(p.name.givenName, 'Kasey');
    assert.equal(p.title, 'Lead');
    assert.equal(p.nickName, 'KC');
    assert.deepEqual(p.emails.map((e: { value: string }) => e.value), [`kasey@${d.domain}`]);
    assert.deepEqual(p[ENTERPRISE], { department: 'Sales', employeeNumber: '12' });

    for (const filter of [`UserName eq "casey@${d.domain}"`, 'EXTERNALID eq "ext-casey"', `Emails.Value eq "kasey@${d.domain}"`, `emails[Value eq "kasey@${d.domain}"]`, 'ACTIVE eq true and DisplayName sw "casey"']) {
      const list = await d.call('GET', `Users?filter=${encodeURIComponent(filter)}`);
      assert.equal(list.status, 200, `${filter}: ${JSON.stringify(list.body)}`);
      assert.deepEqual(list.body!.Resources.map((r: { id: string }) => r.id), [u.id], filter);
    }
    const some = await d.call('GET', `Users/${u.id}?attributes=UserName,Name.GivenName,${SHOUTED}:Department`);
    assert.equal(some.status, 200, JSON.stringify(some.body));
    assert.equal(some.body!.userName, `Casey@${d.domain}`);
    assert.deepEqual(some.body!.name, { givenName: 'Kasey' });
    assert.deepEqual(some.body![ENTERPRISE], { department: 'Sales' });
    const whole = await d.call('GET', `Users/${u.id}?attributes=userName,${SHOUTED}`);
    assert.deepEqual(whole.body![ENTERPRISE], { department: 'Sales', employeeNumber: '12' });
    const without = await d.call('GET', `Users/${u.id}?excludedAttributes=${SHOUTED}:EmployeeNumber`);
    assert.deepEqual([without.body![ENTERPRISE], without.body!.userName], [{ department: 'Sales' }, `Casey@${d.domain}`]);
    assert.equal(some.body!.title, undefined);
    const less = await d.call('GET', `Users/${u.id}?excludedAttributes=TITLE,Emails`);
    assert.deepEqual([less.body!.title, less.body!.emails, less.body!.nickName], [undefined, undefined, 'KC']);

    const g = await d.call('POST', 'Groups', { schemas: [GROUP], DisplayName: 'Casing', Members: [{ Value: u.id }] });
    assert.equal(g.status, 201, JSON.stringify(g.body));
    assert.deepEqual(g.body!.members.map((m: { value: string }) => m.value), [u.id]);
    const renamed = await d.call('PATCH', `Groups/${g.body!.id}`, {
      schemas: [PATCH],
      Operations: [
        { op: 'Replace', path: 'DisplayName', value: 'Cased' },
        { op: 'Remove', path: `Members[Value eq "${u.id}"]` },
        { op: 'Add', path: 'MEMBERS', value: [{ Value: u.id }] },
      ],
    });
    assert.equal(renamed.status, 204, JSON.stringify(renamed.body));
    const found = await d.call('GET', `Groups?filter=${encodeURIComponent('DISPLAYNAME eq "cased"')}&excludedAttributes=Members`);
    assert.deepEqual(found.body!.Resources.map((r: { id: string; members?: unknown }) => [r.id, r.members]), [[g.body!.id, undefined]]);
  });

  test('ETags: If-None-Match answers 304; a stale If-Match answers 412 and changes nothing; * and the current version pass', async () => {
    const d = await newDirectory('etag');
    const config = await d.call('GET', 'ServiceProviderConfig');
    assert.equal(config.body!.etag.supported, true);

    const created = await d.call('POST', 'Users', user(d.domain, 'eve'));
    const path = `Users/${created.body!.id}`;
    const v1 = created.headers.get('etag')!;
    assert.equal(v1, created.body!.meta.version);
    assert.match(v1, /^W\/".+"$/);

    const notModified = await d.call('GET', path, undefined, { 'if-none-match': v1 });
    assert.equal(notModified.status, 304);
    assert.equal(notModified.body, undefined);
    assert.equal(notModified.headers.get('etag'), v1);
    assert.equal((await d.call('GET', path, undefined, { 'if-none-match': '*' })).status, 304);
    assert.equal((await d.call('GET', path, undefined, { 'if-none-match': 'W/"nope", W/"0"' })).status, 200);

    const stale = 'W/"999"';
    const refused = [
      await d.call('PUT', path, { ...user(d.domain, 'eve'), title: 'Stale' }, { 'if-match': stale }),
      await d.call('PATCH', path, { schemas: [PATCH], Operations: [{ op: 'replace', path: 'title', value: 'Stale' }] }, { 'if-match': stale }),
      await d.call('DELETE', path, undefined, { 'if-match': stale }),
    ];
    for (const r of refused) {
      assert.equal(r.status, 412, JSON.stringify(r.body));
      assert.equal(r.body!.status, '412');
      assert.deepEqual(r.body!.schemas, ['urn:ietf:params:scim:api:messages:2.0:Error']);
    }
    const same = await d.call('GET', path);
    assert.equal(same.headers.get('etag'), v1);
    assert.equal(same.body!.title, undefined);

    const current = await d.call('PATCH', path, { schemas: [PATCH], Operations: [{ op: 'replace', path: 'title', value: 'Now' }] }, { 'if-match': v1 });
    assert.equal(current.status, 200, JSON.stringify(current.body));
    const v2 = current.headers.get('etag')!;
    assert.notEqual(v2, v1);
    assert.equal(v2, current.body!.meta.version);
    assert.equal((await d.call('GET', path, undefined, { 'if-none-match': v1 })).status, 200);
    const any = await d.call('PUT', path, { ...user(d.domain, 'eve'), title: 'Any' }, { 'if-match': '*' });
    assert.equal(any.status, 200, JSON.stringify(any.body));
    assert.equal(any.headers.get('etag'), any.body!.meta.version);
    assert.equal((await d.call('DELETE', path, undefined, { 'if-match': v1 })).status, 412);
    assert.equal((await d.call('DELETE', path, undefined, { 'if-match': any.headers.get('etag')! })).status, 204);
    assert.equal((await d.call('DELETE', path, undefined, { 'if-match': '*' })).status, 404);

    const g = await d.call('POST', 'Groups', { schemas: [GROUP], displayName: 'Tagged' });
    const gpath = `Groups/${g.body!.id}`;
    const g1 = g.headers.get('etag')!;
    assert.equal((await d.call('GET', gpath, undefined, { 'if-none-match': g1 })).status, 304);
    assert.equal((await d.call('PATCH', gpath, { schemas: [PATCH], Operations: [{ op: 'replace', path: 'displayName', value: 'Stale' }] }, { 'if-match': stale })).status, 412);
    assert.equal((await d.call('PUT', gpath, { schemas: [GROUP], displayName: 'Stale' }, { 'if-match': stale })).status, 412);
    assert.equal((await d.call('DELETE', gpath, undefined, { 'if-match': stale })).status, 412);
    const kept = await d.call('GET', gpath);
    assert.deepEqual([kept.body!.displayName, kept.headers.get('etag')], ['Tagged', g1]);
    const renamed = await d.call('PATCH', gpath, { schemas: [PATCH], Operations: [{ op: 'replace', path: 'displayName', value: 'Retagged' }] }, { 'if-match': g1 });
    assert.equal(renamed.status, 204);
    assert.equal((await d.call('DELETE', gpath, undefined, { 'if-match': renamed.headers.get('etag')! })).status, 204);
  });
});
