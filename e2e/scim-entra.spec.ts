// Microsoft Entra ID's provisioning sequence, replayed against /scim/v2 with a tenant's SCIM
// token: the user is looked up by userName (once with the `+`-for-space query string Entra's
// validator sends), created with the enterprise extension, updated with Entra's capitalised ops
// ("Replace" with a filtered path, a path-less replace keyed by dotted names and extension URNs,
// "Add" of the manager as a bare id), disabled with the string "False" and enabled again,
// then hard-deleted; a group is looked up with excludedAttributes=members, created with
// Entra's ADSCIM schema URI, given members one PATCH at a time, loses one member with the
// value-array Remove, is renamed and deleted; last, a user created with Entra's nulls, which
// a Replace with null also clears. Request bodies are the ones in Microsoft's docs:
// the SCIM tutorial's "SCIM protocol requests and responses" and the SCIM 2.0 compliance page's
// flag samples; each step names the section it replays:
//   TUTORIAL = https://learn.microsoft.com/en-us/entra/identity/app-provisioning/use-scim-to-provision-users-and-groups
//   COMPAT   = https://learn.microsoft.com/en-us/entra/identity/app-provisioning/application-provisioning-config-problem-scim-compatibility
import type { APIRequestContext } from '@playwright/test';
import {
  createScimTenant, createUser, expectList, expectScimError, expectStatus, filter, idsOf, memberIds, patchOp, read, said, scim,
  SCHEMA, type Resource, type ScimTenant,
} from './support/scim-client';
import { expect, test } from './support/test';

test.describe.configure({ mode: 'serial' });

let tenant: ScimTenant;
let user: { id: string; userName: string; email: string; externalId: string };
let managerId: string;
let group: { id: string; displayName: string; externalId: string };

test.beforeAll(async () => {
  tenant = await createScimTenant('entra');
  user = { id: '', userName: tenant.email('ellen'), email: tenant.email('ellen.work'), externalId: `0a21f0f2-${tenant.run}` };
  group = { id: '', displayName: `Entra Group ${tenant.run}`, externalId: `8aa1a0c0-${tenant.run}` };
});

const entra = (request: APIRequestContext) => scim(request, tenant.token);
const ENTERPRISE = (attribute: string) => `${SCHEMA.enterprise}:${attribute}`;

/** A user body as in TUTORIAL#create-user (core + enterprise schemas, meta, roles: []). */
function entraUser(userName: string, email: string, externalId: string, givenName: string, familyName: string, enterprise?: Resource): Resource {
  return {
    schemas: [SCHEMA.user, SCHEMA.enterprise],
    externalId,
    userName,
    active: true,
    emails: [{ primary: true, type: 'work', value: email }],
    meta: { resourceType: 'User' },
    name: { formatted: `${givenName} ${familyName}`, familyName, givenName },
    roles: [],
    ...(enterprise && { [SCHEMA.enterprise]: enterprise }),
  };
}

async function userById(request: APIRequestContext, id = user.id) {
  return read(entra(request), `/Users/${id}`);
}

test('Entra looks the user up first: 200 and an empty ListResponse, also with + for spaces', async ({ request }) => {
  const c = entra(request);
  // TUTORIAL#get-user-by-query---zero-results, exactly: `GET /Users?filter=userName eq "non-existent user"`.
  const none = await c.get(`/Users?filter=userName eq "non-existent user"`);
  expect(expectList(none), said(none)).toEqual([]);
  expect(none.body).toMatchObject({ totalResults: 0, startIndex: 1 });
  // The validator's query string, spaces as `+` (learn.microsoft.com/en-us/answers/questions/2238842).
  const plus = await c.get(`/Users?filter=userName+eq+%22${encodeURIComponent(user.userName)}%22`);
  expect(expectList(plus), said(plus)).toEqual([]);
  expect(plus.body!.totalResults).toBe(0);
});

test('Entra creates the user with core and enterprise schemas: 201 and the user as stored', async ({ request }) => {
  // TUTORIAL#create-user; the enterprise block as in TUTORIAL's schema example (department).
  const created = await createUser(entra(request), entraUser(user.userName, user.email, user.externalId, 'Ellen', 'Reckert', { department: 'Human Resources' }));
  user.id = created.id;
  expect(created.schemas).toContain(SCHEMA.user);
  expect(created).toMatchObject({
    userName: user.userName, externalId: user.externalId, active: true,
    name: { givenName: 'Ellen', familyName: 'Reckert' },
    meta: { resourceType: 'User' },
  });
  expect(created.emails).toEqual([expect.objectContaining({ value: user.email, type: 'work', primary: true })]);
  expect(created[SCHEMA.enterprise]).toMatchObject({ department: 'Human Resources' });

  const manager = await createUser(entra(request), entraUser(tenant.email('larry'), tenant.email('larry.work'), `58342554-${tenant.run}`, 'Larry', 'Harris'));
  managerId = manager.id;
  expect(managerId).not.toBe(user.id);
});

