// RFC 7644 behaviours of /scim/v2 that every SCIM client relies on, whoever the IdP is: the
// discovery endpoints, authentication (401 for no, a wrong or a non-bearer token), the error
// message (Error schema, `status` as a string, the RFC's scimType), the ListResponse, filters
// (eq, sw, co, pr, and; userName, externalId, emails.value, displayName, members.value;
// attribute names in any case), attributes/excludedAttributes, meta (resourceType, created,
// lastModified, an absolute location, a weak version equal to the ETag header), If-Match
// preconditions (412, nothing changed; `*` and the current version pass), If-None-Match (304),
// names in any case in bodies, paths, filters and selections, and bad requests: a typed 4xx, never a 5xx, and the
// tenant's users and groups unchanged afterwards. A last block asserts what the RFCs say beyond
// the contract given to the implementation, each test naming its section. Sources:
//   RFC 7644 (protocol) https://www.rfc-editor.org/rfc/rfc7644, RFC 7643 (schema) https://www.rfc-editor.org/rfc/rfc7643
import type { APIRequestContext } from '@playwright/test';
import {
  createScimTenant, createUser, everything, expectList, expectScimError, expectStatus, filter, idsOf, memberIds, oktaUser, patchOp,
  read, said, scim, SCHEMA, type Resource, type ScimAnswer, type ScimClient, type ScimTenant,
} from './support/scim-client';
import { expect, test } from './support/test';

let tenant: ScimTenant;
let api: APIRequestContext;
let A: ScimClient;
type Seed = 'alice' | 'alina' | 'bob' | 'carol';
const seed = {} as Record<Seed, Resource>;
const groups = {} as Record<'both' | 'bobOnly', Resource>;

/** Four users (three with an externalId, alice with a work email of her own) and two groups. */
test.beforeAll(async ({ playwright }, info) => {
  test.setTimeout(120_000);
  api = await playwright.request.newContext({ baseURL: info.project.use.baseURL });
  tenant = await createScimTenant('proto');
  A = scim(api, tenant.token);
  const user = (local: string, externalId?: string, email = tenant.email(local)) =>
    createUser(A, { ...oktaUser(tenant.email(local), local, 'Seed', email), ...(externalId && { externalId }) });
  seed.alice = await user('alice', `ext-alice-${tenant.run}`, tenant.email('alice.mail'));
  seed.alina = await user('alina', `ext-alina-${tenant.run}`);
  seed.bob = await user('bob', `ext-bob-${tenant.run}`);
  seed.carol = await user('carol');
  const group = async (displayName: string, members: Resource[]) => {
    const a = await A.post('/Groups', { schemas: [SCHEMA.group], displayName, members: members.map((m) => ({ value: m.id })) });
    expectStatus(a, 201);
    return a.body!;
  };
  groups.both = await group(`Proto Both ${tenant.run}`, [seed.alice, seed.bob]);
  groups.bobOnly = await group(`Proto Bob ${tenant.run}`, [seed.bob]);
});

test.afterAll(async () => {
  await api?.dispose();
});

const ids = (...resources: Resource[]) => resources.map((r) => r.id as string).sort();
const sortedIds = (a: ScimAnswer) => idsOf(a).sort();

test('/ServiceProviderConfig, /ResourceTypes and /Schemas answer 200 without a filter', async () => {
  // RFC 7644 §4; RFC 7643 §5 (the configuration's required parts), §6, §7.
  const config = await A.get('/ServiceProviderConfig');
  expectStatus(config, 200);
  expect(config.body!.schemas).toContain(SCHEMA.serviceProviderConfig);
  for (const feature of ['patch', 'bulk', 'filter', 'changePassword', 'sort', 'etag']) expect(typeof config.body![feature]?.supported, feature).toBe('boolean');
  expect(config.body).toMatchObject({ patch: { supported: true }, filter: { supported: true }, etag: { supported: true } });
  expect(Array.isArray(config.body!.authenticationSchemes)).toBe(true);

  const types = expectList(await A.get('/ResourceTypes'));
  const byName = Object.fromEntries(types.map((t) => [t.name, t]));
  expect(byName.User).toMatchObject({ endpoint: '/Users', schema: SCHEMA.user });
  expect(byName.User.schemaExtensions).toContainEqual(expect.objectContaining({ schema: SCHEMA.enterprise }));
  expect(byName.Group).toMatchObject({ endpoint: '/Groups', schema: SCHEMA.group });

  const schemas = expectList(await A.get('/Schemas')).map((s) => s.id);
  expect(schemas).toEqual(expect.arrayContaining([SCHEMA.user, SCHEMA.group, SCHEMA.enterprise]));
});

