// The tree and unit page loaders (lib/screens/tree, unit-page, search) against DynamoDB Local
// through the IAM gateway: what each actor sees, the permissions handed to the browser, and the
// number of DynamoDB requests each screen costs (counted on the client).
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { ulid } from 'ulid';
import { createEntryPoints } from '../../lib/api/actor-entry';
import type { RequestActor } from '../../lib/auth';
import type { TenantDb } from '../../lib/db';
import { addMembership, changeRole, loadActorAccess } from '../../lib/members';
import { createUnit, moveUnit } from '../../lib/org';
import { searchConsole } from '../../lib/screens/search';
import { loadChildren, loadMovePicker, loadTree } from '../../lib/screens/tree';
import { loadUnitPage } from '../../lib/screens/unit-page';
import { readRoleCatalogue } from '../../lib/roles';
import { loadUnitAdministrators } from '../../lib/screens/unit-administrators';
import { loadConsoleHeader } from '../../lib/screens/console-header';
import { loadUnitMembers } from '../../lib/screens/unit-members';
import { loadUnitAudit } from '../../lib/screens/audit';
import { newTenant } from '../support/fixtures';
import { tenantDbFor } from '../support/tenant-db';

/** A TenantDb whose client counts the commands sent through it, by command name. */
function counting(db: TenantDb) {
  const sent: string[] = [];
  const client = new Proxy(db.client, {
    get(target, prop, receiver) {
      if (prop !== 'send') return Reflect.get(target, prop, receiver);
      return (command: object, ...rest: unknown[]) => {
        sent.push(command.constructor.name.replace(/Command$/, ''));
        return (target.send as (...a: unknown[]) => unknown).call(target, command, ...rest);
      };
    },
  });
  const tally = () => Object.fromEntries([...new Set(sent)].sort().map((n) => [n, sent.filter((s) => s === n).length]));
  return { db: { ...db, client }, tally, reset: () => void sent.splice(0) };
}

