// Okta's provisioning sequence, replayed against /scim/v2 with a tenant's SCIM token, every body
// sent as `Content-Type: application/json` as Okta does: the connection test, the userName
// lookup and the create (password included, as Okta sends it), the duplicate refused with 409,
// the checks of Okta's "SCIM 2.0 SPEC Test" (Runscope) suite, the update as a full PUT of what
// was read, deactivation and reactivation by a path-less PATCH of `active` (Okta never deletes
// users) and by PUT (custom AIW integrations), group push (create, rename with the group's own
// id in the value, add, remove-and-add in one PATCH, replace of all members, PUT, delete), and
// an import of 150 users page by page (startIndex 1 then 101, count 100) that must neither
// repeat nor skip anyone. Sources, named on each step:
//   SCIM20    = https://developer.okta.com/docs/api/openapi/okta-scim/guides/scim-20
//               (formerly developer.okta.com/docs/reference/scim/scim-20/)
//   SCIM11    = https://developer.okta.com/docs/reference/scim/scim-11/ (the connection test's queries)
//   SPEC_TEST = https://developer.okta.com/standards/SCIM/SCIMFiles/Okta-SCIM-20-SPEC-Test.json
import type { APIRequestContext } from '@playwright/test';
import {
  createScimTenant, createUser, expectList, expectScimError, expectStatus, filter, idsOf, memberIds, oktaUser, patchOp, PLAIN_JSON,
  read, said, scim, SCHEMA, type Resource, type ScimTenant,
} from './support/scim-client';
import { expect, test } from './support/test';

test.describe.configure({ mode: 'serial' });

let tenant: ScimTenant;
let user: Resource;

test.beforeAll(async () => {
  tenant = await createScimTenant('okta');
});

/** Okta's client: application/json bodies (SCIM20 request samples; SPEC_TEST "Content-Type"). */
const okta = (request: APIRequestContext, t = tenant) => scim(request, t.token, { contentType: PLAIN_JSON });
const byUserName = (userName: string) => `/Users${filter(`userName eq "${userName}"`)}`;

test('Okta tests the connection: /Users?startIndex=1&count=2 and /Groups?startIndex=1&count=100', async ({ request }) => {
  // SCIM11 "After saving the configuration, Okta makes two requests" (the same two for SCIM 2.0).
  for (const path of ['/Users?startIndex=1&count=2', '/Groups?startIndex=1&count=100', '/Groups']) {
    const a = await okta(request).get(path);
    expectList(a);
    expect(a.body!.startIndex, said(a)).toBe(1);
  }
});

test('Okta looks the userName up, then creates the user with application/json: 201', async ({ request }) => {
  const c = okta(request);
  const userName = tenant.email('test.user');
  // SCIM20 "Determine if the User already exists", the query string exactly as Okta encodes it.
  const lookup = await c.get(`/Users?filter=userName%20eq%20%22${encodeURIComponent(userName)}%22&startIndex=1&count=100`);
  expect(expectList(lookup)).toEqual([]);
  expect(lookup.body!.totalResults).toBe(0);

  // SCIM20 "Create the User", the request body exactly (locale, groups: [], password and all).
  const a = await c.post('/Users', {
    schemas: [SCHEMA.user],
    userName,
    name: { givenName: 'Test', familyName: 'User' },
    emails: [{ primary: true, value: userName, type: 'work' }],
    displayName: 'Test User',
    locale: 'en-US',
    externalId: `00ujl29u0le5T6Aj10h7${tenant.run}`,
    groups: [],
    password: '1mz050nq',
    active: true,
  });
  expectStatus(a, 201);
  user = a.body!;
  expect(user.schemas).toContain(SCHEMA.user);
  expect(user).toMatchObject({ userName, active: true, name: { givenName: 'Test', familyName: 'User' } });
  expect(typeof user.id).toBe('string');
  expect(user.emails).toEqual([expect.objectContaining({ value: userName, type: 'work', primary: true })]);

  // SPEC_TEST "Expect failure when recreating user with same values": 409 (RFC 7644 §3.3: uniqueness).
  const again = await c.post('/Users', oktaUser(userName, 'Test', 'User'));
  expectScimError(again, 409, 'uniqueness');
  expect(idsOf(await c.get(byUserName(userName)))).toEqual([user.id]);
});

test('the SPEC test\'s reads: first listed user, user by id, unknown id, case check, 401', async ({ request }) => {
  const c = okta(request);
  // SPEC_TEST "Test Users endpoint": /Users?count=1&startIndex=1, the first user fully described.
  const first = expectList(await c.get('/Users?count=1&startIndex=1'));
  expect(first).toHaveLength(1);
  const described = (r: Resource) => {
    for (const value of [r.id, r.name?.familyName, r.name?.givenName, r.userName, r.emails?.[0]?.value]) expect(value, JSON.stringify(r)).toBeTruthy();
    expect(typeof r.active, JSON.stringify(r)).toBe('boolean');
  };
  described(first[0]);
  // SPEC_TEST "Get Users/{{id}}".
  const got = await read(c, `/Users/${user.id}`);
  described(got);
  expect(got.id).toBe(user.id);
  // SPEC_TEST "Test invalid User by ID" / "Check status 404": an Error with a detail.
  const missing = await c.get('/Users/00919288221112222');
  expectScimError(missing, 404);
  expect(missing.body!.detail).toBeTruthy();
  // SPEC_TEST "Username Case Sensitivity Check": the upper-cased userName is a valid query.
  expectList(await c.get(byUserName(user.userName.toUpperCase())));
  // SPEC_TEST "Check status 401": an Authorization header that is no bearer token.
  const refused = await c.get(byUserName(user.userName), { authorization: 'non-token' });
  expectScimError(refused, 401);
  expect(refused.body!.detail).toBeTruthy();
});

