// Tenant isolation of /scim/v2: two tenants, each with its own SCIM token. The same userName is
// provisioned in both (both 201) and each tenant sees only its own copy; tenant A's token aimed
// at tenant B's user and group ids gets 404 for GET, PUT, PATCH and DELETE (never 403, which
// would confirm the id exists), A's lists and filters never show B's resources, A cannot make
// B's user a member of its own group, and B's resources read back exactly as before (same body,
// same ETag) after every attempt. RFC 7644 §7.2 ("Service providers MUST … ensure that clients
// are not able to access data they are not authorized to see") and §3.12 (404 for a resource
// the client cannot see) are the basis; https://www.rfc-editor.org/rfc/rfc7644
import type { APIRequestContext } from '@playwright/test';
import {
  createScimTenant, createUser, everything, expectList, expectScimError, expectStatus, filter, idsOf, memberIds, oktaUser, patchOp,
  read, said, scim, SCHEMA, type Resource, type ScimAnswer, type ScimClient, type ScimTenant,
} from './support/scim-client';
import { expect, test } from './support/test';

let a: ScimTenant;
let b: ScimTenant;
let api: APIRequestContext;
let A: ScimClient;
let B: ScimClient;
let bUser: Resource;
let bGroup: Resource;

test.beforeAll(async ({ playwright }, info) => {
  test.setTimeout(120_000);
  api = await playwright.request.newContext({ baseURL: info.project.use.baseURL });
  [a, b] = await Promise.all([createScimTenant('tenant-a'), createScimTenant('tenant-b')]);
  A = scim(api, a.token);
  B = scim(api, b.token);
  bUser = await createUser(B, { ...oktaUser(b.email('bea'), 'Bea', 'Only'), externalId: `ext-bea-${b.run}` });
  const g = await B.post('/Groups', { schemas: [SCHEMA.group], displayName: `B Group ${b.run}`, members: [{ value: bUser.id }] });
  expectStatus(g, 201);
  bGroup = g.body!;
});

test.afterAll(async () => {
  await api?.dispose();
});

/** What B reads of its own user and group: bodies and ETags, to compare before and after. */
async function bView() {
  const user = await B.get(`/Users/${bUser.id}`);
  const group = await B.get(`/Groups/${bGroup.id}`);
  expectStatus(user, 200);
  expectStatus(group, 200);
  return { user: user.body, userTag: user.headers.etag, group: group.body, groupTag: group.headers.etag };
}

/** Refused without a 5xx; when refused, with the SCIM error shape, and never 403. */
function expectNoLeak(answer: ScimAnswer) {
  expect(answer.status, said(answer)).toBeLessThan(500);
  expect(answer.status, `403 would confirm the id exists: ${said(answer)}`).not.toBe(403);
  if (answer.status >= 400) expectScimError(answer, answer.status);
}

test('the same userName in both tenants: both 201, each tenant finds and changes only its own', async () => {
  const shared = `shared.${a.run}@shared-${a.run}.test`;
  const inA = await createUser(A, oktaUser(shared, 'Sam', 'Shared'));
  const inB = await createUser(B, oktaUser(shared, 'Sam', 'Shared'));
  const byName = `/Users${filter(`userName eq "${shared}"`)}`;
  expect(idsOf(await A.get(byName))).toEqual([inA.id]);
  expect(idsOf(await B.get(byName))).toEqual([inB.id]);

  const beforeInB = await B.get(`/Users/${inB.id}`);
  expectStatus(await A.patch(`/Users/${inA.id}`, patchOp({ op: 'replace', value: { active: false, 'name.familyName': 'OnlyInA' } })), 200, 204);
  expect(await read(A, `/Users/${inA.id}`)).toMatchObject({ active: false, name: { familyName: 'OnlyInA' } });
  const afterInB = await B.get(`/Users/${inB.id}`);
  expect(afterInB.body).toEqual(beforeInB.body);
  expect(afterInB.body).toMatchObject({ active: true, name: { familyName: 'Shared' } });

  expectStatus(await A.delete(`/Users/${inA.id}`), 204);
  expect(idsOf(await A.get(byName))).toEqual([]);
  expect(idsOf(await B.get(byName))).toEqual([inB.id]);
  expect((await B.get(`/Users/${inB.id}`)).body).toEqual(beforeInB.body);
});

