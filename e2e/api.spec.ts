// The public API dog-fooded: every operation of /api/v1/openapi.json called through the typed
// client (openapi-fetch over the types `npm run api:types` generates), as an external system
// would call it, with API keys of a fresh organization: admin keys on the top unit (one per area,
// so none nears the per-key limit), a manager key on Engineering. Each operation's happy path, with the typed answer checked on a few fields;
// person-only operations refused to a key (403 apiKey.personOnly); a manager key outside its
// subtree and another organization's ids refused with nothing changed; bad bodies, stale
// versions, idempotent retries, unknown, revoked and expired keys, and the per-key rate limit
// (ARBOR_API_RATE_PER_KEY is 120 for the e2e server); a reorganization's change set drafted,
// previewed, reviewed, scheduled, applied and reverted. The last test walks the document's paths
// and methods and fails for any operation no test exercised.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { createApiKey, revokeApiKey, listApiKeys } from '../lib/api-keys';
import { apiKeyHash } from '../lib/api-keys/manage-keys';
import { keys } from '../lib/db';
import { addMembership, loadActorAccess, type Role } from '../lib/members';
import { createUnit, getUnitOrThrow, type Unit } from '../lib/org';
import { startTreeJob } from '../lib/org/jobs/run-tree-job';
import { reviewChangeSet } from '../lib/change-sets';
import { roleCatalogueItem } from '../lib/roles';
import { operatorDb, platformDb, tenantDb } from '../lib/tenancy';
import { createTenant, OPERATOR_ACTOR } from '../lib/tenants';
import { ensureUser } from '../lib/users';
import { directClient, tableName } from '../test/support/stack';
import { apiClient, CallLog, type ApiClient } from './support/api/client';
import type { components } from './support/api/schema';
import { describeDiff, diffSnapshots, isEmptyDiff, TenantSnapshotter } from './support/tenant-snapshot';
import { expect, test } from './support/test';
import { rawClient } from '../test/support/raw-client';

type ErrorBody = components['schemas']['Error'];
type Answer<D> = { data?: D; error?: ErrorBody; response: Response };

interface Person {
  userId: string;
  email: string;
  name: string;
}

interface Org {
  tenantId: string;
  domain: string;
  root: Unit;
  ownerUserId: string;
  units: Record<'engineering' | 'platform' | 'sales', Unit>;
  people: Record<'ada' | 'bo' | 'dee', Person>;
}

test.describe.configure({ mode: 'serial' });

const log = new CallLog();
let baseURL: string;
let org: Org;
let other: Org;
/** The admin key the person-only operations are tried with; each area below acts with an admin key of its own. */
let admin: ApiClient;
/** Manager of Engineering (and so of Platform below it). */
let manager: ApiClient;
let managerKeyId: string;
/** The unit the manager key created in Engineering. */
let toolingId: string;

const scopeOf = (o: Org) => tenantDb(o.tenantId).then((tenant) => ({ tenant, platform: platformDb() }));

/** A key of `o` (made as the operator, as the other specs make their data) and its client. */
async function keyFor(o: Org, name: string, role: Exclude<Role, 'owner'>, unit: Unit, expiresInDays = 1) {
  const { secret, key } = await createApiKey(await scopeOf(o), { name, role, unit, expiresInDays, actor: OPERATOR_ACTOR });
  return { secret, keyId: key.keyId, client: apiClient(baseURL, secret, log) };
}

/** An organization with Engineering > Platform and Sales, and three people. */
async function createOrg(label: string): Promise<Org> {
  const run = ulid().toLowerCase().slice(-8);
  const domain = `${label.toLowerCase()}-${run}.test`;
  const created = await createTenant(operatorDb(), { name: `${label} ${run}`, domain, owner: { email: `olga@${domain}`, name: 'Olga Owner' } });
  const db = await tenantDb(created.tenantId);
  const root = await getUnitOrThrow(db, created.rootUnitId);
  const engineering = await createUnit(db, OPERATOR_ACTOR, { parentId: root.id, name: 'Engineering' });
  const units = { engineering, platform: await createUnit(db, OPERATOR_ACTOR, { parentId: engineering.id, name: 'Platform' }), sales: await createUnit(db, OPERATOR_ACTOR, { parentId: root.id, name: 'Sales' }) };
  const person = async (local: string, name: string, unit: Unit): Promise<Person> => {
    const email = `${local}@${domain}`;
    const user = await ensureUser(platformDb(), email, name);
    await addMembership(db, OPERATOR_ACTOR, { unitId: unit.id, role: 'member', userId: user.id, email, name });
    return { userId: user.id, email, name };
  };
  const people = { ada: await person('ada', 'Ada Lovelace', units.sales), bo: await person('bo', 'Bo Builder', units.engineering), dee: await person('dee', 'Dee Departing', units.sales) };
  return { tenantId: created.tenantId, domain, root, ownerUserId: created.ownerUserId, units, people };
}

/** The typed data of an answer that must have `status`; the refusal is shown otherwise. */
function ok<D>(answer: Answer<D>, status = 200): D {
  expect(answer.response.status, JSON.stringify(answer.error)).toBe(status);
  return answer.data as D;
}

/** The error of an answer that must be refused with `status`. */
function refused(answer: Answer<unknown>, status: number): ErrorBody['error'] {
  expect(answer.response.status, JSON.stringify(answer.data ?? answer.error)).toBe(status);
  expect(answer.error?.error.code).toEqual(expect.any(String));
  return answer.error!.error;
}

/** Runs `refusals` and fails if any stored item of the organization changed meanwhile. */
async function leavesUnchanged(o: Org, refusals: () => Promise<void>) {
  const snap = new TenantSnapshotter(directClient(), tableName(), o.tenantId, [o.domain]);
  const before = await snap.take();
  await refusals();
  const after = await snap.take();
  const diff = diffSnapshots(before, after);
  expect(isEmptyDiff(diff), describeDiff(before, after, diff)).toBe(true);
}

test.beforeAll(async ({}, info) => {
  test.setTimeout(120_000);
  baseURL = info.project.use.baseURL!;
  [org, other] = await Promise.all([createOrg('ApiCo'), createOrg('Elsewhere')]);
  admin = (await keyFor(org, 'E2E admin', 'admin', org.root)).client;
  const m = await keyFor(org, 'E2E manager', 'manager', org.units.engineering);
  manager = m.client;
  managerKeyId = m.keyId;
});

