import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ulid } from 'ulid';
import { countSubtree, createUnit, getBreadcrumb, getUnit, getUnitOrThrow, listChildren, listSubtree } from '../../lib/org';
import { buildTree } from './support/tree-fixture';
import { code, orgTenant } from './support/org-fixtures';

describe('T2 / T3 / T5: unit, children, breadcrumb', () => {
  test('getUnit reads by id; unknown ids are undefined, malformed ids refused', async () => {
    const t = await orgTenant();
    const unit = await getUnitOrThrow(t.db, t.root.id);
    assert.equal(unit.parentId, null);
    assert.equal(unit.path, `/${t.root.id}/`);
    assert.equal(await getUnit(t.db, ulid()), undefined);
    await assert.rejects(getUnitOrThrow(t.db, ulid()), code('unit.notFound'));
    await assert.rejects(getUnit(t.db, 'T#x#U#y'), code('unit.badId'));
  });

  test('children come sorted by name (ignoring case) across pages', async () => {
    const t = await orgTenant();
    const names = ['delta', 'Alpha', 'echo', 'Charlie', 'bravo', 'Foxtrot', 'golf'];
    for (const name of names) await createUnit(t.db, t.actor, { parentId: t.root.id, name });
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await listChildren(t.db, t.root.id, { limit: 3, cursor });
      assert.ok(page.items.length <= 3);
      seen.push(...page.items.map((u) => u.name));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    assert.equal(pages, 3);
    assert.deepEqual(seen, ['Alpha', 'bravo', 'Charlie', 'delta', 'echo', 'Foxtrot', 'golf']);
    await assert.rejects(listChildren(t.db, t.root.id, { limit: 0 }), code('page.badSize'));
    await assert.rejects(listChildren(t.db, t.root.id, { limit: 101 }), code('page.badSize'));
  });

  test('breadcrumb lists the ancestors root first, with names', async () => {
    const t = await orgTenant();
    const a = await createUnit(t.db, t.actor, { parentId: t.root.id, name: 'Engineering' });
    const b = await createUnit(t.db, t.actor, { parentId: a.id, name: 'Cloud / Infra' });
    const c = await createUnit(t.db, t.actor, { parentId: b.id, name: 'AWS squad 🚀' });
    assert.deepEqual(await getBreadcrumb(t.db, c), [
      { id: t.root.id, name: t.root.name },
      { id: a.id, name: 'Engineering' },
      { id: b.id, name: 'Cloud / Infra' },
    ]);
    assert.deepEqual(await getBreadcrumb(t.db, t.root), []);
  });
});

describe('T4: subtree', () => {
  test('a 150-unit subtree read with small pages lists every unit exactly once, in path order', async () => {
    const t = await orgTenant();
    const top = await createUnit(t.db, t.actor, { parentId: t.root.id, name: 'Top' });
    await createUnit(t.db, t.actor, { parentId: t.root.id, name: 'Outside' });
    const built = await buildTree(t.tenantId, top, { count: 150, fanout: 4, membersPerUnit: 1, users: 20 });
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await listSubtree(t.db, top.id, { limit: 17, cursor });
      seen.push(...page.items.map((u) => u.path));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    assert.equal(pages, Math.ceil(151 / 17));
    assert.equal(new Set(seen).size, seen.length, 'no unit twice');
    assert.deepEqual(new Set(seen), new Set([top.path, ...built.units.map((u) => u.path)]));
    assert.deepEqual(seen, [...seen].sort(), 'path order');

    const first = await listSubtree(t.db, await getUnitOrThrow(t.db, top.id), { limit: 1000 });
    assert.equal(first.items.length, 151);
    assert.equal(first.nextCursor, undefined);
    assert.deepEqual(await countSubtree(t.db, top.id), { units: 151, memberships: 150 });
  });

  test('a tampered, foreign or malformed cursor is a clear 400, not a crash', async () => {
    const t = await orgTenant();
    const a = await createUnit(t.db, t.actor, { parentId: t.root.id, name: 'A' });
    for (const name of ['x', 'y', 'z']) await createUnit(t.db, t.actor, { parentId: a.id, name });
    const page = await listSubtree(t.db, a.id, { limit: 2 });
    const cursor = page.nextCursor!;
    assert.ok(cursor);
    const [payload, mac] = cursor.split('.');
    const forged = Buffer.from(JSON.stringify({ k: { GSI1PK: 'T#other#TREE', GSI1SK: '/x/', PK: 'x', SK: 'UNIT' }, p: '/x/' })).toString('base64url');
    const flipped = payload.slice(0, -1) + (payload.endsWith('A') ? 'B' : 'A');
    for (const bad of [`${flipped}.${mac}`, `${forged}.${mac}`, 'garbage', `${payload}.${mac}.extra`, 'x'.repeat(5000)]) {
      await assert.rejects(listSubtree(t.db, a.id, { cursor: bad }), code('page.badCursor'));
    }
    // A valid cursor of another listing (the parent's subtree) is refused too.
    await assert.rejects(listSubtree(t.db, t.root.id, { cursor }), code('page.badCursor'));
    await assert.rejects(listChildren(t.db, a.id, { cursor }), code('page.badCursor'));
    const rest = await listSubtree(t.db, a.id, { cursor });
    assert.equal(rest.items.length, 2);
  });
});