test('tenant A\'s token on tenant B\'s user and group ids: 404 for every method, B unchanged', async () => {
  const before = await bView();
  const user = `/Users/${bUser.id}`;
  const group = `/Groups/${bGroup.id}`;
  const attempts: [string, () => Promise<ScimAnswer>][] = [
    ['GET user', () => A.get(user)],
    ['GET user, attributes', () => A.get(`${user}?attributes=userName`)],
    ['PUT user', () => A.put(user, oktaUser(bUser.userName, 'Hi', 'Jacked'))],
    ['PATCH user', () => A.patch(user, patchOp({ op: 'replace', path: 'active', value: false }))],
    ['PATCH user, path-less', () => A.patch(user, patchOp({ op: 'replace', value: { active: false } }))],
    ['DELETE user', () => A.delete(user)],
    ['GET group', () => A.get(group)],
    ['GET group, excluding members', () => A.get(`${group}?excludedAttributes=members`)],
    ['PUT group', () => A.put(group, { schemas: [SCHEMA.group], displayName: 'Hijacked', members: [] })],
    ['PATCH group members', () => A.patch(group, patchOp({ op: 'remove', path: `members[value eq "${bUser.id}"]` }))],
    ['PATCH group name', () => A.patch(group, patchOp({ op: 'replace', value: { id: bGroup.id, displayName: 'Hijacked' } }))],
    ['DELETE group', () => A.delete(group)],
  ];
  for (const [label, attempt] of attempts) {
    const answer = await attempt();
    expect(answer.status, `${label}: ${said(answer)}`).toBe(404);
    expectScimError(answer, 404);
  }
  expect(await bView()).toEqual(before);
});

test('tenant A\'s lists and filters never show tenant B\'s users or groups', async () => {
  const users = await everything(A, '/Users');
  expect(users.map((u) => u.id)).not.toContain(bUser.id);
  expect(users.map((u) => (u.userName as string).toLowerCase())).not.toContain((bUser.userName as string).toLowerCase());
  expect((await everything(A, '/Groups')).map((g) => g.id)).not.toContain(bGroup.id);

  for (const expression of [`userName eq "${bUser.userName}"`, `externalId eq "ext-bea-${b.run}"`, `emails.value eq "${bUser.userName}"`, `userName sw "bea."`, 'externalId pr']) {
    expect(idsOf(await A.get(`/Users${filter(expression)}`)), expression).not.toContain(bUser.id);
  }
  expect(idsOf(await A.get(`/Users${filter(`userName eq "${bUser.userName}"`)}`))).toEqual([]);
  for (const expression of [`displayName eq "${bGroup.displayName}"`, `members.value eq "${bUser.id}"`, 'displayName sw "B Group"']) {
    expect(idsOf(await A.get(`/Groups${filter(expression)}`)), expression).toEqual([]);
  }
  // B, with its own token, does see them.
  expect(idsOf(await B.get(`/Users${filter(`userName eq "${bUser.userName}"`)}`))).toEqual([bUser.id]);
  expect(idsOf(await B.get(`/Groups${filter(`members.value eq "${bUser.id}"`)}`))).toEqual([bGroup.id]);
});

test('tenant A cannot make tenant B\'s user a member of its own group', async () => {
  const before = await bView();
  const created = await A.post('/Groups', { schemas: [SCHEMA.group], displayName: `A Group ${a.run}`, members: [{ value: bUser.id }] });
  expectNoLeak(created);
  let gid: string;
  if (created.status === 201) {
    gid = created.body!.id;
    expect(memberIds(created.body!)).not.toContain(bUser.id);
  } else {
    const plain = await A.post('/Groups', { schemas: [SCHEMA.group], displayName: `A Group ${a.run}`, members: [] });
    expectStatus(plain, 201);
    gid = plain.body!.id;
  }
  expectNoLeak(await A.patch(`/Groups/${gid}`, patchOp({ op: 'Add', path: 'members', value: [{ value: bUser.id }] })));
  expectNoLeak(await A.put(`/Groups/${gid}`, { schemas: [SCHEMA.group], displayName: `A Group ${a.run}`, members: [{ value: bUser.id }] }));
  expect(memberIds(await read(A, `/Groups/${gid}`))).not.toContain(bUser.id);
  expect(expectList(await A.get(`/Groups${filter(`members.value eq "${bUser.id}"`)}`))).toEqual([]);
  expect(await bView()).toEqual(before);
});
