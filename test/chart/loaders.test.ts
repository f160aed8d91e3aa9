// The chart's loaders against DynamoDB Local through the IAM gateway: what the unit chart and the
// people chart show an owner, a manager and a member, leaders by role (custom roles included),
// the bounds, and another tenant's ids.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { putItem, withoutGuards, type TenantDb } from '../../lib/db';
import { addMembership, loadActorAccess } from '../../lib/members';
import { createUnit } from '../../lib/org';
import { lineItem } from '../../lib/reporting-lines/line-item';
import { readLinesOf } from '../../lib/reporting-lines';
import { INDEX } from '../../lib/db';
import { loadPeopleChart, loadUnitChart } from '../../lib/chart/server';
import { ArborError } from '../../lib/errors';
import { person, tenantWithTree } from '../members/fixtures';
import { defineRoles } from '../support/role-catalogue';
import { countedDb } from '../support/counted-db';
import { readRoleCatalogue } from '../../lib/roles';

const code = (e: unknown) => (e instanceof ArborError ? e.code : String(e));

describe('the unit chart', () => {
  // Top ─┬─ Engineering ─── Cloud ─── Edge
  //      └─ Sales
  let t: Awaited<ReturnType<typeof tenantWithTree>>;
  let db: TenantDb;
  let edgeId: string;
  const mia = person('Mia Manager');
  const mo = person('Mo Member');
  const bea = person('Béa Budget');

  before(async () => {
    t = await tenantWithTree('Chart');
    db = t.db;
    edgeId = (await createUnit(db, t.owner, { parentId: t.cloud.id, name: 'Edge' })).id;
    await defineRoles(db, [
      { key: 'budget-approver', permissions: ['members.manage'], reach: 'subtree' },
      { key: 'wiki-editor', permissions: ['tree.read'] },
    ]);
    await addMembership(db, t.owner, { unitId: t.engineering.id, role: 'manager', ...mia });
    await addMembership(db, t.owner, { unitId: t.cloud.id, role: 'member', ...mo });
    await addMembership(db, t.owner, { unitId: t.cloud.id, role: 'member', roles: ['budget-approver'], ...bea });
  });

  test('an owner sees the whole tree, parents first, with leaders strongest first and custom-role leaders by their name', async () => {
    const chart = await loadUnitChart(db, await loadActorAccess(db, t.ownerUserId));
    assert.equal(chart.rootId, t.rootUnitId);
    assert.deepEqual(chart.breadcrumb, []);
    assert.match(chart.tenantName, /^Chart /);
    assert.equal(chart.units[0].id, t.rootUnitId);
    assert.deepEqual(chart.units.slice(1).map((u) => u.name).sort(), ['Cloud', 'Edge', 'Engineering', 'Sales']);
    const seen = new Set<string>();
    for (const u of chart.units) {
      assert.ok(u.parentId === null || seen.has(u.parentId), `${u.name} after its parent`);
      seen.add(u.id);
    }
    const byId = new Map(chart.units.map((u) => [u.id, u]));
    assert.deepEqual(byId.get(t.rootUnitId)!.leaders.map((l) => [l.role, l.roleName]), [['owner', 'Owner']]);
    assert.deepEqual(byId.get(t.engineering.id)!.leaders.map((l) => [l.name, l.role, l.initials]), [['Mia Manager', 'manager', 'MM']]);
    // Mo is a plain member: no leader. Béa's custom role manages members: she leads Cloud.
    assert.deepEqual(byId.get(t.cloud.id)!.leaders.map((l) => [l.name, l.role, l.roleName, l.initials]), [['Béa Budget', 'budget-approver', 'budget-approver', 'BB']]);
    assert.equal(byId.get(t.cloud.id)!.leaderCount, 1);
    assert.equal(byId.get(t.cloud.id)!.memberCount, 2);
    assert.equal(byId.get(t.engineering.id)!.childCount, 1);
    assert.deepEqual(chart.viewerUnitIds, [t.rootUnitId]);
  });

  test("a manager's chart opens on their unit; a root below has a breadcrumb up to it, not above; a unit outside is refused", async () => {
    const access = await loadActorAccess(db, mia.userId);
    const chart = await loadUnitChart(db, access);
    assert.equal(chart.rootId, t.engineering.id);
    assert.deepEqual(chart.units.map((u) => u.name), ['Engineering', 'Cloud', 'Edge']);
    assert.equal(chart.units[0].parentId, null, 'the top of what the chart shows');
    assert.deepEqual(chart.viewerUnitIds, [t.engineering.id]);
    const deeper = await loadUnitChart(db, access, { rootId: edgeId });
    assert.deepEqual(deeper.breadcrumb.map((c) => c.name), ['Engineering', 'Cloud']);
    await assert.rejects(loadUnitChart(db, access, { rootId: t.sales.id }), (e) => code(e) === 'authz.tree.read');
  });

  test('a member sees their own unit and below', async () => {
    const chart = await loadUnitChart(db, await loadActorAccess(db, mo.userId));
    assert.deepEqual(chart.units.map((u) => u.name), ['Cloud', 'Edge']);
    assert.deepEqual(chart.viewerUnitIds, [t.cloud.id]);
  });

  test('what one chart costs: the root, one subtree Query, the settings, and the custom-role Query (the catalogue held)', async () => {
    const access = await loadActorAccess(db, mia.userId);
    // A running server holds the catalogue a few seconds (lib/roles): as here.
    await readRoleCatalogue(db);
    const { db: counted, sent } = countedDb(db);
    await loadUnitChart(counted, access, { rootId: t.cloud.id });
    const tally = Object.fromEntries([...new Set(sent)].sort().map((n) => [n, sent.filter((s) => s === n).length]));
    // GetItem: the root and the settings; BatchGetItem: the breadcrumb; Query: T4 and the leading custom roles' T7.
    assert.deepEqual(tally, { BatchGetCommand: 1, GetCommand: 2, QueryCommand: 2 });
  });

  test("another tenant's unit as the root is not found, and nothing of it is read", async () => {
    const other = await tenantWithTree('Elsewhere');
    await assert.rejects(loadUnitChart(db, await loadActorAccess(db, t.ownerUserId), { rootId: other.engineering.id }), (e) => code(e) === 'unit.notFound');
  });

  test('more units than the bound: a typed error telling to pick a deeper root', async () => {
    const access = await loadActorAccess(db, t.ownerUserId);
    await assert.rejects(loadUnitChart(db, access, { maxUnits: 3 }), (e) => {
      assert.equal(code(e), 'chart.tooLarge');
      assert.match((e as Error).message, /further down/);
      return true;
    });
    assert.equal((await loadUnitChart(db, access, { rootId: t.engineering.id, maxUnits: 3 })).units.length, 3);
  });
});