test('no token, a wrong token or a header that is no bearer token: 401 with an Error; nothing created', async () => {
  const anonymous = scim(api, null);
  const wrong = scim(api, `${tenant.token}x`);
  const userName = tenant.email('intruder');
  for (const a of [
    await anonymous.get('/Users'),
    await wrong.get('/Users'),
    await scim(api, 'not-a-real-token').get(`/Users/${seed.alice.id}`),
    await A.get('/Users', { authorization: 'non-token' }),
    await A.get('/Users', { authorization: `Basic ${Buffer.from(`x:${tenant.token}`).toString('base64')}` }),
    await anonymous.post('/Users', oktaUser(userName, 'In', 'Truder')),
    await wrong.patch(`/Users/${seed.alice.id}`, patchOp({ op: 'replace', path: 'active', value: false })),
    await wrong.delete(`/Groups/${groups.both.id}`),
  ]) expectScimError(a, 401);
  expect(idsOf(await A.get(`/Users${filter(`userName eq "${userName}"`)}`))).toEqual([]);
  expect((await read(A, `/Users/${seed.alice.id}`)).active).toBe(true);
  expect(memberIds(await read(A, `/Groups/${groups.both.id}`))).toEqual(ids(seed.alice, seed.bob));
});

test('an unknown id is a 404 Error with status "404" for every method', async () => {
  for (const endpoint of ['/Users', '/Groups']) {
    const path = `${endpoint}/no-such-id-${tenant.run}`;
    expectScimError(await A.get(path), 404);
    expectScimError(await A.put(path, endpoint === '/Users' ? oktaUser(tenant.email('ghost'), 'Gh', 'Ost') : { schemas: [SCHEMA.group], displayName: 'Ghost' }), 404);
    expectScimError(await A.patch(path, patchOp({ op: 'replace', path: endpoint === '/Users' ? 'active' : 'displayName', value: endpoint === '/Users' ? false : 'x' })), 404);
    expectScimError(await A.delete(path), 404);
  }
});

test('a ListResponse: schemas, integer totalResults, startIndex and itemsPerPage, Resources', async () => {
  // RFC 7644 §3.4.2, §3.4.2.4.
  const all = await A.get('/Users');
  expectList(all);
  expect(all.body!.startIndex).toBe(1);
  expect(all.body!.totalResults).toBeGreaterThanOrEqual(4);
  const page = await A.get('/Users?startIndex=2&count=2');
  expect(expectList(page)).toHaveLength(2);
  expect(page.body).toMatchObject({ startIndex: 2, itemsPerPage: 2, totalResults: all.body!.totalResults });
});

test('user filters: eq, sw, co, pr, and on userName, externalId and emails.value; names in any case', async () => {
  const { alice, alina, bob } = seed;
  const run = tenant.run;
  const cases: [string, Resource[]][] = [
    [`userName eq "${alice.userName}"`, [alice]],
    [`USERNAME eq "${alice.userName}"`, [alice]],
    [`username eq "${bob.userName}"`, [bob]],
    [`userName sw "ali"`, [alice, alina]],
    [`userName co "lina."`, [alina]],
    [`externalId eq "ext-bob-${run}"`, [bob]],
    [`EXTERNALID eq "ext-alice-${run}"`, [alice]],
    [`externalId pr`, [alice, alina, bob]],
    [`emails.value eq "${tenant.email('alice.mail')}"`, [alice]],
    [`Emails.Value eq "${alina.userName}"`, [alina]],
    [`emails.value sw "alice.mail."`, [alice]],
    [`emails.value co "ina.${run}@"`, [alina]],
    [`userName sw "ali" and externalId eq "ext-alina-${run}"`, [alina]],
    [`userName sw "ali" and externalId eq "ext-bob-${run}"`, []],
    [`userName eq "nobody.${run}@${tenant.domain}"`, []],
  ];
  for (const [expression, expected] of cases) {
    expect(sortedIds(await A.get(`/Users${filter(expression)}`)), expression).toEqual(ids(...expected));
  }
});