test.describe('units', () => {
  let units: ApiClient;
  test.beforeAll(async () => {
    units = (await keyFor(org, 'E2E units', 'admin', org.root)).client;
  });

  test('a unit is created, read, renamed, moved and deleted; the tree reads around it', async () => {
    const { engineering, sales } = org.units;
    const cloud = ok(await units.POST('/api/v1/units', { body: { parentId: engineering.id, name: 'Cloud' } }), 201);
    expect(cloud).toMatchObject({ name: 'Cloud', parentId: engineering.id, depth: 2, version: 1, canEdit: true, locked: false });
    expect(cloud.path).toBe(`${engineering.path}${cloud.id}/`);

    const read = ok(await units.GET('/api/v1/units/{unitId}', { params: { path: { unitId: cloud.id } } }));
    expect(read).toEqual(cloud);

    const renamed = ok(await units.PATCH('/api/v1/units/{unitId}', { params: { path: { unitId: cloud.id } }, body: { name: 'Cloud Platform', expectedVersion: cloud.version } }));
    expect(renamed).toMatchObject({ id: cloud.id, name: 'Cloud Platform', version: cloud.version + 1 });

    const tree = ok(await units.GET('/api/v1/units/{unitId}/tree', { params: { path: { unitId: cloud.id } } }));
    expect(tree.selectedId).toBe(cloud.id);
    expect(tree.tops.map((u) => u.id)).toEqual([org.root.id]);
    expect(tree.scopes).toBe('all');
    expect(tree.pages.find((p) => p.parentId === engineering.id)?.items.map((u) => u.name)).toContain('Cloud Platform');

    // Engineering holds Cloud Platform and Platform: pages of one, followed by nextCursor until
    // none is left (a page that is exactly full may still carry one, to an empty page).
    const names: string[] = [];
    let cursor: string | undefined;
    do {
      const page = ok(await units.GET('/api/v1/units/{unitId}/children', { params: { path: { unitId: engineering.id }, query: { limit: 1, cursor } } }));
      expect(page.items.length).toBeLessThanOrEqual(1);
      names.push(...page.items.map((u) => u.name));
      cursor = page.nextCursor;
    } while (cursor && names.length < 3);
    expect(names).toEqual(['Cloud Platform', 'Platform']);

    const picker = ok(await units.GET('/api/v1/units/{unitId}/move', { params: { path: { unitId: cloud.id } } }));
    expect(picker.unit.id).toBe(cloud.id);
    expect(picker.tops.map((u) => u.id)).toEqual([org.root.id]);
    const destinations = ok(await units.GET('/api/v1/units/{unitId}/destinations', { params: { path: { unitId: cloud.id }, query: { q: 'Sal' } } }));
    expect(destinations.map((d) => d.id)).toContain(sales.id);

    const moved = ok(await units.POST('/api/v1/units/{unitId}/move', { params: { path: { unitId: cloud.id } }, body: { newParentId: sales.id, expectedVersion: renamed.version } }));
    if (moved.kind !== 'moved') throw new Error('a one-unit move is done at once, not as a job');
    expect(moved.unit).toMatchObject({ id: cloud.id, parentId: sales.id, path: `${sales.path}${cloud.id}/`, depth: 2 });

    const counts = ok(await units.GET('/api/v1/units/{unitId}/counts', { params: { path: { unitId: cloud.id } } }));
    expect(counts).toEqual({ units: 1, memberships: 0 });
    const deleted = ok(await units.DELETE('/api/v1/units/{unitId}', { params: { path: { unitId: cloud.id }, query: { expectedVersion: String(moved.unit.version) } } }));
    expect(deleted).toEqual({ kind: 'deleted', units: 1, memberships: 0 });
    expect(refused(await units.GET('/api/v1/units/{unitId}', { params: { path: { unitId: cloud.id } } }), 404).code).toBe('unit.notFound');
  });

  test('an Idempotency-Key makes a retried create answer the first result and create nothing more', async () => {
    const parent = org.units.sales;
    const key = `e2e-${ulid()}`;
    const create = (name: string) => units.POST('/api/v1/units', { params: { header: { 'Idempotency-Key': key } }, body: { parentId: parent.id, name } });
    const first = await create('Field Sales');
    const created = ok(first, 201);
    expect(first.response.headers.get('Idempotent-Replayed')).toBeNull();

    const retry = await create('Field Sales');
    expect(ok(retry, 201)).toEqual(created);
    expect(retry.response.headers.get('Idempotent-Replayed')).toBe('true');

    const other = refused(await create('Inside Sales'), 422);
    expect(other.code).toBe('request.idempotencyMismatch');

    const children = ok(await units.GET('/api/v1/units/{unitId}/children', { params: { path: { unitId: parent.id } } }));
    expect(children.items.filter((u) => u.name === 'Field Sales').map((u) => u.id)).toEqual([created.id]);
    expect(children.items.map((u) => u.name)).not.toContain('Inside Sales');
  });

  test('a bad body is refused with 400 request.invalid, naming the field, and creates nothing', async () => {
    const parent = org.units.sales;
    // @ts-expect-error the reference says a name is a string: the typed client refuses this too
    const badType = refused(await units.POST('/api/v1/units', { body: { parentId: parent.id, name: 42 } }), 400);
    expect(badType.code).toBe('request.invalid');
    expect(badType.details?.issues).toEqual(expect.arrayContaining([expect.objectContaining({ path: ['name'] })]));

    // The bodies are strict: a field the operation does not take is refused too.
    const extra = refused(await units.POST('/api/v1/units', { body: { parentId: parent.id, name: 'Extra', colour: 'red' } }), 400);
    expect(extra.code).toBe('request.invalid');

    const badId = refused(await units.GET('/api/v1/units/{unitId}', { params: { path: { unitId: 'not-a-unit-id' } } }), 400);
    expect(badId.code).toBe('request.invalid');

    const children = ok(await units.GET('/api/v1/units/{unitId}/children', { params: { path: { unitId: parent.id } } }));
    expect(children.items.map((u) => u.name)).not.toContain('Extra');
  });

  test('a stale expectedVersion is refused with 409 and the current version, and changes nothing', async () => {
    const platform = ok(await units.GET('/api/v1/units/{unitId}', { params: { path: { unitId: org.units.platform.id } } }));
    const renamed = ok(await units.PATCH('/api/v1/units/{unitId}', { params: { path: { unitId: platform.id } }, body: { name: 'Platform Team', expectedVersion: platform.version } }));

    const stale = refused(await units.PATCH('/api/v1/units/{unitId}', { params: { path: { unitId: platform.id } }, body: { name: 'Platform Guild', expectedVersion: platform.version } }), 409);
    expect(stale.code).toBe('unit.versionConflict');
    expect(stale.details?.currentVersion).toBe(renamed.version);
    const staleMove = refused(await units.POST('/api/v1/units/{unitId}/move', { params: { path: { unitId: platform.id } }, body: { newParentId: org.units.sales.id, expectedVersion: platform.version } }), 409);
    expect(staleMove.code).toBe('unit.versionConflict');

    const now = ok(await units.GET('/api/v1/units/{unitId}', { params: { path: { unitId: platform.id } } }));
    expect(now).toMatchObject({ name: 'Platform Team', parentId: org.units.engineering.id, version: renamed.version });
  });

  test('a manager key acts inside its subtree, and outside it is refused with authz.* and nothing changes', async () => {
    const { engineering, sales, platform } = org.units;
    const inside = ok(await manager.POST('/api/v1/units', { body: { parentId: engineering.id, name: 'Tooling' } }), 201);
    expect(inside).toMatchObject({ parentId: engineering.id, canEdit: true });
    toolingId = inside.id;

    const salesBefore = ok(await units.GET('/api/v1/units/{unitId}', { params: { path: { unitId: sales.id } } }));
    await leavesUnchanged(org, async () => {
      const create = refused(await manager.POST('/api/v1/units', { body: { parentId: sales.id, name: 'Leads' } }), 403);
      expect(create.code).toBe('authz.unit.create');
      const rename = refused(await manager.PATCH('/api/v1/units/{unitId}', { params: { path: { unitId: sales.id } }, body: { name: 'Revenue', expectedVersion: salesBefore.version } }), 403);
      expect(rename.code).toBe('authz.unit.rename');
      const move = refused(await manager.POST('/api/v1/units/{unitId}/move', { params: { path: { unitId: inside.id } }, body: { newParentId: sales.id, expectedVersion: inside.version } }), 403);
      expect(move.code).toBe('authz.unit.move');
      const add = refused(await manager.POST('/api/v1/members/units/{unitId}', { params: { path: { unitId: sales.id } }, body: { userId: org.people.bo.userId, role: 'member' } }), 403);
      expect(add.code).toBe('authz.membership.add');
      const list = refused(await manager.GET('/api/v1/members', {}), 403);
      expect(list.code).toBe('authz.members.list');
    });

    // Re-read through the API: Sales as it was, nothing created under it, Tooling where it was made.
    expect(ok(await units.GET('/api/v1/units/{unitId}', { params: { path: { unitId: sales.id } } }))).toEqual(salesBefore);
    const salesChildren = ok(await units.GET('/api/v1/units/{unitId}/children', { params: { path: { unitId: sales.id } } }));
    expect(salesChildren.items.map((u) => u.name)).not.toContain('Leads');
    expect(ok(await units.GET('/api/v1/units/{unitId}', { params: { path: { unitId: inside.id } } })).parentId).toBe(engineering.id);
    // The manager reads inside its subtree.
    expect(ok(await manager.GET('/api/v1/units/{unitId}', { params: { path: { unitId: platform.id } } })).id).toBe(platform.id);
  });

  test("another organization's ids answer 404, and that organization is unchanged", async () => {
    const theirs = other.units.sales;
    await leavesUnchanged(other, async () => {
      expect(refused(await units.GET('/api/v1/units/{unitId}', { params: { path: { unitId: theirs.id } } }), 404).code).toBe('unit.notFound');
      expect(refused(await units.PATCH('/api/v1/units/{unitId}', { params: { path: { unitId: theirs.id } }, body: { name: 'Taken over', expectedVersion: theirs.version } }), 404).code).toBe('unit.notFound');
      expect(refused(await units.DELETE('/api/v1/units/{unitId}', { params: { path: { unitId: theirs.id }, query: { expectedVersion: String(theirs.version) } } }), 404).code).toBe('unit.notFound');
      expect(refused(await units.POST('/api/v1/units', { body: { parentId: theirs.id, name: 'Implant' } }), 404).code).toBe('unit.notFound');
      expect(refused(await units.POST('/api/v1/units/{unitId}/move', { params: { path: { unitId: org.units.sales.id } }, body: { newParentId: theirs.id, expectedVersion: org.units.sales.version } }), 404).code).toBe('unit.targetNotFound');
      expect(refused(await units.GET('/api/v1/members/units/{unitId}', { params: { path: { unitId: theirs.id } } }), 404).code).toBe('unit.notFound');
      const theirPerson = { params: { path: { userId: other.people.ada.userId } } };
      expect(refused(await units.GET('/api/v1/members/{userId}', theirPerson), 404).code).toBe('member.notFound');
      expect(refused(await units.DELETE('/api/v1/members/{userId}', theirPerson), 404).code).toBe('member.notFound');
    });
  });
});

test.describe('jobs', () => {
  test('a finished move job reads with its outcome', async () => {
    const jobs = (await keyFor(org, 'E2E jobs', 'admin', org.root)).client;
    const db = await tenantDb(org.tenantId);
    const leaf = await createUnit(db, OPERATOR_ACTOR, { parentId: org.units.sales.id, name: 'Job leaf' });
    const jobId = await startTreeJob(db, { kind: 'move', actor: OPERATOR_ACTOR, root: leaf, expectedVersion: leaf.version, toParent: await getUnitOrThrow(db, org.units.engineering.id) });
    const job = ok(await jobs.GET('/api/v1/jobs/{jobId}', { params: { path: { jobId } } }));
    expect(job).toMatchObject({ id: jobId, kind: 'move', unitId: leaf.id, fromParentId: org.units.sales.id, toParentId: org.units.engineering.id, finished: true, status: 'done' });
  });
});