describe('the people chart', () => {
  // Reporting lines: Olga (owner) ← Mia ← Mo, Mia ← Sam (in Sales: manager elsewhere), Zoe ← Mo.
  let t: Awaited<ReturnType<typeof tenantWithTree>>;
  let db: TenantDb;
  const mia = person('Mia Manager');
  const mo = person('Mo Member');
  const sam = person('Sam Sales');
  const zoe = person('Zoe Zed');

  const line = (userId: string, managerId: string) =>
    putItem(withoutGuards(db), { Item: lineItem(db.tenantId, { userId, managerId, version: 1, source: 'api', updatedAt: new Date().toISOString() }) });

  before(async () => {
    t = await tenantWithTree('People');
    db = t.db;
    await addMembership(db, t.owner, { unitId: t.engineering.id, role: 'manager', ...mia });
    await addMembership(db, t.owner, { unitId: t.cloud.id, role: 'member', ...mo });
    await addMembership(db, t.owner, { unitId: t.cloud.id, role: 'member', ...zoe });
    await addMembership(db, t.owner, { unitId: t.sales.id, role: 'member', ...sam });
    await line(mia.userId, t.ownerUserId);
    await line(mo.userId, mia.userId);
    await line(sam.userId, mia.userId);
    await line(zoe.userId, mo.userId);
  });

  test('an owner sees everyone, managers before reports, with span of control and managers elsewhere', async () => {
    const chart = await loadPeopleChart(db, await loadActorAccess(db, t.ownerUserId));
    const names = chart.people.map((p) => p.name);
    assert.equal(names[0], 'People Owner');
    assert.deepEqual(new Set(names), new Set(['People Owner', 'Mia Manager', 'Mo Member', 'Sam Sales', 'Zoe Zed']));
    const byName = new Map(chart.people.map((p) => [p.name, p]));
    for (const p of chart.people) if (p.managerId) assert.ok(names.indexOf(p.name) > chart.people.findIndex((q) => q.userId === p.managerId));
    assert.equal(byName.get('Mia Manager')!.reportCount, 2);
    assert.equal(byName.get('Mo Member')!.reportCount, 1);
    assert.equal(byName.get('Sam Sales')!.managerElsewhere, true, 'Sam is in Sales, Mia in Engineering');
    assert.equal(byName.get('Mo Member')!.managerElsewhere, true, 'Mo is in Cloud, Mia in Engineering');
    assert.equal(byName.get('Zoe Zed')!.managerElsewhere, undefined, 'Zoe and Mo share Cloud');
    assert.deepEqual(byName.get('Zoe Zed')!.unit, { id: t.cloud.id, name: 'Cloud' });
    assert.equal(chart.viewerUserId, t.ownerUserId);
  });

  test("a manager sees the people of their subtree; a manager outside it is not drawn, their report starts a line", async () => {
    const chart = await loadPeopleChart(db, await loadActorAccess(db, mia.userId));
    assert.deepEqual(new Set(chart.people.map((p) => p.name)), new Set(['Mia Manager', 'Mo Member', 'Zoe Zed']));
    assert.equal(chart.people[0].name, 'Mia Manager');
    assert.equal(chart.people[0].managerId, null, 'the owner is outside what Mia sees');
    assert.equal(chart.people[0].reportCount, 1, 'Sam, in Sales, is not hers to see');
  });

  test("one person's line down; someone not visible is not found", async () => {
    const owner = await loadActorAccess(db, t.ownerUserId);
    const line = await loadPeopleChart(db, owner, { rootUserId: mo.userId });
    assert.deepEqual(line.people.map((p) => [p.name, p.managerId === null]), [['Mo Member', true], ['Zoe Zed', false]]);
    const member = await loadActorAccess(db, mo.userId);
    await assert.rejects(loadPeopleChart(db, member, { rootUserId: sam.userId }), (e) => code(e) === 'chart.personNotFound');
  });

  test("a manager's chart reads the lines of the people they see, by key; an owner's reads the tenant's", async () => {
    let lineKeys = 0;
    const reads = (d: TenantDb) => {
      const sent: string[] = [];
      const client = new Proxy(d.client, {
        get(target, prop, receiver) {
          if (prop !== 'send') return Reflect.get(target, prop, receiver);
          return (command: { constructor: { name: string }; input: { IndexName?: string; RequestItems?: Record<string, { Keys: { SK: string }[] }> } }, ...rest: unknown[]) => {
            sent.push(`${command.constructor.name}${command.input.IndexName ? `:${command.input.IndexName}` : ''}`);
            for (const { Keys } of Object.values(command.input.RequestItems ?? {})) lineKeys += Keys.filter((k) => k.SK === 'MANAGER').length;
            return (target.send as (...a: unknown[]) => unknown).call(target, command, ...rest);
          };
        },
      });
      return { db: { ...d, client } as TenantDb, sent };
    };
    const manager = reads(db);
    const chart = await loadPeopleChart(manager.db, await loadActorAccess(db, mia.userId));
    assert.equal(chart.people.find((p) => p.name === 'Zoe Zed')!.managerId, mo.userId, 'the lines are there');
    assert.ok(!manager.sent.includes(`QueryCommand:${INDEX.gsi2}`), 'no tenant-wide read of lines');
    assert.equal(lineKeys, 3, "the lines of Mia, Mo and Zoe, by key");
    const owner = reads(db);
    await loadPeopleChart(owner.db, await loadActorAccess(db, t.ownerUserId));
    assert.ok(owner.sent.includes(`QueryCommand:${INDEX.gsi2}`));
  });

  test("readLinesOf answers only lines of the people asked, and only in its own tenant", async () => {
    const lines = await readLinesOf(db, [mo.userId, zoe.userId, t.ownerUserId]);
    assert.deepEqual(new Map(lines.map((l) => [l.userId, l.managerId])), new Map([[mo.userId, mia.userId], [zoe.userId, mo.userId]]));
    const other = await tenantWithTree('Elsewhere');
    assert.deepEqual(await readLinesOf(other.db, [mia.userId, mo.userId, zoe.userId, sam.userId]), [], "another tenant's lines are not read");
  });

  test('more people than the bound: a typed error', async () => {
    await assert.rejects(loadPeopleChart(db, await loadActorAccess(db, t.ownerUserId), { maxPeople: 2 }), (e) => code(e) === 'chart.tooManyPeople');
  });
});