test('group filters: displayName eq, sw, co, and members.value eq gives the groups holding a user', async () => {
  const { both, bobOnly } = groups;
  const cases: [string, Resource[]][] = [
    [`displayName eq "${both.displayName}"`, [both]],
    [`DISPLAYNAME eq "${bobOnly.displayName}"`, [bobOnly]],
    [`displayName sw "Proto "`, [both, bobOnly]],
    [`displayName co "Bob ${tenant.run}"`, [bobOnly]],
    [`members.value eq "${seed.alice.id}"`, [both]],
    [`members.value eq "${seed.bob.id}"`, [both, bobOnly]],
    [`members.value eq "${seed.carol.id}"`, []],
    [`displayName sw "Proto " and members.value eq "${seed.alice.id}"`, [both]],
  ];
  for (const [expression, expected] of cases) {
    expect(sortedIds(await A.get(`/Groups${filter(expression)}`)), expression).toEqual(ids(...expected));
  }
});

test('a filter that does not parse is a 400 with scimType invalidFilter', async () => {
  // RFC 7644 §3.4.2.2 and Table 9 (invalidFilter).
  for (const endpoint of ['/Users', '/Groups']) {
    for (const expression of ['userName eq', 'userName zz "x"', '(userName eq "x"', 'userName eq "unterminated', 'and', '"x" eq userName']) {
      expectScimError(await A.get(`${endpoint}${filter(expression)}`), 400, 'invalidFilter');
    }
  }
});

test('attributes=userName returns id and userName only; excludedAttributes=emails leaves emails out', async () => {
  // RFC 7644 §3.4.2.5, §3.9 (id is always returned).
  const onlyUserName = (r: Resource) => {
    expect(r).toMatchObject({ id: seed.alice.id, userName: seed.alice.userName });
    expect(Object.keys(r).filter((k) => !['id', 'userName', 'schemas'].includes(k)), JSON.stringify(r)).toEqual([]);
  };
  onlyUserName(await read(A, `/Users/${seed.alice.id}?attributes=userName`));
  const listed = expectList(await A.get(`/Users${filter(`userName eq "${seed.alice.userName}"`, '&attributes=userName')}`));
  expect(listed).toHaveLength(1);
  onlyUserName(listed[0]);

  const withoutEmails = await read(A, `/Users/${seed.alice.id}?excludedAttributes=emails`);
  expect(withoutEmails).toMatchObject({ id: seed.alice.id, userName: seed.alice.userName, name: seed.alice.name });
  expect(withoutEmails).not.toHaveProperty('emails');
  for (const r of expectList(await A.get('/Users?excludedAttributes=emails'))) expect(r).not.toHaveProperty('emails');
});

/** The meta RFC 7643 §3.1 describes, with the ETag header equal to its version (RFC 7644 §3.14). */
function expectMeta(a: ScimAnswer, resourceType: 'User' | 'Group', endpoint: '/Users' | '/Groups') {
  const meta = a.body!.meta;
  expect(meta, said(a)).toMatchObject({ resourceType });
  for (const at of [meta.created, meta.lastModified]) expect(Number.isNaN(Date.parse(at)), `a date: ${at}`).toBe(false);
  expect(Date.parse(meta.lastModified)).toBeGreaterThanOrEqual(Date.parse(meta.created));
  const location = new URL(meta.location); // throws unless absolute
  expect(location.protocol).toMatch(/^https?:$/);
  expect(location.pathname).toMatch(new RegExp(`/scim/v2${endpoint}/${a.body!.id}$`));
  expect(meta.version).toMatch(/^W\/".+"$/);
  expect(a.headers.etag, 'ETag header').toBe(meta.version);
  return meta as { version: string; created: string; lastModified: string; location: string };
}

test('meta: resourceType, created, lastModified, absolute location, weak version equal to ETag', async () => {
  expectMeta(await A.get(`/Users/${seed.alice.id}`), 'User', '/Users');
  expectMeta(await A.get(`/Groups/${groups.both.id}`), 'Group', '/Groups');
  const created = await A.post('/Users', oktaUser(tenant.email('meta'), 'Me', 'Ta'));
  expectStatus(created, 201);
  const first = expectMeta(created, 'User', '/Users');
  expectStatus(await A.patch(`/Users/${created.body!.id}`, patchOp({ op: 'replace', path: 'name.familyName', value: 'Tadata' })), 200, 204);
  const after = expectMeta(await A.get(`/Users/${created.body!.id}`), 'User', '/Users');
  expect(after.version).not.toBe(first.version);
  expect(after.created).toBe(first.created);
});