test('Entra finds the user by userName (both encodings) and externalId, and reads it by id', async ({ request }) => {
  const c = entra(request);
  // TUTORIAL#get-user-by-query.
  expect(idsOf(await c.get(`/Users?filter=userName eq "${user.userName}"`))).toEqual([user.id]);
  expect(idsOf(await c.get(`/Users?filter=userName+eq+%22${encodeURIComponent(user.userName)}%22`))).toEqual([user.id]);
  // TUTORIAL "Handling provisioning and deprovisioning of users", Example 1: matching on externalId.
  expect(idsOf(await c.get(`/Users${filter(`externalId eq "${user.externalId}"`)}`))).toEqual([user.id]);
  // TUTORIAL#get-user.
  const got = await userById(request);
  expect(got).toMatchObject({ id: user.id, userName: user.userName, externalId: user.externalId, active: true });
  expect(got[SCHEMA.enterprise]).toMatchObject({ department: 'Human Resources' });
});

test('Replace with a filtered path and a sub-attribute path (Update User [Multi-valued properties])', async ({ request }) => {
  const c = entra(request);
  const updatedEmail = tenant.email('ellen.updated');
  // TUTORIAL#update-user-multi-valued-properties, op values capitalised as Entra sends them.
  const a = await c.patch(`/Users/${user.id}`, patchOp(
    { op: 'Replace', path: 'emails[type eq "work"].value', value: updatedEmail },
    { op: 'Replace', path: 'name.familyName', value: 'updatedFamilyName' },
  ));
  expectStatus(a, 200, 204);
  const got = await userById(request);
  expect(got.emails).toEqual([expect.objectContaining({ type: 'work', value: updatedEmail })]);
  expect(got.name).toMatchObject({ givenName: 'Ellen', familyName: 'updatedFamilyName' });
  expect(got.userName).toBe(user.userName);
  expect(idsOf(await c.get(`/Users${filter(`emails.value eq "${updatedEmail}"`)}`))).toEqual([user.id]);
  expect(idsOf(await c.get(`/Users${filter(`emails.value eq "${user.email}"`)}`))).toEqual([]);
  user.email = updatedEmail;
});

test('a path-less replace keyed by dotted names and extension URNs (COMPAT, "replace multiple attributes")', async ({ request }) => {
  const email = tenant.email('ellen.mhvaes');
  // COMPAT "Requests to replace multiple attributes", with feature flag (the SCIM-compliant form).
  const a = await entra(request).patch(`/Users/${user.id}`, patchOp(
    { op: 'replace', path: 'emails[type eq "work"].value', value: email },
    {
      op: 'replace',
      value: {
        displayName: 'Bjfe Unua',
        'name.givenName': 'Kkom',
        'name.familyName': 'Unua',
        [ENTERPRISE('employeeNumber')]: 'Aklq',
        [ENTERPRISE('department')]: 'Finance',
      },
    },
  ));
  expectStatus(a, 200, 204);
  const got = await userById(request);
  expect(got.name).toMatchObject({ givenName: 'Kkom', familyName: 'Unua' });
  expect(got[SCHEMA.enterprise]).toMatchObject({ department: 'Finance' });
  expect(got.emails).toEqual([expect.objectContaining({ type: 'work', value: email })]);
  expect(got.userName).toBe(user.userName);
  user.email = email;
});

test('Add of the manager as a bare id: GET answers manager { value }', async ({ request }) => {
  // Entra sends the manager as the id alone, not { value, $ref } (Microsoft Q&A 188003:
  // learn.microsoft.com/en-us/answers/questions/188003); the reference code's PatchManager
  // (github.com/AzureAD/SCIMReferenceCode, Core2EnterpriseUserExtensions.cs) stores it as manager.value.
  const a = await entra(request).patch(`/Users/${user.id}`, patchOp({ op: 'Add', path: ENTERPRISE('manager'), value: managerId }));
  expectStatus(a, 200, 204);
  const got = await userById(request);
  expect(got[SCHEMA.enterprise]).toMatchObject({ department: 'Finance', manager: expect.objectContaining({ value: managerId }) });
});