test('Okta updates with a full PUT of the user it read', async ({ request }) => {
  const c = okta(request);
  // SCIM20 "Update a specific User (PUT)": GET, change the attributes, PUT the whole object back
  // (id, meta and groups included, as Okta does).
  const before = await read(c, `/Users/${user.id}`);
  const body = { ...before, name: { ...before.name, givenName: 'Another', middleName: 'Excited' } };
  const a = await c.put(`/Users/${user.id}`, body);
  expectStatus(a, 200);
  expect(a.body).toMatchObject({ id: user.id, userName: user.userName, active: true, name: { givenName: 'Another', familyName: 'User' } });
  const after = await read(c, `/Users/${user.id}`);
  expect(after).toMatchObject({ id: user.id, userName: user.userName, active: true, name: { givenName: 'Another', familyName: 'User' } });
  expect(after.emails).toEqual(before.emails);
});

test('Okta deactivates with a path-less replace of active, and reactivates; the user stays', async ({ request }) => {
  const c = okta(request);
  const setActive = async (active: boolean) => {
    // SCIM20 "Update a specific User (PATCH)": the deactivation request exactly (true to reactivate).
    const a = await c.patch(`/Users/${user.id}`, { schemas: [SCHEMA.patchOp], Operations: [{ op: 'replace', value: { active } }] });
    expectStatus(a, 200, 204);
    if (a.status === 200) expect(a.body!.active).toBe(active);
    expect((await read(c, `/Users/${user.id}`)).active).toBe(active);
    // SCIM20 "Delete Users": Okta never deletes; a deactivated user is still found.
    const found = expectList(await c.get(byUserName(user.userName)));
    expect(found.map((r) => [r.id, r.active])).toEqual([[user.id, active]]);
  };
  await setActive(false);
  await setActive(true);
  expect((await read(c, `/Users/${user.id}`)).name).toMatchObject({ givenName: 'Another', familyName: 'User' });
});

test('custom (AIW) integrations deactivate and reactivate with a PUT', async ({ request }) => {
  const c = okta(request);
  // SCIM20 "Delete Users": "For any custom app integrations created using the AIW, this request is sent through a PUT".
  for (const active of [false, true]) {
    const current = await read(c, `/Users/${user.id}`);
    expectStatus(await c.put(`/Users/${user.id}`, { ...current, active }), 200);
    const after = await read(c, `/Users/${user.id}`);
    expect(after.active).toBe(active);
    expect(after).toMatchObject({ userName: user.userName, name: { givenName: 'Another', familyName: 'User' } });
  }
});

test('group push: create, rename with its own id, add, remove-and-add, replace, PUT, delete', async ({ request }) => {
  const c = okta(request);
  const u1 = user.id as string;
  const u2 = (await createUser(c, oktaUser(tenant.email('push.two'), 'Push', 'Two'))).id as string;
  const u3 = (await createUser(c, oktaUser(tenant.email('push.three'), 'Push', 'Three'))).id as string;
  const ref = (id: string) => ({ value: id, display: id });
  const members = async (gid: string) => memberIds(await read(c, `/Groups/${gid}`));
  const patched = async (gid: string, ...operations: Resource[]) => expectStatus(await c.patch(`/Groups/${gid}`, patchOp(...operations)), 200, 204);

  // SCIM20 "Create Groups", exactly.
  const created = await c.post('/Groups', { schemas: [SCHEMA.group], displayName: `Test SCIMv2 ${tenant.run}`, members: [] });
  expectStatus(created, 201);
  const gid = created.body!.id as string;
  expect(created.body).toMatchObject({ displayName: `Test SCIMv2 ${tenant.run}`, meta: { resourceType: 'Group' } });
  expect(created.body!.members ?? []).toEqual([]);
  // SCIM20 "Retrieve Groups" / "Retrieve specific Groups".
  expect(idsOf(await c.get('/Groups?startIndex=1&count=100'))).toContain(gid);

  // SCIM20 "Update a specific Group name", exactly: the value carries the group's own id. Okta
  // sends it again with every membership update, so the same name twice must pass too.
  const renamed = `Test SCIMv20 ${tenant.run}`;
  for (let i = 0; i < 2; i++) await patched(gid, { op: 'replace', value: { id: gid, displayName: renamed } });
  expect(await read(c, `/Groups/${gid}`)).toMatchObject({ id: gid, displayName: renamed });

  await patched(gid, { op: 'add', path: 'members', value: [ref(u1), ref(u3)] });
  expect(await members(gid)).toEqual([u1, u3].sort());
  // SCIM20 "Update specific Group membership", exactly: a filtered remove and an add in one PATCH.
  await patched(gid, { op: 'remove', path: `members[value eq "${u1}"]` }, { op: 'add', path: 'members', value: [ref(u2)] });
  expect(await members(gid)).toEqual([u2, u3].sort());
  // SCIM20 "full push of the membership" with replace.
  await patched(gid, { op: 'replace', path: 'members', value: [ref(u1), ref(u2)] });
  expect(await members(gid)).toEqual([u1, u2].sort());
  // SCIM20: custom (AIW) integrations send the whole group with PUT; members are replaced.
  const put = await c.put(`/Groups/${gid}`, { schemas: [SCHEMA.group], id: gid, displayName: renamed, members: [ref(u3)] });
  expectStatus(put, 200);
  expect(await members(gid)).toEqual([u3]);
  expect(idsOf(await c.get(`/Groups${filter(`members.value eq "${u3}"`)}`))).toEqual([gid]);
  expect(idsOf(await c.get(`/Groups${filter(`members.value eq "${u1}"`)}`))).toEqual([]);

  // SCIM20 "Delete a specific Group": 204, empty; the group is gone, its members are not.
  const deleted = await c.delete(`/Groups/${gid}`);
  expectStatus(deleted, 204);
  expect(deleted.text).toBe('');
  expectScimError(await c.get(`/Groups/${gid}`), 404);
  for (const id of [u1, u2, u3]) expect((await read(c, `/Users/${id}`)).id).toBe(id);
});