test('If-Match with a stale version: 412 on PUT and PATCH, and nothing changed', async () => {
  // RFC 7644 §3.14.
  const user = await A.post('/Users', oktaUser(tenant.email('dora'), 'Dora', 'First'));
  expectStatus(user, 201);
  const path = `/Users/${user.body!.id}`;
  const v1 = user.headers.etag;
  expect(v1, 'the 201 carries an ETag').toBeTruthy();
  expectStatus(await A.patch(path, patchOp({ op: 'replace', path: 'name.familyName', value: 'Second' }), { headers: { 'if-match': v1 } }), 200, 204);
  const current = await A.get(path);
  const v2 = current.headers.etag;
  expect(v2).not.toBe(v1);

  const stalePut = await A.put(path, { ...current.body, name: { givenName: 'Dora', familyName: 'Stale' } }, { headers: { 'if-match': v1 } });
  expectScimError(stalePut, 412);
  expectScimError(await A.patch(path, patchOp({ op: 'replace', path: 'name.familyName', value: 'Stale' }), { headers: { 'if-match': v1 } }), 412);
  const unchanged = await A.get(path);
  expect(unchanged.body).toEqual(current.body);
  expect(unchanged.headers.etag).toBe(v2);
  expectStatus(await A.patch(path, patchOp({ op: 'replace', path: 'name.familyName', value: 'Third' }), { headers: { 'if-match': v2 } }), 200, 204);
  expect((await read(A, path)).name.familyName).toBe('Third');

  const group = await A.post('/Groups', { schemas: [SCHEMA.group], displayName: `Versioned ${tenant.run}`, members: [] });
  expectStatus(group, 201);
  const gpath = `/Groups/${group.body!.id}`;
  expect(group.headers.etag, 'the 201 carries an ETag').toBeTruthy();
  expectStatus(await A.patch(gpath, patchOp({ op: 'replace', path: 'displayName', value: `Versioned 2 ${tenant.run}` })), 200, 204);
  expectScimError(await A.patch(gpath, patchOp({ op: 'replace', path: 'displayName', value: 'Stale' }), { headers: { 'if-match': group.headers.etag } }), 412);
  expect((await read(A, gpath)).displayName).toBe(`Versioned 2 ${tenant.run}`);
});

test('ETags: If-None-Match answers 304 without a body; If-Match current or * passes; a stale one is 412 on DELETE too', async () => {
  // RFC 7644 §3.14; RFC 9110 §13.1.1, §13.1.2, §15.4.5.
  const user = await A.post('/Users', oktaUser(tenant.email('etta'), 'Etta', 'First'));
  expectStatus(user, 201);
  const path = `/Users/${user.body!.id}`;
  const v1 = user.headers.etag;
  const cached = await A.get(path, { headers: { 'if-none-match': v1 } });
  expect([cached.status, cached.text, cached.headers.etag]).toEqual([304, '', v1]);
  expectStatus(await A.get(path, { headers: { 'if-none-match': 'W/"0"' } }), 200);

  const stale = 'W/"999999"';
  expectScimError(await A.delete(path, { headers: { 'if-match': stale } }), 412);
  const kept = await A.get(path);
  expect([kept.status, kept.headers.etag]).toEqual([200, v1]);
  const put = await A.put(path, { ...kept.body, title: 'Now' }, { headers: { 'if-match': v1 } });
  expectStatus(put, 200);
  expect(put.headers.etag).toBe(put.body!.meta.version);
  expect(put.headers.etag).not.toBe(v1);
  expectStatus(await A.get(path, { headers: { 'if-none-match': v1 } }), 200);
  const any = await A.patch(path, patchOp({ op: 'replace', path: 'title', value: 'Any' }), { headers: { 'if-match': '*' } });
  expectStatus(any, 200);
  expect(any.headers.etag).toBe(any.body!.meta.version);
  expectStatus(await A.delete(path, { headers: { 'if-match': any.headers.etag } }), 204);

  const group = await A.post('/Groups', { schemas: [SCHEMA.group], displayName: `Tagged ${tenant.run}` });
  const gpath = `/Groups/${group.body!.id}`;
  expect((await A.get(gpath, { headers: { 'if-none-match': group.headers.etag } })).status).toBe(304);
  expectScimError(await A.patch(gpath, patchOp({ op: 'add', path: 'members', value: [{ value: seed.carol.id }] }), { headers: { 'if-match': stale } }), 412);
  expectScimError(await A.delete(gpath, { headers: { 'if-match': stale } }), 412);
  expect(memberIds(await read(A, gpath))).toEqual([]);
  expectStatus(await A.delete(gpath, { headers: { 'if-match': group.headers.etag } }), 204);
});