test('disabled with the string "False", enabled with "True", disabled with false: always still listed', async ({ request }) => {
  const c = entra(request);
  const activeIs = async (expected: boolean) => {
    expect((await userById(request)).active).toBe(expected);
    // TUTORIAL: "The user object should be returned in a request whether or not the user is active."
    const found = expectList(await c.get(`/Users${filter(`userName eq "${user.userName}"`)}`));
    expect(found.map((r) => [r.id, r.active])).toEqual([[user.id, expected]]);
  };
  // COMPAT "Requests made to disable users", without feature flag: the boolean as a capitalised string.
  expectStatus(await c.patch(`/Users/${user.id}`, patchOp({ op: 'Replace', path: 'active', value: 'False' })), 200, 204);
  await activeIs(false);
  expectStatus(await c.patch(`/Users/${user.id}`, patchOp({ op: 'Replace', path: 'active', value: 'True' })), 200, 204);
  await activeIs(true);
  // TUTORIAL#disable-user, exactly (Operations before schemas, a real boolean).
  const body = { Operations: [{ op: 'Replace', path: 'active', value: false }], schemas: [SCHEMA.patchOp] };
  expectStatus(await c.patch(`/Users/${user.id}`, body), 200, 204);
  await activeIs(false);
});

test('Entra looks the group up, creates it with its ADSCIM schema URI, reads it without members', async ({ request }) => {
  const c = entra(request);
  const byName = `/Groups?excludedAttributes=members&filter=${encodeURIComponent(`displayName eq "${group.displayName}"`)}`;
  // TUTORIAL#get-group-by-displayname (query parameters in Entra's order).
  expect(idsOf(await c.get(byName))).toEqual([]);
  // TUTORIAL#create-group, exactly: the Microsoft schema URI is not a SCIM schema, and is accepted.
  const a = await c.post('/Groups', {
    schemas: [SCHEMA.group, SCHEMA.entraGroup],
    externalId: group.externalId,
    displayName: group.displayName,
    meta: { resourceType: 'Group' },
  });
  expectStatus(a, 201);
  group.id = a.body!.id;
  expect(typeof group.id).toBe('string');
  expect(a.body!.schemas).toContain(SCHEMA.group);
  expect(a.body!.schemas, 'the ADSCIM URI is not echoed').not.toContain(SCHEMA.entraGroup);
  expect(a.body).toMatchObject({ displayName: group.displayName, meta: { resourceType: 'Group' } });
  // "Groups are created with an empty members list."
  expect(a.body!.members ?? []).toEqual([]);

  const listed = expectList(await c.get(byName));
  expect(listed.map((g) => g.id)).toEqual([group.id]);
  expect(listed[0], 'excludedAttributes=members leaves members out').not.toHaveProperty('members');
  // TUTORIAL#get-group.
  const one = await read(c, `/Groups/${group.id}?excludedAttributes=members`);
  expect(one).toMatchObject({ id: group.id, displayName: group.displayName });
  expect(one).not.toHaveProperty('members');
});

test('members added one PATCH each; a value-array Remove takes out only that member', async ({ request }) => {
  const c = entra(request);
  const third = await createUser(c, entraUser(tenant.email('gloria'), tenant.email('gloria.work'), `cec50f27-${tenant.run}`, 'Gloria', 'Suzanne'));
  const add = (id: string) =>
    // TUTORIAL#update-group-add-members, exactly ("$ref": null included).
    c.patch(`/Groups/${group.id}`, patchOp({ op: 'Add', path: 'members', value: [{ $ref: null, value: id }] }));
  for (const id of [user.id, managerId, third.id]) expectStatus(await add(id), 200, 204);
  expect(memberIds(await read(c, `/Groups/${group.id}`))).toEqual([user.id, managerId, third.id].sort());
  expect(idsOf(await c.get(`/Groups${filter(`members.value eq "${managerId}"`)}`))).toEqual([group.id]);

  // TUTORIAL#update-group-remove-members, exactly.
  const removeManager = await c.patch(`/Groups/${group.id}`, patchOp({ op: 'Remove', path: 'members', value: [{ $ref: null, value: managerId }] }));
  expectStatus(removeManager, 200, 204);
  expect(memberIds(await read(c, `/Groups/${group.id}`))).toEqual([user.id, third.id].sort());
  expect(idsOf(await c.get(`/Groups${filter(`members.value eq "${managerId}"`)}`))).toEqual([]);
  // COMPAT "Requests made to remove a group member", without feature flag (no $ref).
  expectStatus(await c.patch(`/Groups/${group.id}`, patchOp({ op: 'Remove', path: 'members', value: [{ value: third.id }] })), 200, 204);
  expect(memberIds(await read(c, `/Groups/${group.id}`))).toEqual([user.id]);
  // Removing a member removes nobody: the users are still there.
  await userById(request, managerId);
  await userById(request, third.id);
});

test('renamed with Replace displayName: found by the new name only, members kept', async ({ request }) => {
  const c = entra(request);
  const renamed = `${group.displayName} updatedDisplayName`;
  // TUTORIAL#update-group-non-member-attributes.
  expectStatus(await c.patch(`/Groups/${group.id}`, patchOp({ op: 'Replace', path: 'displayName', value: renamed })), 200, 204);
  const got = await read(c, `/Groups/${group.id}`);
  expect(got.displayName).toBe(renamed);
  expect(memberIds(got)).toEqual([user.id]);
  expect(idsOf(await c.get(`/Groups${filter(`displayName eq "${group.displayName}"`)}`))).toEqual([]);
  expect(idsOf(await c.get(`/Groups${filter(`displayName eq "${renamed}"`)}`))).toEqual([group.id]);
  group.displayName = renamed;
});