test('Okta imports 150 users page by page: no one repeated, no one skipped, one order', async ({ request }) => {
  test.setTimeout(240_000);
  const own = await createScimTenant('okta-paging');
  const c = okta(request, own);
  // Mixed case, so the order must be userName case-insensitively, not byte order.
  const bodies = Array.from({ length: 150 }, (_, i) => {
    const n = String(i).padStart(3, '0');
    return oktaUser(`${i % 2 ? 'Okta.Page' : 'okta.page'}${n}.${own.run}@${own.domain}`, `Given${n}`, `Family${n}`);
  });
  const created = new Set<string>();
  for (let i = 0; i < bodies.length; i += 10) {
    for (const u of await Promise.all(bodies.slice(i, i + 10).map((b) => createUser(c, b)))) created.add(u.id);
  }

  // SCIM20 "Retrieve Users": count=100, then startIndex+100 while totalResults is not reached.
  // Okta steps by 100 whatever came back, so a page of fewer than `count` would skip people.
  const first = await c.get('/Users?startIndex=1&count=100');
  const page1 = expectList(first);
  const total = first.body!.totalResults as number;
  expect(total).toBeGreaterThanOrEqual(150);
  expect(total, 'two pages of 100 hold everyone').toBeLessThanOrEqual(200);
  expect(first.body!.startIndex).toBe(1);
  expect(page1).toHaveLength(100);
  const second = await c.get('/Users?startIndex=101&count=100');
  const page2 = expectList(second);
  expect(second.body).toMatchObject({ startIndex: 101, totalResults: total });
  expect(page2).toHaveLength(total - 100);

  const listed = [...page1, ...page2];
  const ids = listed.map((r) => r.id as string);
  expect(new Set(ids).size, 'no user on both pages').toBe(ids.length);
  expect(ids.length, 'no gap: every user on one page').toBe(total);
  expect(ids.filter((id) => created.has(id)).length, 'every created user listed').toBe(created.size);
  const names = listed.map((r) => (r.userName as string).toLowerCase());
  expect(names, 'ordered by userName, case-insensitively').toEqual([...names].sort());
  // SPEC_TEST "Test Users endpoint": every listed user has these.
  for (const r of listed) {
    for (const value of [r.name?.givenName, r.name?.familyName, r.emails?.[0]?.value]) expect(value, JSON.stringify(r)).toBeTruthy();
  }

  // SCIM20: "the same ordering of results … regardless of which values are provided for count and startIndex".
  const again: string[] = [];
  for (let start = 1; start <= total; start += 37) {
    const a = await c.get(`/Users?startIndex=${start}&count=37`);
    const page = expectList(a);
    expect(a.body).toMatchObject({ startIndex: start, totalResults: total });
    expect(page).toHaveLength(Math.min(37, total - start + 1));
    again.push(...page.map((r) => r.id as string));
  }
  expect(again).toEqual(ids);
});

// Last, so that in this serial file a failure here skips nothing the contract covers.
test('beyond the contract: the password Okta sends is never returned', async ({ request }) => {
  const c = okta(request);
  // SCIM20 "Create the User" sends a password; RFC 7643 §4.1.1 makes it "returned": "never".
  const created = await createUser(c, { ...oktaUser(tenant.email('secret'), 'Sec', 'Ret'), password: '1mz050nq' });
  expect(created).not.toHaveProperty('password');
  expect(await read(c, `/Users/${created.id}`)).not.toHaveProperty('password');
});