test('names in any case (RFC 7643 §2.1): body keys, PATCH paths with value filters, filters, attributes and the enterprise URN', async () => {
  const urn = SCHEMA.enterprise.toUpperCase();
  const created = await A.post('/Users', {
    schemas: [SCHEMA.user, urn], UserName: tenant.email('Mixed'), Active: true,
    Name: { GivenName: 'Mix', FamilyName: 'Ed' }, Emails: [{ Value: tenant.email('mixed'), Type: 'work', Primary: true }], [urn]: { Department: 'Ops' },
  });
  expectStatus(created, 201);
  const u = created.body!;
  expect(u).toMatchObject({ userName: tenant.email('Mixed'), active: true, name: { givenName: 'Mix', familyName: 'Ed' }, [SCHEMA.enterprise]: { department: 'Ops' } });
  const patched = await A.patch(`/Users/${u.id}`, patchOp(
    { op: 'Replace', path: 'DisplayName', value: 'Mixed Case' },
    { op: 'Replace', path: 'emails[Type eq "work"].Value', value: tenant.email('mixed.work') },
    { op: 'Replace', path: `${urn}:DEPARTMENT`, value: 'Sales' },
  ));
  expectStatus(patched, 200);
  expect(patched.body).toMatchObject({ displayName: 'Mixed Case', emails: [{ value: tenant.email('mixed.work'), type: 'work' }], [SCHEMA.enterprise]: { department: 'Sales' } });
  expect(idsOf(await A.get(`/Users${filter(`UserName eq "${tenant.email('mixed')}" and EMAILS.VALUE eq "${tenant.email('mixed.work')}"`)}`))).toEqual([u.id]);
  const some = await A.get(`/Users/${u.id}?attributes=USERNAME,${urn}:Department`);
  expect(some.body).toMatchObject({ id: u.id, userName: tenant.email('Mixed'), [SCHEMA.enterprise]: { department: 'Sales' } });
  expect([some.body!.name, some.body!.emails, some.body!.displayName]).toEqual([undefined, undefined, undefined]);
  expectStatus(await A.delete(`/Users/${u.id}`), 204);
});

test('bad requests: a typed 4xx, never a 5xx, and the users and groups are unchanged', async () => {
  const usersBefore = await everything(A, '/Users');
  const groupsBefore = await everything(A, '/Groups');
  const alice = `/Users/${seed.alice.id}`;
  const BODY = ['invalidSyntax', 'invalidValue'];
  const cases: [string, () => Promise<ScimAnswer>, number, string | string[]][] = [
    ['unparsable JSON', () => A.post('/Users', '{"userName":'), 400, BODY],
    ['an array body', () => A.post('/Users', '[]'), 400, BODY],
    ['no userName', () => A.post('/Users', { schemas: [SCHEMA.user], name: { givenName: 'No', familyName: 'Name' } }), 400, BODY],
    ['userName a number', () => A.post('/Users', { schemas: [SCHEMA.user], userName: 42 }), 400, BODY],
    ['no email anywhere', () => A.post('/Users', { schemas: [SCHEMA.user], userName: `not-an-email-${tenant.run}` }), 400, BODY],
    ['active not a boolean', () => A.post('/Users', { ...oktaUser(tenant.email('maybe'), 'May', 'Be'), active: 'maybe' }), 400, BODY],
    ['duplicate userName', () => A.post('/Users', oktaUser(seed.alice.userName, 'Alice', 'Again')), 409, 'uniqueness'],
    ['PUT without userName', () => A.put(alice, { schemas: [SCHEMA.user], name: { givenName: 'X', familyName: 'Y' } }), 400, BODY],
    ['PUT taking bob\'s userName', () => A.put(alice, { ...seed.alice, userName: seed.bob.userName }), 409, 'uniqueness'],
    ['PATCH with an empty body', () => A.patch(alice, {}), 400, BODY],
    ['PATCH Operations not an array', () => A.patch(alice, { schemas: [SCHEMA.patchOp], Operations: 'replace' }), 400, BODY],
    ['PATCH with an unknown op', () => A.patch(alice, patchOp({ op: 'frobnicate', path: 'active', value: false })), 400, BODY],
    ['PATCH active to "maybe"', () => A.patch(alice, patchOp({ op: 'replace', path: 'active', value: 'maybe' })), 400, BODY],
    ['PATCH userName to ""', () => A.patch(alice, patchOp({ op: 'replace', path: 'userName', value: '' })), 400, BODY],
    ['PATCH a path that does not parse', () => A.patch(alice, patchOp({ op: 'replace', path: 'emails[type eq', value: 'x' })), 400, ['invalidPath', 'invalidFilter']],
    // RFC 7644 §3.5.2.2: a remove without a path fails with noTarget.
    ['PATCH remove without a path', () => A.patch(alice, patchOp({ op: 'remove' })), 400, 'noTarget'],
    // RFC 7644 §3.5.2: the operations apply all or none; the first one must not stay applied.
    ['PATCH good op then bad op', () => A.patch(alice, patchOp({ op: 'replace', path: 'name.familyName', value: 'Changed' }, { op: 'frobnicate', path: 'x' })), 400, BODY],
    ['group without displayName', () => A.post('/Groups', { schemas: [SCHEMA.group], members: [] }), 400, BODY],
    ['duplicate displayName', () => A.post('/Groups', { schemas: [SCHEMA.group], displayName: groups.both.displayName }), 409, 'uniqueness'],
    ['rename onto another group', () => A.patch(`/Groups/${groups.bobOnly.id}`, patchOp({ op: 'replace', path: 'displayName', value: groups.both.displayName })), 409, 'uniqueness'],
    ['group members not an array', () => A.patch(`/Groups/${groups.both.id}`, patchOp({ op: 'add', path: 'members', value: 'everyone' })), 400, BODY],
  ];
  for (const [label, send, status, scimType] of cases) {
    const a = await send();
    expect(a.status, `${label}: ${said(a)}`).toBeLessThan(500);
    expectScimError(a, status, scimType);
  }
  expect(await everything(A, '/Users'), 'users unchanged').toEqual(usersBefore);
  expect(await everything(A, '/Groups'), 'groups unchanged').toEqual(groupsBefore);
});