describe('tree screens', () => {
  // Top ─┬─ Engineering ─┬─ Backend ── API
  //      │               └─ Frontend
  //      └─ Sales
  const u: Record<string, string> = {};
  let raw: TenantDb;
  let ownerId: string;
  const managerId = ulid();
  let domain: string;

  before(async () => {
    const t = await newTenant('Screens');
    raw = tenantDbFor(t.tenantId);
    ownerId = t.ownerUserId;
    domain = t.domain;
    const actor = { userId: ownerId, email: t.ownerEmail };
    u.Top = t.rootUnitId;
    u.Engineering = (await createUnit(raw, actor, { parentId: u.Top, name: 'Engineering' })).id;
    u.Sales = (await createUnit(raw, actor, { parentId: u.Top, name: 'Sales' })).id;
    u.Backend = (await createUnit(raw, actor, { parentId: u.Engineering, name: 'Backend' })).id;
    u.Frontend = (await createUnit(raw, actor, { parentId: u.Engineering, name: 'Frontend' })).id;
    u.API = (await createUnit(raw, actor, { parentId: u.Backend, name: 'API' })).id;
    await addMembership(raw, actor, { unitId: u.Engineering, role: 'manager', userId: managerId, email: `mia@${domain}`, name: 'Mia Manager' });
  });

  /** A server-component context for the person, on a counting client (reset after sign-in). */
  async function as(userId: string) {
    const c = counting(raw);
    // As a session holding its copy of the person's organizations (lib/auth/session-records.ts).
    const load = async () => ({ ...(await loadActorAccess(c.db, userId)), email: `x@${domain}`, db: c.db, organizations: [] });
    const ctx = await createEntryPoints<RequestActor>({ load, require: load }).actorContext();
    c.reset();
    return { ctx, ...c };
  }

  test('tree on a deep link: tops, then the way down expanded, in two round trips', async () => {
    const { ctx, tally } = await as(ownerId);
    const tree = await loadTree(ctx, u.API);
    assert.deepEqual(tree.tops.map((r) => r.id), [u.Top]);
    assert.deepEqual(tree.pages.map((p) => p.parentId), [u.Top, u.Engineering, u.Backend]);
    assert.deepEqual(tree.pages[1].items.map((r) => r.name), ['Backend', 'Frontend']);
    assert.equal(tree.selectedId, u.API);
    assert.equal(tree.scopes, 'all');
    // The top and the selected unit, asked apart, go out as one BatchGetItem (lib/api/read-once.ts).
    assert.deepEqual(tally(), { BatchGet: 1, Query: 3 });
  });

  test('a unit page view at depth 3: the header, the tree, the page and its panels read each data set once', async () => {
    // A running server holds the tenant's role catalogue (lib/roles keeps it a few seconds), which
    // the members panel needs for the custom roles it offers; its cold cost is counted in
    // roles-screens.test.ts.
    await readRoleCatalogue(raw);
    const { ctx, tally } = await as(ownerId);
    // As a server render runs them: side by side, sharing the request's context.
    const [header, tree, page] = await Promise.all([loadConsoleHeader(ctx), loadTree(ctx, u.API), loadUnitPage(ctx, u.API)]);
    const [members, history] = await Promise.all([loadUnitMembers(ctx, page.unit), loadUnitAudit(ctx, page.unit)]);
    assert.equal(header.organizationName, tree.tops[0].name);
    assert.equal(members.initial.rows.length, 0);
    assert.ok(history && history.lines.length > 0);
    // One BatchGetItem: the top unit (the header's name, the tree's top) and API, asked apart.
    // One BatchGetItem: API's ancestors (breadcrumb, administrators; the history's unit names).
    // Queries: the tree's three levels, API's sub-units, its members, its pending invitations, its history.
    assert.deepEqual(tally(), { BatchGet: 2, Query: 7 });
  });

  test("the top unit's page lists its sub-units as the very rows of the tree's first level, so the page's payload carries them once", async () => {
    const { ctx, tally } = await as(ownerId);
    const [tree, page] = await Promise.all([loadTree(ctx, u.Top), loadUnitPage(ctx, u.Top)]);
    const level = tree.pages.find((p) => p.parentId === u.Top)!;
    assert.deepEqual(page.children.items.map((r) => r.name), ['Engineering', 'Sales']);
    for (const row of page.children.items) assert.equal(row, level.items.find((r) => r.id === row.id));
    // The top unit (one GetItem) and its children (one Query), shared by the tree and the page.
    assert.deepEqual(tally(), { Get: 1, Query: 1 });
  });

  test("a manager's tree starts at the unit they manage; their move scope is that unit", async () => {
    const { ctx } = await as(managerId);
    const tree = await loadTree(ctx, u.API);
    assert.deepEqual(tree.tops.map((r) => r.name), ['Engineering']);
    assert.deepEqual(tree.pages.map((p) => p.parentId), [u.Engineering, u.Backend]);
    assert.equal(tree.tops[0].canEdit, false, 'the managed unit itself belongs to the level above');
    assert.equal(tree.tops[0].canCreate, true);
    assert.deepEqual(tree.scopes, [tree.tops[0].path]);
    // A unit outside is not revealed, and the tree still opens.
    const outside = await loadTree(ctx, u.Sales);
    assert.equal(outside.selectedId, undefined);
    assert.deepEqual(outside.pages.map((p) => p.parentId), [u.Engineering]);
  });

  test('unit page: breadcrumb, sub-units, who administers it and why, permissions', async () => {
    const { ctx, tally } = await as(ownerId);
    const page = await loadUnitPage(ctx, u.Backend);
    assert.deepEqual(page.breadcrumb.map((c) => [c.name, c.canOpen]), [[page.breadcrumb[0].name, true], ['Engineering', true]]);
    assert.deepEqual(page.children.items.map((r) => r.name), ['API']);
    assert.deepEqual(
      page.administrators?.map((a) => [a.name, a.grants[0].role, a.grants[0].unitName, a.grants[0].direct]),
      [['Screens Owner', 'owner', page.breadcrumb[0].name, false], ['Mia Manager', 'manager', 'Engineering', false]],
    );
    assert.deepEqual(page.can, { rename: true, delete: true, move: true, create: true, explain: true, readAudit: true, readMembers: true });
    // GetItem, then breadcrumb BatchGet (which also carries the ancestors' administrators) + children Query.
    assert.deepEqual(tally(), { BatchGet: 1, Get: 1, Query: 1 });
  });

  test("a manager's unit page: no edits of the managed unit itself, refused outside", async () => {
    const { ctx } = await as(managerId);
    const own = await loadUnitPage(ctx, u.Engineering);
    assert.deepEqual(own.can, { rename: false, delete: false, move: false, create: true, explain: true, readAudit: true, readMembers: true });
    const inside = await loadUnitPage(ctx, u.Backend);
    assert.equal(inside.can.rename && inside.can.move && inside.can.delete, true);
    assert.equal(inside.breadcrumb[0].canOpen, false, 'the top unit is named, not opened');
    await assert.rejects(loadUnitPage(ctx, u.Sales), { code: 'authz.tree.read' });
  });

  test('who administers a unit, read again after each edit (as the console does): the edit just written, one GetItem and one BatchGetItem', async () => {
    const actor = { userId: ownerId, email: `owner@${domain}` };
    const team = await createUnit(raw, actor, { parentId: u.Frontend, name: 'Web team' });
    // Each read is a request of its own (a server action), as after an edit in the console.
    const read = async () => {
      const { ctx, tally } = await as(ownerId);
      const list = (await loadUnitAdministrators(ctx, team.id)).map((a) => `${a.name}: ${a.grants[0].unitName}`);
      assert.deepEqual(tally(), { BatchGet: 1, Get: 1 });
      return list;
    };
    assert.ok((await read()).includes('Mia Manager: Engineering'));

    await moveUnit(raw, actor, { unitId: team.id, newParentId: u.Sales, expectedVersion: team.version });
    assert.ok(!(await read()).some((line) => line.startsWith('Mia Manager')), 'Engineering no longer reaches it');

    const maxId = ulid();
    const added = await addMembership(raw, actor, { unitId: team.id, role: 'manager', userId: maxId, email: `max@${domain}`, name: 'Max Manager' });
    assert.ok((await read()).includes('Max Manager: Web team'));
    await changeRole(raw, actor, { unitId: team.id, userId: maxId, role: 'member', expectedVersion: added.version });
    assert.ok(!(await read()).some((line) => line.startsWith('Max Manager')));

    // Only those who may ask who administers it (access.explain) get the answer.
    await assert.rejects(loadUnitAdministrators((await as(managerId)).ctx, team.id), { code: 'authz.access.explain' });
  });

  test('move picker: starts where the actor may move and says per row whether the unit may go there', async () => {
    const { ctx } = await as(managerId);
    const picker = await loadMovePicker(ctx, u.API);
    assert.deepEqual(picker.tops.map((r) => [r.name, r.canMoveHere]), [['Engineering', true]]);
    const page = await loadChildren(ctx, u.Engineering, { movingUnitId: u.API });
    assert.deepEqual(page.items.map((r) => [r.name, r.canMoveHere]), [['Backend', false], ['Frontend', true]]);
    await assert.rejects(loadChildren(ctx, u.Top), { code: 'authz.tree.read' });
  });

  test('search: units filtered by visibility, people only for owners and admins', async () => {
    const owner = await as(ownerId);
    const all = await searchConsole(owner.ctx, 'mia');
    assert.deepEqual(all.map((h) => h.kind), ['member']);
    const units = await searchConsole(owner.ctx, 'api');
    assert.deepEqual(units, [{ kind: 'unit', id: u.API, name: 'API', parentName: 'Backend', childCount: 0, memberCount: 0 }]);
    assert.deepEqual(owner.tally(), { BatchGet: 1, Query: 4 });

    const manager = await as(managerId);
    assert.deepEqual(await searchConsole(manager.ctx, 'mia'), []);
    assert.deepEqual((await searchConsole(manager.ctx, 's')).map((h) => h.kind === 'unit' && h.name), []);
    assert.deepEqual((await searchConsole(manager.ctx, 'f')).map((h) => h.kind === 'unit' && h.name), ['Frontend']);
  });
});
