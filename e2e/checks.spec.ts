// The check API driven through the organization's own client (clients/typescript) against the
// production build, as an expenses application would: the organization defines a permission and
// a custom role and gives it to a person (writes through the client, whose tokens it keeps); the
// person is allowed, with the reason; a write made elsewhere, its token noted, is seen by the next
// check; a batch, the units and the subjects of the permission, a what-if against a drafted
// reorganization, all with a check key, which cannot write; and the error shapes (another
// organization's person is "not found", nothing more).
import { ulid } from 'ulid';
import { ArborChecks, ArborError, isItemError } from '../clients/typescript';
import { createApiKey } from '../lib/api-keys';
import { CONSISTENCY_TOKEN_HEADER } from '../lib/db/consistency-token';
import { addMembership } from '../lib/members';
import { createUnit, getUnitOrThrow, listChildren, type Unit } from '../lib/org';
import { platformDb, tenantDb, operatorDb } from '../lib/tenancy';
import { createTenant, OPERATOR_ACTOR } from '../lib/tenants';
import { ensureUser } from '../lib/users';
import { expect, test } from './support/test';

interface Person {
  userId: string;
  email: string;
}

interface Org {
  tenantId: string;
  root: Unit;
  finance: Unit;
  emea: Unit;
  alice: Person;
  bob: Person;
  /** The versions of Alice's and Bob's memberships, for the roles writes. */
  versions: { alice: number; bob: number };
}

test.describe.configure({ mode: 'serial' });

let baseURL: string;
let org: Org;
let other: Org;
/** A full admin key: writes, and checks after its own writes, whose tokens it keeps. */
let admin: ArborChecks;
let adminSecret: string;
/** A check key (admin on the top unit, `scope: 'check'`), as the expenses application holds. */
let app: ArborChecks;
/** A second client of the check key, which learns of writes only by noteToken. */
let checker: ArborChecks;

/** An organization with Finance > EMEA, Alice a member of Finance, Bob a member of EMEA. */
async function createOrg(label: string): Promise<Org> {
  const run = ulid().toLowerCase().slice(-8);
  const domain = `${label.toLowerCase()}-${run}.test`;
  const created = await createTenant(operatorDb(), { name: `${label} ${run}`, domain, owner: { email: `olga@${domain}`, name: 'Olga Owner' } });
  const db = await tenantDb(created.tenantId);
  const root = await getUnitOrThrow(db, created.rootUnitId);
  const finance = await createUnit(db, OPERATOR_ACTOR, { parentId: root.id, name: 'Finance' });
  const emea = await createUnit(db, OPERATOR_ACTOR, { parentId: finance.id, name: 'EMEA' });
  const person = async (local: string, name: string, unit: Unit) => {
    const email = `${local}@${domain}`;
    const user = await ensureUser(platformDb(), email, name);
    const membership = await addMembership(db, OPERATOR_ACTOR, { unitId: unit.id, role: 'member', userId: user.id, email, name });
    return { person: { userId: user.id, email }, version: membership.version };
  };
  const alice = await person('alice', 'Alice Approver', finance);
  const bob = await person('bob', 'Bob Builder', emea);
  return { tenantId: created.tenantId, root, finance, emea, alice: alice.person, bob: bob.person, versions: { alice: alice.version, bob: bob.version } };
}

/** The ArborError a call must be refused with. */
async function refusedWith(call: Promise<unknown>): Promise<ArborError> {
  const error = await call.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(ArborError);
  return error as ArborError;
}

test.beforeAll(async ({}, info) => {
  test.setTimeout(120_000);
  baseURL = info.project.use.baseURL!;
  [org, other] = await Promise.all([createOrg('CheckCo'), createOrg('Elsewhere')]);
  const scope = { tenant: await tenantDb(org.tenantId), platform: platformDb() };
  const key = (name: string, keyScope: 'full' | 'check') => createApiKey(scope, { name, role: 'admin', unit: org.root, scope: keyScope, expiresInDays: 1, actor: OPERATOR_ACTOR });
  adminSecret = (await key('Expenses admin', 'full')).secret;
  admin = new ArborChecks({ baseUrl: baseURL, apiKey: adminSecret });
  const { secret } = await key('Expenses app', 'check');
  app = new ArborChecks({ baseUrl: baseURL, apiKey: secret });
  checker = new ArborChecks({ baseUrl: baseURL, apiKey: secret });
});

test('a permission given through a custom role is allowed, with the membership, role and reach giving it', async () => {
  await admin.write('POST', '/api/v1/permissions', { key: 'expenses.approve', description: 'Approve expense reports' });
  await admin.write('POST', '/api/v1/roles', { key: 'expense-approver', name: 'Expense approver', permissions: ['expenses.approve'], reach: 'subtree' });
  await admin.write('PUT', `/api/v1/units/${org.finance.id}/members/${org.alice.userId}/roles`, { roles: ['expense-approver'], expectedVersion: org.versions.alice });
  expect(admin.consistencyToken, "the client keeps its writes' tokens").toEqual(expect.stringMatching(/^v1\./));

  const result = await admin.check({ userId: org.alice.userId }, 'expenses.approve', org.emea.id, { explain: true });
  expect(result).toMatchObject({ allowed: true, subject: { userId: org.alice.userId }, permission: 'expenses.approve', unitId: org.emea.id });
  expect(result.explanation).toMatchObject({
    grantedBy: { unitId: org.finance.id, unitName: 'Finance', unitPath: org.finance.path, role: 'member', customRole: { key: 'expense-approver', name: 'Expense approver' }, reach: 'subtree' },
  });

  const bob = await app.check({ userId: org.bob.userId }, 'expenses.approve', org.emea.id, { explain: true });
  expect(bob.allowed).toBe(false);
  expect(bob.explanation).toMatchObject({ reason: 'permissionNotHeld', message: expect.any(String) });
});