test.describe('members and memberships', () => {
  let people: ApiClient;
  test.beforeAll(async () => {
    people = (await keyFor(org, 'E2E people', 'admin', org.root)).client;
  });

  test('the directory lists, finds and shows people, and the unit picker offers units', async () => {
    const { ada, bo } = org.people;
    const page = ok(await people.GET('/api/v1/members', { params: { query: { sort: 'name' } } }));
    if (!('rows' in page)) throw new Error('expected a members page');
    expect(page.view.sort).toBe('name');
    expect(page.rows.flatMap((r) => (r.kind === 'member' ? [r.email] : []))).toEqual(expect.arrayContaining([ada.email, bo.email, `olga@${org.domain}`]));

    const toAdd = ok(await people.GET('/api/v1/members', { params: { query: { forUnit: org.units.engineering.id, q: 'ada' } } }));
    if (!('people' in toAdd)) throw new Error('expected people to add');
    expect(toAdd.people.map((p) => p.userId)).toEqual([ada.userId]);

    const member = ok(await people.GET('/api/v1/members/{userId}', { params: { path: { userId: ada.userId } } }));
    expect(member.user).toEqual({ userId: ada.userId, name: ada.name, email: ada.email });
    expect(member.memberships.map((m) => [m.unitId, m.role])).toEqual([[org.units.sales.id, 'member']]);
    expect(member).toMatchObject({ hidden: 0, isSelf: false, canRemoveFromOrganization: true });

    const placeable = ok(await people.GET('/api/v1/members/units', { params: { query: { q: 'Eng' } } }));
    const engineering = placeable.units.find((u) => u.id === org.units.engineering.id);
    expect(engineering?.addRoles).toEqual(expect.arrayContaining(['member', 'manager']));
  });

  test("a person's manager is set, read, listed among the manager's reports and cleared; loops and other organizations refused", async () => {
    const { ada, bo } = org.people;
    const adaPath = { params: { path: { userId: ada.userId } } };
    const set = ok(await people.PUT('/api/v1/members/{userId}/manager', { ...adaPath, body: { managerId: bo.userId } }));
    expect(set.line).toMatchObject({ userId: ada.userId, managerId: bo.userId, version: 1, source: 'api' });
    expect(set.manager).toEqual({ userId: bo.userId, name: bo.name, email: bo.email });
    expect(ok(await people.GET('/api/v1/members/{userId}/manager', adaPath)).line?.managerId).toBe(bo.userId);
    const reports = ok(await people.GET('/api/v1/members/{userId}/reports', { params: { path: { userId: bo.userId } } }));
    expect(reports.items.map((p) => p.userId)).toEqual([ada.userId]);
    // Bo under Ada would be a loop: refused, naming it, nothing written.
    const loop = refused(await people.PUT('/api/v1/members/{userId}/manager', { params: { path: { userId: bo.userId } }, body: { managerId: ada.userId } }), 400);
    expect(loop.code).toBe('reportingLine.cycle');
    expect(ok(await people.GET('/api/v1/members/{userId}/manager', { params: { path: { userId: bo.userId } } })).line).toBeNull();
    // A stale version: 409, the line as it is.
    expect(refused(await people.PUT('/api/v1/members/{userId}/manager', { ...adaPath, body: { managerId: null, expectedVersion: 7 } }), 409).code).toBe('reportingLine.versionConflict');
    await leavesUnchanged(other, async () => {
      expect(refused(await people.PUT('/api/v1/members/{userId}/manager', { ...adaPath, body: { managerId: other.people.bo.userId } }), 404).code).toBe('reportingLine.managerNotFound');
      expect(refused(await people.GET('/api/v1/members/{userId}/manager', { params: { path: { userId: other.people.ada.userId } } }), 404).code).toBe('reportingLine.personNotFound');
      expect(refused(await people.GET('/api/v1/members/{userId}/reports', { params: { path: { userId: other.people.bo.userId } } }), 404).code).toBe('reportingLine.personNotFound');
    });
    const cleared = ok(await people.PUT('/api/v1/members/{userId}/manager', { ...adaPath, body: { managerId: null, expectedVersion: 1 } }));
    expect(cleared).toMatchObject({ line: null, manager: null });
  });

  test("a unit's members are listed, added, changed and removed, each change conditioned on its version", async () => {
    const { engineering, platform } = org.units;
    const { ada } = org.people;
    const unit = { unitId: engineering.id };
    const added = ok(await people.POST('/api/v1/members/units/{unitId}', { params: { path: unit }, body: { userId: ada.userId, role: 'member' } }), 201);
    expect(added).toMatchObject({ unitId: engineering.id, userId: ada.userId, role: 'member', email: ada.email });

    const direct = ok(await people.GET('/api/v1/members/units/{unitId}', { params: { path: unit } }));
    expect(direct.scope).toBe('direct');
    expect(direct.rows.map((r) => r.userId)).toEqual(expect.arrayContaining([ada.userId, org.people.bo.userId]));
    const subtree = ok(await manager.GET('/api/v1/members/units/{unitId}', { params: { path: { unitId: platform.id }, query: { scope: 'subtree' } } }));
    expect(subtree.scope).toBe('subtree');

    const member = { unitId: engineering.id, userId: ada.userId };
    const changed = ok(await people.PATCH('/api/v1/members/units/{unitId}/{userId}', { params: { path: member }, body: { role: 'manager', expectedVersion: added.version } }));
    expect(changed).toMatchObject({ role: 'manager', version: added.version + 1 });
    const stale = refused(await people.PATCH('/api/v1/members/units/{unitId}/{userId}', { params: { path: member }, body: { role: 'member', expectedVersion: added.version } }), 409);
    expect(stale.code).toBe('membership.versionConflict');

    const removed = await people.DELETE('/api/v1/members/units/{unitId}/{userId}', { params: { path: member }, body: { expectedVersion: changed.version } });
    expect(removed.response.status, JSON.stringify(removed.error)).toBe(204);
    const after = ok(await people.GET('/api/v1/members/units/{unitId}', { params: { path: unit } }));
    expect(after.rows.map((r) => r.userId)).not.toContain(ada.userId);
  });

  test('custom roles are given with a membership, set on it, and listed with their holders', async () => {
    const { platform } = org.units;
    const { ada } = org.people;
    // The organization's roles, as the catalogue's writer leaves them (its own operations are roles.*).
    const now = new Date().toISOString();
    // Each holds a permission of the organization's own, which the manager key does not hold.
    const role = (key: string) => ({ key, name: key, description: '', permissions: [`${key}.use`], reach: 'subtree' as const, version: 1, createdAt: now, updatedAt: now });
    const permission = (key: string) => ({ key, description: '', createdAt: now });
    const catalogue = {
      version: 1,
      roles: { 'cost-approver': role('cost-approver'), 'wiki-editor': role('wiki-editor') },
      permissions: { 'cost-approver.use': permission('cost-approver.use'), 'wiki-editor.use': permission('wiki-editor.use') },
    };
    await directClient().send(new PutCommand({ TableName: tableName(), Item: roleCatalogueItem(org.tenantId, catalogue) }));

    const unit = { unitId: platform.id };
    const added = ok(await people.POST('/api/v1/members/units/{unitId}', { params: { path: unit }, body: { userId: ada.userId, role: 'member', roles: ['cost-approver'] } }), 201);
    expect(added).toMatchObject({ unitId: platform.id, role: 'member', roles: ['cost-approver'] });
    const member = { unitId: platform.id, userId: ada.userId };
    const set = ok(await people.PUT('/api/v1/units/{unitId}/members/{userId}/roles', { params: { path: member }, body: { roles: ['cost-approver', 'wiki-editor'], expectedVersion: added.version } }));
    expect(set).toMatchObject({ role: 'member', roles: ['cost-approver', 'wiki-editor'], version: added.version + 1 });
    const stale = refused(await people.PUT('/api/v1/units/{unitId}/members/{userId}/roles', { params: { path: member }, body: { roles: [], expectedVersion: added.version } }), 409);
    expect(stale.code).toBe('membership.versionConflict');
    expect(refused(await people.PUT('/api/v1/units/{unitId}/members/{userId}/roles', { params: { path: member }, body: { roles: ['payroll-viewer'], expectedVersion: set.version } }), 400).code).toBe('roles.unknownRole');

    const holders = ok(await people.GET('/api/v1/roles/{roleKey}/holders', { params: { path: { roleKey: 'wiki-editor' } } }));
    // Platform as it is now (the units tests above renamed it).
    const current = await getUnitOrThrow(await tenantDb(org.tenantId), platform.id);
    expect(holders.items).toEqual([{ userId: ada.userId, name: ada.name, email: ada.email, unitId: platform.id, unitName: current.name, unitPath: current.path, role: 'member', roles: ['cost-approver', 'wiki-editor'] }]);
    await leavesUnchanged(org, async () => {
      expect(refused(await manager.PUT('/api/v1/units/{unitId}/members/{userId}/roles', { params: { path: member }, body: { roles: [], expectedVersion: set.version } }), 403).code).toBe('authz.role.assign');
      expect(refused(await manager.GET('/api/v1/roles/{roleKey}/holders', { params: { path: { roleKey: 'wiki-editor' } } }), 403).code).toBe('authz.members.list');
      const theirs = { unitId: other.units.platform.id, userId: ada.userId };
      expect(refused(await people.PUT('/api/v1/units/{unitId}/members/{userId}/roles', { params: { path: theirs }, body: { roles: [], expectedVersion: 1 } }), 404).code).toBe('unit.notFound');
    });
    const removed = await people.DELETE('/api/v1/members/units/{unitId}/{userId}', { params: { path: member }, body: { expectedVersion: set.version } });
    expect(removed.response.status, JSON.stringify(removed.error)).toBe(204);
    // The roles tests below define the organization's catalogue through its own operations, from none.
    await directClient().send(new DeleteCommand({ TableName: tableName(), Key: keys.roleCatalogue(org.tenantId) }));
  });

  test('several people change at once, and one leaves the organization', async () => {
    const { ada, dee } = org.people;
    const bulk = ok(await people.POST('/api/v1/members/bulk', { body: { action: 'changeRole', unitId: org.units.sales.id, role: 'manager', userIds: [ada.userId, dee.userId] } }));
    expect(bulk.results).toEqual([{ userId: ada.userId, ok: true }, { userId: dee.userId, ok: true }]);

    const gone = ok(await people.DELETE('/api/v1/members/{userId}', { params: { path: { userId: dee.userId } } }));
    expect(gone).toEqual({ removed: 1 });
    const sales = ok(await people.GET('/api/v1/members/units/{unitId}', { params: { path: { unitId: org.units.sales.id } } }));
    expect(sales.rows.map((r) => [r.userId, r.role])).toEqual([[ada.userId, 'manager']]);
  });
});