test('bodies sent as application/json or application/scim+json; charset=utf-8 are both accepted', async () => {
  // RFC 7644 §3.1 (the media type); Okta's samples send application/json, its SPEC test the charset form.
  for (const [local, contentType] of [['json', 'application/json'], ['charset', 'application/scim+json; charset=utf-8']]) {
    const a = await A.post('/Users', oktaUser(tenant.email(local), 'Content', 'Type'), { contentType });
    expectStatus(a, 201);
  }
});

test.describe('beyond the stated contract (what the RFCs add)', () => {
  test('RFC 7644 §3.3: a 201 carries a Location header equal to meta.location', async () => {
    const a = await A.post('/Users', oktaUser(tenant.email('located'), 'Lo', 'Cated'));
    expectStatus(a, 201);
    expect(a.headers.location).toBe(a.body!.meta.location);
  });

  test('RFC 7643 §4.1.1: userName is not case-exact, so eq matches any case and a case variant is a duplicate', async () => {
    // Okta's SPEC test also sends the upper-cased userName ("Username Case Sensitivity Check").
    expect(idsOf(await A.get(`/Users${filter(`userName eq "${seed.alice.userName.toUpperCase()}"`)}`))).toEqual([seed.alice.id]);
    expectScimError(await A.post('/Users', oktaUser(seed.bob.userName.toUpperCase(), 'Bob', 'Upper')), 409, 'uniqueness');
  });

  test('RFC 7644 §3.4.2.2: filter operators are case-insensitive too', async () => {
    expect(idsOf(await A.get(`/Users${filter(`userName EQ "${seed.alice.userName}"`)}`))).toEqual([seed.alice.id]);
    expect(sortedIds(await A.get(`/Users${filter('userName SW "ali" AND externalId PR')}`))).toEqual(ids(seed.alice, seed.alina));
  });

  test('RFC 7644 §3.4.2.4: count=0 returns only totalResults; startIndex below 1 is 1', async () => {
    const total = (await A.get('/Users')).body!.totalResults;
    const none = await A.get('/Users?count=0');
    expect(expectList(none)).toEqual([]);
    expect(none.body!.totalResults).toBe(total);
    const zero = await A.get('/Users?startIndex=0&count=2');
    expect(idsOf(zero)).toEqual(idsOf(await A.get('/Users?startIndex=1&count=2')));
    expect(zero.body!.startIndex).toBe(1);
  });

  test('RFC 6750 §3 and RFC 7235 §2.1: a 401 names the Bearer scheme, whose name is case-insensitive', async () => {
    const refused = await scim(api, null).get('/Users');
    expect(refused.headers['www-authenticate'] ?? '').toMatch(/^Bearer\b/i);
    expectStatus(await A.get('/Users', { authorization: `bearer ${tenant.token}` }), 200);
  });
});