test('the group and then the user are deleted: 204, then 404 with an Error body', async ({ request }) => {
  const c = entra(request);
  // TUTORIAL#delete-group.
  const deletedGroup = await c.delete(`/Groups/${group.id}`);
  expectStatus(deletedGroup, 204);
  expect(deletedGroup.text).toBe('');
  expectScimError(await c.get(`/Groups/${group.id}`), 404);
  expect(idsOf(await c.get(`/Groups${filter(`displayName eq "${group.displayName}"`)}`))).toEqual([]);
  await userById(request);

  // TUTORIAL#delete-user; TUTORIAL#get-user, "User not found": 404 with status "404".
  const deletedUser = await c.delete(`/Users/${user.id}`);
  expectStatus(deletedUser, 204);
  expect(deletedUser.text).toBe('');
  expectScimError(await c.get(`/Users/${user.id}`), 404);
  expect(idsOf(await c.get(`/Users${filter(`userName eq "${user.userName}"`)}`))).toEqual([]);
  expectScimError(await c.delete(`/Users/${user.id}`), 404);
  // The manager is untouched.
  expect((await userById(request, managerId)).id).toBe(managerId);
});

// Last, so that in this serial file a failure here skips nothing the contract covers.
test('beyond the contract: Entra\'s other user query, emails[type eq "work"].value eq', async ({ request }) => {
  const c = entra(request);
  const u = await createUser(c, entraUser(tenant.email('pvlo'), tenant.email('pvlo.work'), `5171a35d-${tenant.run}`, 'Pvlo', 'Gtfd'));
  // TUTORIAL "/Users": attributes used for uniqueness must be filterable, e.g.
  // `emails[type eq "work"].value eq "user@contoso.com"`; "Use userName or emails[type eq "work"] to query users".
  expect(idsOf(await c.get(`/Users${filter(`emails[type eq "work"].value eq "${tenant.email('pvlo.work')}"`)}`))).toEqual([u.id]);
});

test('beyond the contract: Entra renames the userName with Replace (Update User [Single-valued properties])', async ({ request }) => {
  const c = entra(request);
  const u = await createUser(c, entraUser(tenant.email('deanruiz'), tenant.email('deanruiz.work'), `aa1eca08-${tenant.run}`, 'Dean', 'Ruiz'));
  const renamed = tenant.email('deanruiz.renamed');
  // TUTORIAL#update-user-single-valued-properties.
  expectStatus(await c.patch(`/Users/${u.id}`, patchOp({ op: 'Replace', path: 'userName', value: renamed })), 200, 204);
  expect((await userById(request, u.id)).userName).toBe(renamed);
  expect(idsOf(await c.get(`/Users${filter(`userName eq "${renamed}"`)}`))).toEqual([u.id]);
  expect(idsOf(await c.get(`/Users${filter(`userName eq "${u.userName}"`)}`))).toEqual([]);
});

test("beyond the contract: Entra's nulls are unassigned (RFC 7643 §2.5) on create, and clear on Replace", async ({ request }) => {
  const c = entra(request);
  // Entra sends every mapped attribute, null when the source has none.
  const created = await c.post('/Users', {
    ...entraUser(tenant.email('nulla'), tenant.email('nulla.work'), `5e11a0c1-${tenant.run}`, 'Nulla', 'Nix', { department: null, employeeNumber: '42', manager: null }),
    title: null,
    phoneNumbers: null,
    addresses: null,
    name: { formatted: 'Nulla Nix', familyName: 'Nix', givenName: null },
  });
  expectStatus(created, 201);
  const u = created.body!;
  expect([u.title, u.phoneNumbers, u.addresses, u.name.givenName]).toEqual([undefined, undefined, undefined, undefined]);
  expect(u[SCHEMA.enterprise]).toEqual({ employeeNumber: '42' });

  expectStatus(await c.patch(`/Users/${u.id}`, patchOp({ op: 'Add', path: 'title', value: 'Analyst' }, { op: 'Add', path: ENTERPRISE('department'), value: 'Finance' })), 200, 204);
  const cleared = await c.patch(`/Users/${u.id}`, patchOp({ op: 'Replace', path: 'title', value: null }, { op: 'Replace', value: { [ENTERPRISE('department')]: null, 'name.familyName': null } }));
  expectStatus(cleared, 200, 204);
  const after = await userById(request, u.id);
  expect([after.title, after.name.familyName, after[SCHEMA.enterprise]]).toEqual([undefined, undefined, { employeeNumber: '42' }]);
});