test.describe('invitations', () => {
  test('people are invited, a link renewed, an invitation revoked', async () => {
    const invitations = (await keyFor(org, 'E2E invitations', 'admin', org.root)).client;
    const email = `newcomer@${org.domain}`;
    const created = ok(await invitations.POST('/api/v1/invitations', { body: { emails: [email], unitId: org.units.engineering.id, role: 'member', confirmGuests: true } }), 201);
    expect(created.skipped).toEqual([]);
    const [invitation] = created.invitations;
    expect(invitation).toMatchObject({ email, unitId: org.units.engineering.id, role: 'member', tenantId: org.tenantId });
    expect(invitation.link).toContain('/invite/');

    const renewed = ok(await invitations.POST('/api/v1/invitations/{invitationId}/link', { params: { path: { invitationId: invitation.id } }, body: { delivery: 'copy' } }));
    expect(renewed.id).toBe(invitation.id);
    expect(renewed.link).not.toBe(invitation.link);

    const revoked = await invitations.DELETE('/api/v1/invitations/{invitationId}', { params: { path: { invitationId: invitation.id } } });
    expect(revoked.response.status, JSON.stringify(revoked.error)).toBe(204);
    const list = ok(await invitations.GET('/api/v1/members', { params: { query: { q: 'newcomer' } } }));
    if (!('rows' in list)) throw new Error('expected a members page');
    expect(list.rows.filter((r) => r.kind === 'invitation')).toEqual([]);
  });
});

test.describe('audit, search, export and import', () => {
  let reader: ApiClient;
  test.beforeAll(async () => {
    reader = (await keyFor(org, 'E2E reader', 'admin', org.root)).client;
  });

  test('the trail names each key as "API key <name>", and search finds units and people', async () => {
    const trail = ok(await reader.GET('/api/v1/audit', { params: { query: { action: 'unit.create' } } }));
    const byKey = trail.lines.filter((l) => l.actor.name === 'API key E2E units');
    expect(byKey.map((l) => l.action)).toContain('unit.create');
    const forUnit = ok(await manager.GET('/api/v1/audit', { params: { query: { unitId: toolingId } } }));
    expect(forUnit.lines.map((l) => [l.action, l.actor.name, l.actor.userId])).toEqual([['unit.create', 'API key E2E manager', managerKeyId]]);

    const hits = ok(await reader.GET('/api/v1/search', { params: { query: { q: 'Eng' } } }));
    expect(hits).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'unit', id: org.units.engineering.id, name: 'Engineering' })]));
    const found = ok(await reader.GET('/api/v1/search', { params: { query: { q: 'ada' } } }));
    expect(found).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'member', userId: org.people.ada.userId })]));
  });

  test('the exports answer CSV', async () => {
    // RFC 4180 lines (CRLF); the UTF-8 byte-order mark Excel needs is dropped by text decoding.
    const header = (csv: string) => csv.replace(/^\uFEFF/, '').split('\r\n')[0];
    const unitsCsv = ok(await reader.GET('/api/v1/export/units.csv', { parseAs: 'text' }));
    expect(header(unitsCsv)).toBe('path,name,id,parent_id,members,sub_units,created_at');
    expect(unitsCsv).toContain(org.units.engineering.id);
    const membershipsCsv = ok(await reader.GET('/api/v1/export/memberships.csv', { parseAs: 'text' }));
    expect(header(membershipsCsv)).toBe('unit_path,email,name,role,custom_roles,unit_id,user_id,since');
    expect(membershipsCsv).toContain(org.people.ada.email);
    const auditCsv = ok(await reader.GET('/api/v1/export/audit.csv', { params: { query: { action: 'unit.create' } }, parseAs: 'text' }));
    expect(auditCsv).toContain('API key E2E units');
  });

  test('an import is previewed, then applied', async () => {
    const preview = ok(await reader.POST('/api/v1/import/preview', { body: { kind: 'units', csv: 'path\nImported\nImported/Nested\nEngineering' } }));
    if (preview.kind !== 'units') throw new Error('expected a units preview');
    expect(preview.counts).toEqual({ write: 2, skip: 1, error: 0 });
    expect(preview.rows.map((r) => r.status)).toEqual(['create', 'create', 'skip']);

    const applied = ok(await reader.POST('/api/v1/import/apply', { body: { kind: 'units', ops: preview.ops } }));
    expect(applied.results.map((r) => [r.line, r.ok])).toEqual([[2, true], [3, true]]);
    const imported = applied.results[0].unitId!;
    const nested = ok(await reader.GET('/api/v1/units/{unitId}/children', { params: { path: { unitId: imported } } }));
    expect(nested.items.map((u) => u.name)).toEqual(['Nested']);
  });
});