test('a write made elsewhere, its token noted, is seen by the very next check', async () => {
  expect((await checker.check({ userId: org.bob.userId }, 'expenses.approve', org.emea.id)).allowed).toBe(false);
  const write = await fetch(`${baseURL}/api/v1/units/${org.emea.id}/members/${org.bob.userId}/roles`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${adminSecret}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ roles: ['expense-approver'], expectedVersion: org.versions.bob }),
  });
  expect(write.status).toBe(200);
  const token = write.headers.get(CONSISTENCY_TOKEN_HEADER);
  expect(token).toEqual(expect.stringMatching(/^v1\./));
  checker.noteToken(token);
  expect(checker.consistencyToken).toBe(token);
  expect((await checker.check({ userId: org.bob.userId }, 'expenses.approve', org.emea.id)).allowed).toBe(true);
});

test('a batch answers each check in order, a subject it cannot find as that item\'s error', async () => {
  const { results, consistencyToken } = await app.checkBatch([
    { subject: { userId: org.alice.userId }, permission: 'expenses.approve', unitId: org.emea.id },
    { subject: { email: org.alice.email }, permission: 'unit.create', unitId: org.finance.id },
    { subject: { userId: other.alice.userId }, permission: 'expenses.approve', unitId: org.emea.id },
  ]);
  expect(consistencyToken).toEqual(expect.stringMatching(/^v1\./));
  expect(results.map((r) => (isItemError(r) ? r.error.code : r.allowed))).toEqual([true, false, 'check.subjectNotFound']);
});

test("the units where a person holds the permission are the top-most ones, paged; the subjects holding it on a unit, each with what gives it", async () => {
  const units = [];
  for await (const page of app.unitsWithPages({ userId: org.alice.userId }, 'expenses.approve', { limit: 1 })) units.push(...page.items);
  expect(units).toEqual([{ unitId: org.finance.id, unitName: 'Finance', unitPath: org.finance.path, scope: 'subtree' }]);

  const holders = [];
  for await (const page of app.subjectsWithPages('expenses.approve', org.emea.id, { limit: 1 })) holders.push(...page.items);
  // Alice through Finance and Bob at EMEA; the owner too, who holds every permission everywhere.
  expect(holders.map((h) => [h.userId, h.grantedBy.unitId, h.grantedBy.customRole?.key])).toEqual(expect.arrayContaining([
    [org.alice.userId, org.finance.id, 'expense-approver'],
    [org.bob.userId, org.emea.id, 'expense-approver'],
  ]));
  expect(new Set(holders.map((h) => h.userId)).size, 'each holder once').toBe(holders.length);
});

test('what-if: after a drafted change set moves EMEA out of Finance, Alice no longer approves for it', async () => {
  const created = await admin.write<{ setId: string; version: number }>('POST', '/api/v1/change-sets', { name: 'EMEA stands alone' });
  await admin.write('POST', `/api/v1/change-sets/${created.setId}/operations`, {
    expectedVersion: created.version, operations: [{ kind: 'moveUnit', unitId: org.emea.id, parentId: org.root.id }],
  });
  const answer = await app.whatIf(created.setId, [
    { subject: { userId: org.alice.userId }, permission: 'expenses.approve', unitId: org.emea.id },
    { subject: { userId: org.bob.userId }, permission: 'expenses.approve', unitId: org.emea.id },
  ], { explain: true });
  expect(answer.opsVersion).toEqual(expect.any(Number));
  expect(answer.results[0]).toMatchObject({ subject: { userId: org.alice.userId }, before: { allowed: true }, after: { allowed: false }, changed: true });
  expect(answer.results[1]).toMatchObject({ before: { allowed: true }, after: { allowed: true }, changed: false });
});

test('refusals come in the one error shape: another organization\'s person is not found, and nothing more is said', async () => {
  const stranger = await refusedWith(app.check({ userId: other.alice.userId }, 'expenses.approve', org.emea.id, { explain: true }));
  expect([stranger.status, stranger.code]).toEqual([404, 'check.subjectNotFound']);
  expect(JSON.stringify(stranger)).not.toContain(other.tenantId);
  const byEmail = await refusedWith(app.check({ email: other.alice.email }, 'expenses.approve', org.emea.id));
  expect([byEmail.status, byEmail.code]).toEqual([404, 'check.subjectNotFound']);

  const theirUnit = await refusedWith(app.check({ userId: org.alice.userId }, 'expenses.approve', other.emea.id));
  expect([theirUnit.status, theirUnit.code]).toEqual([404, 'check.unitNotFound']);
  const unknown = await refusedWith(app.check({ userId: org.alice.userId }, 'payroll.view', org.emea.id));
  expect([unknown.status, unknown.code]).toEqual([400, 'check.unknownPermission']);
  const foreignToken = await refusedWith(app.check({ userId: org.alice.userId }, 'expenses.approve', org.emea.id, { consistency: { mode: 'atLeastAsFresh', token: 'zookie' } }));
  expect([foreignToken.status, foreignToken.code]).toEqual([400, 'check.badToken']);
  const invalid = await refusedWith(app.checkBatch([]));
  expect([invalid.status, invalid.code]).toEqual([400, 'request.invalid']);
});

test('a check key cannot write: refused with 403 apiKey.checkOnly, and the unit is not created', async () => {
  const refused = await refusedWith(app.write('POST', '/api/v1/units', { parentId: org.root.id, name: 'Shadow IT' }));
  expect([refused.status, refused.code]).toEqual([403, 'apiKey.checkOnly']);
  const { items } = await listChildren(await tenantDb(org.tenantId), org.root.id);
  expect(items.map((u) => u.name)).toEqual(['Finance']);
});