test.describe('the org chart', () => {
  let viewer: ApiClient;
  test.beforeAll(async () => {
    viewer = (await keyFor(org, 'E2E chart', 'admin', org.root)).client;
  });

  test('the unit and people charts answer what the key may see; another organization\'s unit is not found', async () => {
    const whole = ok(await viewer.GET('/api/v1/chart/units', {}));
    expect(whole.rootId).toBe(org.root.id);
    expect(whole.units.map((u) => u.id)).toEqual(expect.arrayContaining([org.units.engineering.id, org.units.platform.id, org.units.sales.id]));
    // The manager key sees Engineering and below, and the way up is not theirs to see.
    const managed = ok(await manager.GET('/api/v1/chart/units', {}));
    expect(managed.rootId).toBe(org.units.engineering.id);
    expect(managed.units.map((u) => u.id)).not.toContain(org.units.sales.id);
    const refused = await manager.GET('/api/v1/chart/units', { params: { query: { rootId: org.units.sales.id } } });
    expect(refused.response.status).toBe(403);
    const foreign = await viewer.GET('/api/v1/chart/units', { params: { query: { rootId: other.units.engineering.id } } });
    expect([foreign.response.status, foreign.error?.error.code]).toEqual([404, 'unit.notFound']);

    const people = ok(await viewer.GET('/api/v1/chart/people', {}));
    expect(people.people.map((p) => p.userId)).toEqual(expect.arrayContaining([org.people.ada.userId]));
  });

  test('the chart exports as SVG, PNG and PDF attachments named after the organization and the day', async () => {
    const day = new Date().toISOString().slice(0, 10);
    const magic = { svg: '<?xml', png: '\x89PNG', pdf: '%PDF-' } as const;
    for (const format of ['svg', 'png', 'pdf'] as const) {
      const answer = await viewer.GET('/api/v1/chart/export', { params: { query: { format, paper: 'letter' } }, parseAs: 'arrayBuffer' });
      expect(answer.response.status, format).toBe(200);
      const bytes = Buffer.from(answer.data as ArrayBuffer);
      expect(bytes.subarray(0, magic[format].length).toString('latin1')).toBe(magic[format]);
      expect(answer.response.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="[a-z0-9-]+-org-chart-${day}\\.${format}"; filename\\*=UTF-8''[^;\\s]+-org-chart-${day}\\.${format}$`));
    }
    const people = await viewer.GET('/api/v1/chart/export', { params: { query: { kind: 'people', format: 'svg' } }, parseAs: 'text' });
    expect(people.response.status).toBe(200);
    const foreign = await viewer.GET('/api/v1/chart/export', { params: { query: { format: 'pdf', rootId: other.units.engineering.id } } });
    expect(foreign.response.status).toBe(404);
  });
});

test.describe('directory sync and the organization', () => {
  test('directory rules are previewed, saved against their version, and applied', async () => {
    const directory = (await keyFor(org, 'E2E directory', 'admin', org.root)).client;
    const rules = { groups: [], departments: { parentUnitId: org.units.engineering.id, separator: '/' } };
    const { preview } = ok(await directory.POST('/api/v1/directory/preview', { body: { provider: 'okta', rules } }));
    expect(preview).toMatchObject({ version: 0, people: 0, adds: 0, problems: [] });

    const { config } = ok(await directory.PUT('/api/v1/directory/rules', { body: { provider: 'okta', rules, expectedVersion: 0 } }));
    expect(config).toMatchObject({ provider: 'okta', version: 1, userCount: 0 });
    expect(config.rules.departments?.parentUnitId).toBe(org.units.engineering.id);
    const stale = refused(await directory.PUT('/api/v1/directory/rules', { body: { provider: 'entra', rules, expectedVersion: 0 } }), 409);
    expect(stale.code).toBe('directory.rulesChanged');

    const applied = ok(await directory.POST('/api/v1/directory/apply', { body: { expectedVersion: config.version } }));
    expect(applied).toEqual({ processed: 0, changed: 0 });
  });

  test('the organization is renamed against its version', async () => {
    const settings = (await keyFor(org, 'E2E settings', 'admin', org.root)).client;
    const stale = refused(await settings.PATCH('/api/v1/settings', { body: { name: 'ApiCo Renamed', expectedVersion: 1000 } }), 409);
    expect(stale.code).toBe('tenant.versionConflict');
    const version = stale.details?.currentVersion as number;
    expect(version).toEqual(expect.any(Number));

    const renamed = ok(await settings.PATCH('/api/v1/settings', { body: { name: 'ApiCo Renamed', expectedVersion: version } }));
    expect(renamed).toEqual({ name: 'ApiCo Renamed', version: version + 1 });
    expect(ok(await settings.GET('/api/v1/units/{unitId}', { params: { path: { unitId: org.root.id } } })).name).toBe('ApiCo Renamed');

    // The change-set approval setting is saved against the same version.
    const approvals = '/api/v1/settings/change-set-approvals';
    expect(refused(await settings.PATCH(approvals, { body: { ownersApproveOwnChangeSets: true, expectedVersion: version } }), 409).code).toBe('tenant.versionConflict');
    expect(ok(await settings.PATCH(approvals, { body: { ownersApproveOwnChangeSets: true, expectedVersion: version + 1 } })))
      .toEqual({ ownersApproveOwnChangeSets: true, version: version + 2 });
  });
});

test.describe('webhooks', () => {
  let hooks: ApiClient;
  let receiver: Server;
  /** The `webhook-id` of every request the receiver got. */
  const received: string[] = [];

  test.beforeAll(async () => {
    hooks = (await keyFor(org, 'E2E webhooks', 'admin', org.root)).client;
    receiver = createServer((req, res) => {
      received.push(String(req.headers['webhook-id']));
      req.resume();
      req.on('end', () => res.writeHead(204).end());
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  });

  test.afterAll(async () => {
    await new Promise((resolve) => receiver.close(resolve));
  });

  test('an endpoint is added, changed, hears of a change, has it resent, and is removed', async () => {
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/arbor`;
    const created = ok(await hooks.POST('/api/v1/webhooks', { body: { url, description: 'E2E receiver', eventTypes: ['unit.created'] } }), 201);
    expect(created.secret).toMatch(/^whsec_/);
    expect(created.endpoint).toMatchObject({ url, description: 'E2E receiver', eventTypes: ['unit.created'], enabled: true, version: 1 });
    const endpoint = { endpointId: created.endpoint.endpointId };

    const listed = ok(await hooks.GET('/api/v1/webhooks'));
    expect(listed.endpoints.map((e) => e.endpointId)).toEqual([endpoint.endpointId]);
    const updated = ok(await hooks.PATCH('/api/v1/webhooks/{endpointId}', { params: { path: endpoint }, body: { description: 'E2E receiver (units)', expectedVersion: 1 } }));
    expect(updated).toMatchObject({ description: 'E2E receiver (units)', version: 2 });
    const stale = refused(await hooks.PATCH('/api/v1/webhooks/{endpointId}', { params: { path: endpoint }, body: { enabled: false, expectedVersion: 1 } }), 409);
    expect(stale.code).toBe('webhook.changed');
    const rolled = ok(await hooks.POST('/api/v1/webhooks/{endpointId}/rotate-secret', { params: { path: endpoint }, body: { expectedVersion: 2 } }));
    expect(rolled.secret).toMatch(/^whsec_/);
    expect(rolled.secret).not.toBe(created.secret);
    expect(rolled.endpoint).toMatchObject({ version: 3, secretHint: rolled.secret.slice(-4) });
    expect(Date.parse(rolled.endpoint.previousSecretUntil ?? '')).toBeGreaterThan(Date.now());

    // A change the endpoint hears of; the delivery worker the suite runs sends it.
    ok(await hooks.POST('/api/v1/units', { body: { parentId: org.units.sales.id, name: 'Webhook trigger' } }), 201);
    let messageId = '';
    await expect
      .poll(async () => {
        const page = ok(await hooks.GET('/api/v1/webhooks/{endpointId}/deliveries', { params: { path: endpoint } }));
        const delivered = page.items.find((d) => d.eventType === 'unit.created' && d.state === 'delivered');
        messageId = delivered?.messageId ?? '';
        return messageId;
      }, { timeout: 30_000, intervals: [1000] })
      .not.toBe('');
    expect(received).toContain(messageId);

    const resent = await hooks.POST('/api/v1/webhooks/{endpointId}/deliveries/{messageId}/resend', { params: { path: { ...endpoint, messageId } } });
    expect(resent.response.status, JSON.stringify(resent.error)).toBe(204);
    await expect.poll(() => received.filter((id) => id === messageId).length, { timeout: 30_000 }).toBe(2);

    const removed = await hooks.DELETE('/api/v1/webhooks/{endpointId}', { params: { path: endpoint } });
    expect(removed.response.status, JSON.stringify(removed.error)).toBe(204);
    expect(ok(await hooks.GET('/api/v1/webhooks')).endpoints).toEqual([]);
  });
});

test.describe('roles and permissions', () => {
  let roles: ApiClient;
  let elsewhere: ApiClient;

  test.beforeAll(async () => {
    roles = (await keyFor(org, 'E2E roles', 'admin', org.root)).client;
    elsewhere = (await keyFor(other, 'E2E roles elsewhere', 'admin', other.root)).client;
  });

  test('a permission and a role are defined, read, previewed, changed and deleted; refusals change nothing', async () => {
    const permission = ok(await roles.POST('/api/v1/permissions', { body: { key: 'expenses.approve', description: 'Approve expense reports' } }), 201);
    expect(permission).toMatchObject({ key: 'expenses.approve', description: 'Approve expense reports' });
    const permissionPath = { params: { path: { permissionKey: 'expenses.approve' } } };
    expect(ok(await roles.PATCH('/api/v1/permissions/{permissionKey}', { ...permissionPath, body: { description: 'Approve expenses' } })).description).toBe('Approve expenses');
    const role = ok(await roles.POST('/api/v1/roles', { body: { key: 'budget-approver', name: 'Budget approver', permissions: ['expenses.approve'], reach: 'subtree' } }), 201);
    expect(role).toMatchObject({ key: 'budget-approver', permissions: ['expenses.approve'], reach: 'subtree', version: 1 });

    // Any member reads the catalogue.
    const listed = ok(await manager.GET('/api/v1/roles'));
    expect(listed.builtIn.map((r) => r.key)).toEqual(['owner', 'admin', 'manager', 'member']);
    expect(listed.roles.map((r) => r.key)).toEqual(['budget-approver']);
    expect(listed.permissions.map((p) => p.key)).toEqual(['expenses.approve']);
    expect(listed.limits.rolesPerMembership).toBe(10);
    const rolePath = { params: { path: { roleKey: 'budget-approver' } } };
    expect(ok(await roles.GET('/api/v1/roles/{roleKey}', rolePath)).name).toBe('Budget approver');
    expect(ok(await roles.POST('/api/v1/roles/{roleKey}/preview', { ...rolePath, body: { reach: 'unit' } }))).toEqual({ holders: 0, changes: [], truncated: false });

    await leavesUnchanged(org, async () => {
      expect(refused(await manager.POST('/api/v1/roles', { body: { key: 'mine', name: 'Mine', permissions: [], reach: 'unit' } }), 403).code).toBe('authz.roles.manage');
      expect(refused(await roles.POST('/api/v1/roles', { body: { key: 'owner', name: 'Owner', permissions: [], reach: 'unit' } }), 400).code).toBe('roles.reservedKey');
      expect(refused(await roles.POST('/api/v1/roles', { body: { key: 'payroll', name: 'Payroll', permissions: ['payroll.view'], reach: 'unit' } }), 400).code).toBe('roles.unknownPermission');
      expect(refused(await roles.DELETE('/api/v1/permissions/{permissionKey}', permissionPath), 409).code).toBe('roles.permissionInUse');
      expect(refused(await roles.PATCH('/api/v1/roles/{roleKey}', { ...rolePath, body: { reach: 'unit', expectedVersion: 2 } }), 409).code).toBe('roles.versionConflict');
    });
    await leavesUnchanged(other, async () => {
      expect(refused(await elsewhere.GET('/api/v1/roles/{roleKey}', rolePath), 404).code).toBe('roles.notFound');
      expect(refused(await elsewhere.PATCH('/api/v1/permissions/{permissionKey}', { ...permissionPath, body: { description: 'Theirs' } }), 404).code).toBe('roles.permissionNotFound');
    });

    const changed = ok(await roles.PATCH('/api/v1/roles/{roleKey}', { ...rolePath, body: { permissions: ['expenses.approve', 'tree.read'], reach: 'below', expectedVersion: 1 } }));
    expect(changed).toMatchObject({ reach: 'below', version: 2 });
    const removed = await roles.DELETE('/api/v1/roles/{roleKey}', { params: { path: rolePath.params.path, query: { expectedVersion: '2', replaceWith: 'none' } } });
    expect(removed.response.status, JSON.stringify(removed.error)).toBe(204);
    const gone = await roles.DELETE('/api/v1/permissions/{permissionKey}', permissionPath);
    expect(gone.response.status, JSON.stringify(gone.error)).toBe(204);
    expect(ok(await roles.GET('/api/v1/roles'))).toMatchObject({ roles: [], permissions: [] });
  });
});

test.describe('reorganizations', () => {
  /** Drafts and applies the sets (admin on the top unit); its own approval does not count. */
  let reorg: ApiClient;
  /** A second admin key: reviews and reads. */
  let reviewer: ApiClient;
  /** Two units of their own under the top unit, and Alpha below North, so no other test's data is in the way. */
  let north: Unit;
  let south: Unit;
  let alpha: Unit;
  const set = (setId: string) => ({ params: { path: { setId } } });

  test.beforeAll(async () => {
    reorg = (await keyFor(org, 'E2E reorg', 'admin', org.root)).client;
    reviewer = (await keyFor(org, 'E2E reorg reviewer', 'admin', org.root)).client;
    const db = await tenantDb(org.tenantId);
    north = await createUnit(db, OPERATOR_ACTOR, { parentId: org.root.id, name: 'North' });
    south = await createUnit(db, OPERATOR_ACTOR, { parentId: org.root.id, name: 'South' });
    alpha = await createUnit(db, OPERATOR_ACTOR, { parentId: north.id, name: 'Alpha' });
  });

  /**
   * The organization's owner approves as a person would in the console. A key's review is taken
   * (200) but counts for no area (approvers are the people holding administering memberships in
   * the tree, and a key holds none), and the run's check of its reviewers' memberships then fails
   * the apply with authz.stale: the applied set here is approved by the owner only.
   */
  async function ownerApproves(setId: string, expectedVersion: number) {
    const db = await tenantDb(org.tenantId);
    const access = await loadActorAccess(db, org.ownerUserId);
    const header = await reviewChangeSet(db, { userId: org.ownerUserId, email: access.email, name: access.name, access }, setId, { expectedVersion, decision: 'approve' });
    return header.version;
  }

  test('a change set is drafted, previewed, reviewed, scheduled and unscheduled, applied, then reverted', async () => {
    const { bo } = org.people;
    const created = ok(await reorg.POST('/api/v1/change-sets', { body: { name: 'Spring reorg', description: 'Alpha joins South under Bo; North gets Gamma.' } }), 201);
    expect(created).toMatchObject({ name: 'Spring reorg', status: 'draft', version: 1, operationCount: 0, author: { name: 'API key E2E reorg' } });
    const id = set(created.setId);

    const gammaId = ulid();
    const drafted = ok(await reorg.POST('/api/v1/change-sets/{setId}/operations', {
      ...id,
      body: {
        expectedVersion: created.version,
        operations: [
          { kind: 'createUnit', parentId: north.id, name: 'Gamma', unitId: gammaId },
          { kind: 'renameUnit', unitId: alpha.id, name: 'Alpha Prime' },
          { kind: 'moveUnit', unitId: alpha.id, parentId: south.id },
          { kind: 'addMember', userId: bo.userId, unitId: south.id, role: 'manager' },
        ],
      },
    }));
    expect(drafted).toMatchObject({ status: 'draft', version: created.version + 1, operationCount: 4 });
    expect(drafted.operations.map((o) => [o.seq, o.op.kind])).toEqual([[1, 'createUnit'], [2, 'renameUnit'], [3, 'moveUnit'], [4, 'addMember']]);

    const read = ok(await reviewer.GET('/api/v1/change-sets/{setId}', id));
    expect(read.operations.map((o) => o.seq)).toEqual([1, 2, 3, 4]);
    expect(read.operations.every((o) => o.text.length > 0)).toBe(true);
    expect(read.reviews).toEqual([]);
    const listed = ok(await reviewer.GET('/api/v1/change-sets'));
    expect(listed.items.find((s) => s.setId === created.setId)).toMatchObject({ name: 'Spring reorg', operationCount: 4 });

    const preview = ok(await reviewer.GET('/api/v1/change-sets/{setId}/preview', id));
    expect(preview.conflicts).toEqual([]);
    expect(preview.problems).toEqual([]);
    expect(preview.clean).toBe(true);
    expect(preview.tree.counts).toEqual({ created: 1, renamed: 1, moved: 1, deleted: 0 });
    expect(preview.tree.after.find((r) => r.id === gammaId)).toMatchObject({ name: 'Gamma', marks: ['created'] });
    expect(preview.tree.after.find((r) => r.id === alpha.id)).toMatchObject({ name: 'Alpha Prime', marks: expect.arrayContaining(['renamed', 'moved']) });
    // Bo comes to manage South, with Alpha Prime moving in below it (a unit the set creates is no one's gain).
    const boImpact = preview.people.find((p) => p.userId === bo.userId);
    expect(boImpact?.gains.map((g) => [g.unitName, g.units])).toEqual([['South', 2]]);
    expect(boImpact?.losses).toEqual([]);
    expect(preview.approvals.complete).toBe(false);
    expect(preview.approvals.areas.map((a) => a.unitId)).toEqual(expect.arrayContaining([north.id, alpha.id, south.id]));

    // Not ready: applying (or scheduling) before the approvals are in is refused.
    const early = refused(await reorg.POST('/api/v1/change-sets/{setId}/apply', { ...id, body: { expectedVersion: drafted.version } }), 409);
    expect(early.code).toBe('changeSet.notReady');

    // The owner's approval covers every area. (A key's review, taken in the next test, would make the
    // run fail its reviewers' check: see ownerApproves.)
    const version = await ownerApproves(created.setId, drafted.version);
    expect(ok(await reorg.GET('/api/v1/change-sets/{setId}', id)).reviews.map((r) => [r.userId, r.decision, r.current])).toEqual([[org.ownerUserId, 'approve', true]]);
    expect(ok(await reviewer.GET('/api/v1/change-sets/{setId}/preview', id)).approvals.complete).toBe(true);

    const at = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    const scheduled = ok(await reorg.POST('/api/v1/change-sets/{setId}/apply', { ...id, body: { expectedVersion: version, at } }));
    expect(scheduled).toMatchObject({ status: 'scheduled', version: version + 1 });
    expect(Date.parse(scheduled.scheduledAt!)).toBe(Date.parse(at));
    const unscheduled = ok(await reorg.DELETE('/api/v1/change-sets/{setId}/apply', { params: { path: id.params.path, query: { expectedVersion: String(scheduled.version) } } }));
    expect(unscheduled).toMatchObject({ status: 'draft', version: scheduled.version + 1 });
    expect(unscheduled.scheduledAt).toBeUndefined();

    const started = ok(await reorg.POST('/api/v1/change-sets/{setId}/apply', { ...id, body: { expectedVersion: unscheduled.version } }), 202);
    expect(['applying', 'applied']).toContain(started.status);
    let ended = started;
    await expect
      .poll(async () => (ended = ok(await reviewer.GET('/api/v1/change-sets/{setId}', id))).status, { timeout: 60_000, intervals: [500, 1000] })
      .toMatch(/^(applied|failed)$/);
    expect(ended.run?.error, 'why the run failed').toBeUndefined();
    expect(ended.status).toBe('applied');

    // The tree is the preview's "after".
    const gamma = ok(await reviewer.GET('/api/v1/units/{unitId}', { params: { path: { unitId: gammaId } } }));
    expect(gamma).toMatchObject({ name: 'Gamma', parentId: north.id, locked: false });
    expect(ok(await reviewer.GET('/api/v1/units/{unitId}', { params: { path: { unitId: alpha.id } } }))).toMatchObject({ name: 'Alpha Prime', parentId: south.id, locked: false });
    const southMembers = ok(await reviewer.GET('/api/v1/members/units/{unitId}', { params: { path: { unitId: south.id } } }));
    expect(southMembers.rows.map((r) => [r.userId, r.role])).toEqual([[bo.userId, 'manager']]);

    const revert = ok(await reorg.POST('/api/v1/change-sets/{setId}/revert', id), 201);
    expect(revert).toMatchObject({ status: 'draft', revertOf: created.setId, name: 'Revert: Spring reorg' });
    expect(revert.operations.length).toBeGreaterThan(0);
    expect(ok(await reorg.GET('/api/v1/change-sets/{setId}', id))).toMatchObject({ status: 'applied', revertedBy: revert.setId });
    const revertPreview = ok(await reviewer.GET('/api/v1/change-sets/{setId}/preview', set(revert.setId)));
    expect(revertPreview.conflicts).toEqual([]);
    expect(revertPreview.tree.counts).toMatchObject({ renamed: 1, moved: 1, deleted: 1 });
  });

  test('operations are imported from CSV, a conflicting live rename re-confirmed, an operation dropped, the set renamed and deleted', async () => {
    const created = ok(await reorg.POST('/api/v1/change-sets', { body: { name: 'Tidy-up' } }), 201);
    const id = set(created.setId);
    const southNow = ok(await reorg.GET('/api/v1/units/{unitId}', { params: { path: { unitId: south.id } } }));
    const drafted = ok(await reorg.POST('/api/v1/change-sets/{setId}/operations', {
      ...id,
      body: { expectedVersion: created.version, operations: [{ kind: 'renameUnit', unitId: south.id, name: 'Southern' }, { kind: 'createUnit', parentId: north.id, name: 'Delta' }] },
    }));
    expect(drafted.operations.map((o) => o.seq)).toEqual([1, 2]);
    // Rows of a spreadsheet, units named by their path below the top unit.
    const imported = ok(await reorg.POST('/api/v1/change-sets/{setId}/import', { ...id, body: { expectedVersion: drafted.version, csv: 'action,unit,to,name,email,role\ncreate,North/Zeta,,,,' } }));
    expect(imported.operations.map((o) => [o.seq, o.op.kind])).toEqual([[1, 'renameUnit'], [2, 'createUnit'], [3, 'createUnit']]);
    expect(imported.operations[2].op).toMatchObject({ parentId: north.id, name: 'Zeta' });

    // Someone renames South meanwhile: the set's rename was drafted on the old name (Delta's parent is untouched).
    ok(await reorg.PATCH('/api/v1/units/{unitId}', { params: { path: { unitId: south.id } }, body: { name: 'South Side', expectedVersion: southNow.version } }));
    const stale = ok(await reviewer.GET('/api/v1/change-sets/{setId}/preview', id));
    expect(stale.conflicts.map((c) => c.seq)).toEqual([1]);
    expect(stale.conflicts[0].changes.length).toBeGreaterThan(0);
    expect(stale.clean).toBe(false);

    const reconfirmed = ok(await reorg.POST('/api/v1/change-sets/{setId}/operations/{seq}/reconfirm', { params: { path: { setId: created.setId, seq: '1' } }, body: { expectedVersion: imported.version } }));
    expect(reconfirmed.version).toBe(imported.version + 1);
    expect(ok(await reviewer.GET('/api/v1/change-sets/{setId}/preview', id)).conflicts).toEqual([]);

    const dropped = ok(await reorg.DELETE('/api/v1/change-sets/{setId}/operations/{seq}', { params: { path: { setId: created.setId, seq: '2' }, query: { expectedVersion: String(reconfirmed.version) } } }));
    expect(dropped.operations.map((o) => [o.seq, o.op.kind])).toEqual([[1, 'renameUnit'], [3, 'createUnit']]);
    expect(dropped.operationCount).toBe(2);

    // An approval is a person's decision: a key's review is refused (the person-only test below).
    expect(ok(await reorg.GET('/api/v1/change-sets/{setId}', id)).reviews).toEqual([]);

    const renamed = ok(await reorg.PATCH('/api/v1/change-sets/{setId}', { ...id, body: { name: 'South rename', description: 'South renamed, Zeta created.', expectedVersion: dropped.version } }));
    expect(renamed).toMatchObject({ name: 'South rename', description: 'South renamed, Zeta created.', version: dropped.version + 1 });

    const deleted = await reorg.DELETE('/api/v1/change-sets/{setId}', { params: { path: id.params.path, query: { expectedVersion: String(renamed.version) } } });
    expect(deleted.response.status, JSON.stringify(deleted.error)).toBe(204);
    expect(refused(await reorg.GET('/api/v1/change-sets/{setId}', id), 404).code).toBe('changeSet.notFound');
    // South kept its live name: nothing of the deleted set was applied.
    expect(ok(await reorg.GET('/api/v1/units/{unitId}', { params: { path: { unitId: south.id } } })).name).toBe('South Side');
  });

  test("another organization's unit in an operation, and a manager outside the touched tree, are refused with nothing changed", async () => {
    const created = ok(await reorg.POST('/api/v1/change-sets', { body: { name: 'South only' } }), 201);
    const id = set(created.setId);
    const drafted = ok(await reorg.POST('/api/v1/change-sets/{setId}/operations', {
      ...id, body: { expectedVersion: created.version, operations: [{ kind: 'createUnit', parentId: south.id, name: 'Epsilon' }] },
    }));
    await leavesUnchanged(org, async () => {
      const theirs = refused(await reorg.POST('/api/v1/change-sets/{setId}/operations', {
        ...id, body: { expectedVersion: drafted.version, operations: [{ kind: 'moveUnit', unitId: south.id, parentId: other.units.sales.id }] },
      }), 400);
      expect(theirs.code).toBe('changeSet.badOperation');
      // The manager of Engineering administers nothing this set touches, and did not draft it.
      expect(refused(await manager.GET('/api/v1/change-sets/{setId}', id), 404).code).toBe('changeSet.notFound');
      expect(refused(await manager.GET('/api/v1/change-sets/{setId}/preview', id), 404).code).toBe('changeSet.notFound');
      expect(ok(await manager.GET('/api/v1/change-sets')).items.map((s) => s.setId)).not.toContain(created.setId);
    });
    expect(ok(await reorg.GET('/api/v1/change-sets/{setId}', id))).toMatchObject({ version: drafted.version, operationCount: 1 });
  });

  test('a delete with a stale version is refused with 409 and leaves the set whole', async () => {
    const created = ok(await reorg.POST('/api/v1/change-sets', { body: { name: 'Kept whole' } }), 201);
    const id = set(created.setId);
    const drafted = ok(await reorg.POST('/api/v1/change-sets/{setId}/operations', {
      ...id, body: { expectedVersion: created.version, operations: [{ kind: 'renameUnit', unitId: north.id, name: 'Northern' }] },
    }));
    await leavesUnchanged(org, async () => {
      const stale = refused(await reorg.DELETE('/api/v1/change-sets/{setId}', { params: { path: id.params.path, query: { expectedVersion: String(created.version) } } }), 409);
      expect(stale.code).toBe('changeSet.changed');
      expect(stale.details?.currentVersion).toBe(drafted.version);
    });
    expect(ok(await reorg.GET('/api/v1/change-sets/{setId}', id)).operations.map((o) => o.op.kind)).toEqual(['renameUnit']);
  });
});

test.describe('checks', () => {
  /** Asks with the admin role on the top unit: anyone, anywhere. */
  let checker: ApiClient;
  test.beforeAll(async () => {
    checker = (await keyFor(org, 'E2E checks', 'admin', org.root)).client;
  });

  test('a check, a batch, the units and the subjects of a permission, and a what-if answer through the typed client', async () => {
    const { ada } = org.people;
    const { sales, engineering } = org.units;
    const one = ok(await checker.POST('/api/v1/checks', { body: { subject: { userId: ada.userId }, permission: 'tree.read', unitId: sales.id, explain: true } }));
    expect(one).toMatchObject({ allowed: true, subject: { userId: ada.userId }, permission: 'tree.read', unitId: sales.id, consistencyToken: expect.any(String) });

    const batch = ok(await checker.POST('/api/v1/checks/batch', {
      body: { checks: [{ subject: { email: ada.email }, permission: 'roles.manage', unitId: sales.id }, { subject: { userId: ada.userId }, permission: 'tree.read', unitId: sales.id }] },
    }));
    expect(batch.results.map((r) => ('allowed' in r ? r.allowed : r.error.code))).toEqual([false, true]);

    const units = ok(await checker.POST('/api/v1/checks/units', { body: { subject: { userId: ada.userId }, permission: 'tree.read' } }));
    expect(units.items.map((u) => u.unitId)).toContain(sales.id);
    const subjects = ok(await checker.POST('/api/v1/checks/subjects', { body: { permission: 'tree.read', unitId: sales.id } }));
    expect(subjects.items.map((p) => p.userId)).toContain(ada.userId);

    const created = ok(await checker.POST('/api/v1/change-sets', { body: { name: 'Checks what-if' } }), 201);
    ok(await checker.POST('/api/v1/change-sets/{setId}/operations', {
      params: { path: { setId: created.setId } },
      body: { expectedVersion: created.version, operations: [{ kind: 'addMember', userId: ada.userId, unitId: engineering.id, role: 'manager' }] },
    }));
    const whatIf = ok(await checker.POST('/api/v1/change-sets/{setId}/checks', {
      params: { path: { setId: created.setId } },
      body: { checks: [{ subject: { userId: ada.userId }, permission: 'unit.create', unitId: engineering.id }] },
    }));
    expect(whatIf.opsVersion).toEqual(expect.any(Number));
    expect(whatIf.results[0]).toMatchObject({ before: { allowed: false }, after: { allowed: true }, changed: true });
  });
});

test.describe('what a key may not do', () => {
  test('person-only operations answer 403 apiKey.personOnly to a key, and mint nothing', async () => {
    const id = { path: { keyId: managerKeyId } };
    // Each key as listed, but for its last use (which these very requests move).
    const listKeys = async () => (await listApiKeys(await scopeOf(org))).map(({ lastUsedAt: _used, ...key }) => key);
    const keysBefore = await listKeys();
    const calls: [string, () => Promise<Answer<unknown>>][] = [
      ['listApiKeys', () => admin.GET('/api/v1/api-keys')],
      ['createApiKey', () => admin.POST('/api/v1/api-keys', { body: { name: 'Minted by a key', unitId: org.root.id, role: 'admin', expiresInDays: 365 } })],
      ['revokeApiKey', () => admin.DELETE('/api/v1/api-keys/{keyId}', { params: id })],
      ['listDirectoryTokens', () => admin.GET('/api/v1/directory/tokens')],
      ['createDirectoryToken', () => admin.POST('/api/v1/directory/tokens', { body: { label: 'Minted by a key' } })],
      ['revokeDirectoryToken', () => admin.DELETE('/api/v1/directory/tokens/{tokenId}', { params: { path: { tokenId: ulid() } } })],
      ['listSetupLinks', () => admin.GET('/api/v1/settings/setup-links')],
      ['createSetupLink', () => admin.POST('/api/v1/settings/setup-links', { body: { label: 'Minted by a key', days: 1 } })],
      ['revokeSetupLink', () => admin.DELETE('/api/v1/settings/setup-links/{linkId}', { params: { path: { linkId: ulid() } } })],
      ['getSsoConnection', () => admin.GET('/api/v1/settings/sso')],
      ['saveSsoConnection', () => admin.PUT('/api/v1/settings/sso', { body: { protocol: 'oidc', issuer: 'https://idp.example.com', clientId: 'key', clientSecret: 'secret', jit: true } })],
      ['testSsoConnection', () => admin.POST('/api/v1/settings/sso/test')],
      ['setSsoEnabled', () => admin.PUT('/api/v1/settings/sso/enabled', { body: { enabled: false, expectedVersion: 1 } })],
      ['listDomains', () => admin.GET('/api/v1/settings/domains')],
      ['addDomain', () => admin.POST('/api/v1/settings/domains', { body: { domain: `taken-${org.domain}` } })],
      ['removeDomain', () => admin.DELETE('/api/v1/settings/domains/{domain}', { params: { path: { domain: org.domain } } })],
      ['verifyDomain', () => admin.POST('/api/v1/settings/domains/{domain}/verify', { params: { path: { domain: org.domain } } })],
      ['reviewChangeSet', () => admin.POST('/api/v1/change-sets/{setId}/reviews', { params: { path: { setId: ulid() } }, body: { expectedVersion: 1, decision: 'approve' } })],
      ['scheduleOrganizationDeletion', () => admin.POST('/api/v1/settings/deletion', { body: { confirmName: 'The organization' } })],
      ['cancelOrganizationDeletion', () => admin.DELETE('/api/v1/settings/deletion')],
      ['listAuditStreams', () => admin.GET('/api/v1/audit-streams')],
      ['createAuditStream', () => admin.POST('/api/v1/audit-streams', { body: { name: 'Minted by a key', settings: { kind: 'https', url: 'https://siem.example.com/arbor' } } })],
      ['getAuditStream', () => admin.GET('/api/v1/audit-streams/{destinationId}', { params: { path: { destinationId: ulid() } } })],
      ['updateAuditStream', () => admin.PATCH('/api/v1/audit-streams/{destinationId}', { params: { path: { destinationId: ulid() } }, body: { enabled: false, expectedVersion: 1 } })],
      ['deleteAuditStream', () => admin.DELETE('/api/v1/audit-streams/{destinationId}', { params: { path: { destinationId: ulid() }, query: { expectedVersion: '1' } } })],
      ['testAuditStream', () => admin.POST('/api/v1/audit-streams/{destinationId}/test', { params: { path: { destinationId: ulid() } } })],
      ['backfillAuditStream', () => admin.POST('/api/v1/audit-streams/{destinationId}/backfill', { params: { path: { destinationId: ulid() } }, body: { from: new Date().toISOString(), expectedVersion: 1 } })],
      // Access reviews are people's judgements: owners run them, people decide (docs/access-reviews.md).
      ['listAccessReviews', () => admin.GET('/api/v1/access-reviews')],
      ['startAccessReview', () => admin.POST('/api/v1/access-reviews', { body: { name: 'By a key', coverage: { roles: ['manager'], customRoles: [], permissions: [], apiKeys: false, guests: false, directoryRules: false }, durationDays: 14, reminderDaysBefore: 0, defaultDecision: 'keep' } })],
      ['listAssignedReviewItems', () => admin.GET('/api/v1/access-reviews/assigned')],
      ['getAccessReview', () => admin.GET('/api/v1/access-reviews/{reviewId}', { params: { path: { reviewId: ulid() } } })],
      ['listAccessReviewItems', () => admin.GET('/api/v1/access-reviews/{reviewId}/items', { params: { path: { reviewId: ulid() } } })],
      ['decideAccessReviewItem', () => admin.POST('/api/v1/access-reviews/{reviewId}/items/{itemId}/decision', { params: { path: { reviewId: ulid(), itemId: ulid() } }, body: { value: 'keep', expectedVersion: 1 } })],
      ['decideAccessReviewItems', () => admin.POST('/api/v1/access-reviews/{reviewId}/decisions', { params: { path: { reviewId: ulid() } }, body: { items: [{ itemId: ulid(), expectedVersion: 1 }], value: 'keep' } })],
      ['delegateAccessReviewItem', () => admin.POST('/api/v1/access-reviews/{reviewId}/items/{itemId}/delegate', { params: { path: { reviewId: ulid(), itemId: ulid() } }, body: { toUserId: ulid(), reason: 'Away', expectedVersion: 1 } })],
      ['listEligibleReviewers', () => admin.GET('/api/v1/access-reviews/{reviewId}/items/{itemId}/reviewers', { params: { path: { reviewId: ulid(), itemId: ulid() }, query: {} } })],
      ['completeAccessReview', () => admin.POST('/api/v1/access-reviews/{reviewId}/complete', { params: { path: { reviewId: ulid() } }, body: {} })],
      ['cancelAccessReview', () => admin.POST('/api/v1/access-reviews/{reviewId}/cancel', { params: { path: { reviewId: ulid() } }, body: { expectedVersion: 1 } })],
      ['revertAccessReview', () => admin.POST('/api/v1/access-reviews/{reviewId}/revert', { params: { path: { reviewId: ulid() } } })],
      ['eraseMember', () => admin.POST('/api/v1/members/{userId}/erase', { params: { path: { userId: ulid() } }, body: { confirmEmail: `nobody@${org.domain}` } })],
      ['listReviewSchedules', () => admin.GET('/api/v1/access-review-schedules')],
      ['createReviewSchedule', () => admin.POST('/api/v1/access-review-schedules', {
        body: {
          name: 'By a key', coverage: { roles: ['admin'], customRoles: [], permissions: [], apiKeys: false, guests: false, directoryRules: false },
          durationDays: 7, reminderDaysBefore: 1, defaultDecision: 'keep', everyMonths: 3, firstStartAt: new Date(Date.now() + 86_400_000).toISOString(),
        },
      })],
      ['updateReviewSchedule', () => admin.PATCH('/api/v1/access-review-schedules/{scheduleId}', { params: { path: { scheduleId: ulid() } }, body: { enabled: false, expectedVersion: 1 } })],
      ['deleteReviewSchedule', () => admin.DELETE('/api/v1/access-review-schedules/{scheduleId}', { params: { path: { scheduleId: ulid() }, query: { expectedVersion: '1' } } })],
      ['exportReviewEvidence', () => admin.GET('/api/v1/access-reviews/{reviewId}/evidence', { params: { path: { reviewId: ulid() }, query: { format: 'csv' } } })],
    ];
    await leavesUnchanged(org, async () => {
      for (const [operationId, call] of calls) {
        const error = refused(await call(), 403);
        expect(error.code, operationId).toBe('apiKey.personOnly');
      }
    });
    // Keys live outside the snapshot's partitions: the list is read on its own.
    expect(await listKeys()).toEqual(keysBefore);
  });

  test('an unknown, a revoked and an expired key answer 401', async () => {
    const unit = { params: { path: { unitId: org.root.id } } };
    const unknown = apiClient(baseURL, `arbor_key_${'x'.repeat(43)}`, log);
    expect(refused(await unknown.GET('/api/v1/units/{unitId}', unit), 401).code).toBe('apiKey.invalid');
    const notAKey = apiClient(baseURL, 'not-an-arbor-key', log);
    expect(refused(await notAKey.GET('/api/v1/units/{unitId}', unit), 401).code).toBe('apiKey.invalid');

    const revoked = await keyFor(org, 'E2E revoked', 'member', org.units.sales);
    ok(await revoked.client.GET('/api/v1/units/{unitId}', { params: { path: { unitId: org.units.sales.id } } }));
    await revokeApiKey(await scopeOf(org), { keyId: revoked.keyId, actor: OPERATOR_ACTOR });
    expect(refused(await revoked.client.GET('/api/v1/units/{unitId}', { params: { path: { unitId: org.units.sales.id } } }), 401).code).toBe('apiKey.invalid');

    const expired = await keyFor(org, 'E2E expired', 'member', org.units.sales);
    const platform = platformDb();
    await rawClient(platform).send(new UpdateCommand({
      TableName: platform.tableName, Key: keys.accessToken(apiKeyHash(expired.secret)),
      UpdateExpression: 'SET keyExpiresAt = :past', ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
    }));
    expect(refused(await expired.client.GET('/api/v1/units/{unitId}', { params: { path: { unitId: org.units.sales.id } } }), 401).code).toBe('apiKey.expired');
  });
});

test.describe('rate limits', () => {
  let burst: ApiClient;
  const read = (client: ApiClient) => client.GET('/api/v1/units/{unitId}', { params: { path: { unitId: org.root.id } } });

  test('a key that spends its minute gets 429 with Retry-After; another key of the organization still works', async () => {
    burst = (await keyFor(org, 'E2E burst', 'admin', org.root)).client;
    const bystander = (await keyFor(org, 'E2E bystander', 'admin', org.root)).client;

    const first = await read(burst);
    ok(first);
    const limit = Number(first.response.headers.get('RateLimit-Limit'));
    expect(limit, 'the e2e server runs with ARBOR_API_RATE_PER_KEY=120').toBe(120);
    expect(Number(first.response.headers.get('RateLimit-Remaining'))).toBe(limit - 1);
    expect(Number(first.response.headers.get('RateLimit-Reset'))).toBeGreaterThanOrEqual(1);

    let answer = first;
    let sent = 1;
    while (answer.response.status === 200 && sent <= limit) {
      answer = await read(burst);
      sent += 1;
      if (answer.response.status === 200) expect(Number(answer.response.headers.get('RateLimit-Remaining'))).toBe(limit - sent);
    }
    expect(sent, 'the request after the limit is the one refused').toBe(limit + 1);
    const error = refused(answer, 429);
    expect(error.code).toBe('request.rateLimited');
    const retryAfter = Number(answer.response.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(error.details).toEqual({ retryAfterSeconds: retryAfter, limit, scope: 'key' });

    const fresh = await read(bystander);
    ok(fresh);
    expect(Number(fresh.response.headers.get('RateLimit-Remaining'))).toBe(limit - 1);
  });

  test('the 429 carries the RateLimit-* headers the reference declares for it', async () => {
    // Still inside the window the previous test spent.
    const answer = await read(burst);
    expect(refused(answer, 429).code).toBe('request.rateLimited');
    expect(answer.response.headers.get('RateLimit-Limit')).toBe('120');
    expect(answer.response.headers.get('RateLimit-Remaining')).toBe('0');
    expect(Number(answer.response.headers.get('RateLimit-Reset'))).toBeGreaterThanOrEqual(1);
  });
});

test('every operation of the document was exercised: a success, or for person-only ones their refusal to a key', async () => {
  const res = await fetch(`${baseURL}/api/v1/openapi.json`);
  expect(res.status).toBe(200);
  const doc = (await res.json()) as { paths: Record<string, Record<string, { operationId: string; security: Record<string, unknown>[] }>> };
  const missing: string[] = [];
  let count = 0;
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      count += 1;
      const keyMayCall = op.security.some((s) => 'apiKey' in s);
      const answers = log.answersTo(method, path);
      const exercised = keyMayCall ? answers.some((a) => a.status >= 200 && a.status < 300) : answers.some((a) => a.status === 403 && a.code === 'apiKey.personOnly');
      if (!exercised) missing.push(`${op.operationId} (${method.toUpperCase()} ${path}): ${keyMayCall ? 'no success' : 'no apiKey.personOnly refusal'}; got ${JSON.stringify(answers)}`);
    }
  }
  console.log(`[api] ${count - missing.length} of ${count} operations exercised through the typed client`);
  expect(missing, missing.join('\n')).toEqual([]);
});
