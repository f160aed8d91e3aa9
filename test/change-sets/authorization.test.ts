// Who may do what on a change set, through the real route handlers (lib/authz `changeSet.*`):
// a manager of one area a set touches reviews it and works on the operations they could have
// drafted, and nothing else; the set's name, existence and schedule are its author's and the
// owners' and admins'; a set someone may not see is not found, in the list as on its own.
import assert from 'node:assert/strict';
import { join, resolve } from 'node:path';
import { after, describe, test } from 'node:test';
import { entrySources } from '../../lib/api/with-actor';
import type { RequestActor } from '../../lib/auth';
import { changeRole, loadActorAccess, readUnitMember } from '../../lib/members';
import { deleteUnit, getUnitOrThrow } from '../../lib/org';
import { readChangeSet } from '../../lib/change-sets';
import { draft, reorgTenant, type Person, type ReorgTenant } from './fixtures';

const ROOT = resolve(import.meta.dirname, '../..');
type Handler = (r: Request, ctx: unknown) => Promise<Response>;
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** Sends `method route` to its handler as `who`; `[name]` segments come from params. */
async function call(t: ReorgTenant, who: Person | ReorgTenant['owner'], method: Method, route: string, params: Record<string, string>, init: { body?: unknown; query?: Record<string, string> } = {}) {
  const actor = { ...(await loadActorAccess(t.db, who.userId)), email: who.email, name: who.name } as RequestActor;
  entrySources.load = async () => actor;
  entrySources.require = async () => actor;
  const mod = (await import(join(ROOT, 'app', route, 'route.ts'))) as Record<string, Handler>;
  const path = route.replace(/\[(\w+)\]/g, (_, name: string) => params[name]!);
  const query = new URLSearchParams(init.query ?? {});
  const res = await mod[method]!(
    new Request(`http://arbor.test${path}${query.size ? `?${query}` : ''}`, {
      method, headers: { 'content-type': 'application/json' }, ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    }),
    { params: Promise.resolve(params) },
  );
  return { status: res.status, json: res.status === 204 ? undefined : ((await res.json()) as Record<string, any>) };
}

const SET = '/api/v1/change-sets/[setId]';
const OP = `${SET}/operations/[seq]`;

/** Engineering's manager's set: rename Infra, move Platform under Sales (areas Infra, Platform, Sales). */
async function emsSet(t: ReorgTenant) {
  const { units: u } = t;
  const set = await draft(t, [
    { kind: 'renameUnit', unitId: u.infra.id, name: 'Infrastructure' },
    { kind: 'moveUnit', unitId: u.platform.id, parentId: u.sales.id },
  ]);
  return { setId: set.header.setId, set };
}

describe('change sets decide in lib/authz', () => {
  after(() => {
    entrySources.beforeFirstWrite = undefined;
  });

  test("a manager of one touched area can neither rename someone else's set nor drop operations on units they cannot open; nothing changes", async () => {
    const t = await reorgTenant('Hijack');
    const { setId, set } = await emsSet(t);
    const sm = t.people.sm;
    const version = String(set.header.version);

    const renamed = await call(t, sm, 'PATCH', SET, { setId }, { body: { name: 'Mine now', expectedVersion: set.header.version } });
    assert.equal(renamed.status, 403, JSON.stringify(renamed.json));
    assert.equal(renamed.json!.error.code, 'authz.changeSet.update');
    assert.match(renamed.json!.error.message, /^Only the person who wrote this change set, and the organization's owners and admins, can rename/);

    for (const o of set.operations) {
      const dropped = await call(t, sm, 'DELETE', OP, { setId, seq: String(o.seq) }, { query: { expectedVersion: version } });
      assert.equal(dropped.status, 403, JSON.stringify(dropped.json));
      assert.equal(dropped.json!.error.code, 'authz.unit.rename', o.op.kind);
      // Sales' manager cannot see Engineering's units: the refusal does not name them.
      assert.doesNotMatch(dropped.json!.error.message, /Infra|Platform|Engineering/);
      assert.deepEqual(Object.keys(dropped.json!), ['error']);
    }
    const reconfirmed = await call(t, sm, 'POST', `${OP}/reconfirm`, { setId, seq: String(set.operations[0]!.seq) }, { body: { expectedVersion: set.header.version } });
    assert.equal(reconfirmed.json!.error.code, 'authz.unit.rename');

    for (const [method, route, init, code] of [
      ['DELETE', SET, { query: { expectedVersion: version } }, 'authz.changeSet.delete'],
      ['POST', `${SET}/apply`, { body: { expectedVersion: set.header.version, at: new Date(Date.now() + 86_400_000).toISOString() } }, 'authz.changeSet.apply'],
      ['POST', `${SET}/apply`, { body: { expectedVersion: set.header.version } }, 'authz.changeSet.apply'],
    ] as const) {
      const refused = await call(t, sm, method, route, { setId }, init);
      assert.equal(refused.status, 403, `${method} ${route}: ${JSON.stringify(refused.json)}`);
      assert.equal(refused.json!.error.code, code);
      assert.doesNotMatch(refused.json!.error.message, /add a unit under it/);
    }

    const after = await readChangeSet(t.db, setId);
    assert.equal(after.header.version, set.header.version, 'nothing was written');
    assert.equal(after.header.name, set.header.name);
    assert.deepEqual(after.operations.map((o) => o.seq), set.operations.map((o) => o.seq));

    // What Sales' manager may do: review it, and add and drop what they could draft themselves.
    const reviewed = await call(t, sm, 'POST', `${SET}/reviews`, { setId }, { body: { expectedVersion: after.header.version, decision: 'approve' } });
    assert.equal(reviewed.status, 200, JSON.stringify(reviewed.json));
    const added = await call(t, sm, 'POST', `${SET}/operations`, { setId }, { body: { expectedVersion: reviewed.json!.version, operations: [{ kind: 'renameUnit', unitId: t.units.field.id, name: 'Field Sales' }] } });
    assert.equal(added.status, 200, JSON.stringify(added.json));
    const fieldOp = (added.json!.operations as { seq: number; op: { unitId: string } }[]).find((o) => o.op.unitId === t.units.field.id)!;
    // The author sees Field (they belong to the top unit) but does not manage it: named, refused.
    const byAuthor = await call(t, t.people.em, 'DELETE', OP, { setId, seq: String(fieldOp.seq) }, { query: { expectedVersion: String(added.json!.version) } });
    assert.equal(byAuthor.status, 403, JSON.stringify(byAuthor.json));
    assert.equal(byAuthor.json!.error.code, 'authz.unit.rename');
    assert.match(byAuthor.json!.error.message, /Field/);
    const bySm = await call(t, sm, 'DELETE', OP, { setId, seq: String(fieldOp.seq) }, { query: { expectedVersion: String(added.json!.version) } });
    assert.equal(bySm.status, 200, JSON.stringify(bySm.json));
  });

  test("the author and the owners and admins rename, schedule and unschedule; an admin renames someone else's set", async () => {
    const t = await reorgTenant('Owners');
    const { setId, set } = await emsSet(t);
    const renamed = await call(t, t.people.admin, 'PATCH', SET, { setId }, { body: { name: 'Spring, reviewed', expectedVersion: set.header.version } });
    assert.equal(renamed.status, 200, JSON.stringify(renamed.json));
    const again = await call(t, t.people.em, 'PATCH', SET, { setId }, { body: { name: 'Spring', expectedVersion: renamed.json!.version } });
    assert.equal(again.status, 200, JSON.stringify(again.json));
    assert.equal((await readChangeSet(t.db, setId)).header.name, 'Spring');
  });

  test('a set someone may not see is not found, alone or in the list; the author is checked like anyone', async () => {
    const t = await reorgTenant('Hidden');
    const { setId } = await emsSet(t);
    for (const who of [t.people.outsider, t.people.p1]) {
      const read = await call(t, who, 'GET', SET, { setId });
      assert.equal(read.status, 404, `${who.name}: ${JSON.stringify(read.json)}`);
      assert.equal(read.json!.error.code, 'changeSet.notFound');
      const preview = await call(t, who, 'GET', `${SET}/preview`, { setId });
      assert.equal(preview.status, 404);
      const list = await call(t, who, 'GET', '/api/v1/change-sets', {});
      assert.equal(list.status, 200);
      assert.equal((list.json!.items as { setId: string }[]).some((s) => s.setId === setId), false, who.name);
    }
    for (const who of [t.people.sm, t.people.em, t.people.admin]) {
      const list = await call(t, who, 'GET', '/api/v1/change-sets', {});
      assert.equal((list.json!.items as { setId: string }[]).some((s) => s.setId === setId), true, who.name);
    }

    // The author, no longer managing anything, still reads their set but may not add to it.
    const held = (await readUnitMember(t.db, t.units.engineering.id, t.people.em.userId))!;
    await changeRole(t.db, t.owner, { unitId: t.units.engineering.id, userId: t.people.em.userId, role: 'member', expectedVersion: held.version });
    const { header } = await readChangeSet(t.db, setId);
    assert.equal((await call(t, t.people.em, 'GET', SET, { setId })).status, 200);
    const added = await call(t, t.people.em, 'POST', `${SET}/operations`, { setId }, { body: { expectedVersion: header.version, operations: [{ kind: 'renameUnit', unitId: t.units.tools.id, name: 'Tooling' }] } });
    assert.equal(added.status, 403, JSON.stringify(added.json));
    assert.equal(added.json!.error.code, 'authz.changeSet.change');
    const created = await call(t, t.people.em, 'POST', '/api/v1/change-sets', {}, { body: { name: 'Another' } });
    assert.equal(created.json!.error.code, 'authz.changeSet.draft');
  });

  test('a manager sees the operations and preview parts about units they see; the rest is counted, not named', async () => {
    const t = await reorgTenant('Partial view');
    const { setId } = await emsSet(t);
    const sm = t.people.sm;

    const read = await call(t, sm, 'GET', SET, { setId });
    assert.equal(read.status, 200, JSON.stringify(read.json));
    assert.deepEqual((read.json!.operations as { text: string }[]).map((o) => o.text), ['Move a unit outside your view under Sales']);
    assert.equal(read.json!.outsideOperations, 1);

    const preview = await call(t, sm, 'GET', `${SET}/preview`, { setId });
    assert.equal(preview.status, 200, JSON.stringify(preview.json));
    const text = JSON.stringify(preview.json);
    for (const hidden of ['Infra', 'Engineering']) assert.doesNotMatch(text, new RegExp(hidden), `the preview names ${hidden}`);
    const rows = [...preview.json!.tree.before, ...preview.json!.tree.after] as { name: string }[];
    assert.ok(rows.every((r) => !/Platform|Infra|Engineering/.test(r.name)), JSON.stringify(rows));
    assert.ok(rows.some((r) => r.name === 'a unit outside your view'));
    assert.ok(rows.some((r) => r.name === 'Sales'), 'their own unit is named');
    // The pictures: the moved unit unnamed under Sales; unchanged units they may not see, left out.
    const after = preview.json!.pictures.after.units as { id: string; name: string; parentId: string | null; marks: string[] }[];
    const moved = after.find((u) => u.marks.includes('moved'))!;
    assert.equal(moved.name, 'a unit outside your view');
    assert.equal('memberCount' in moved || 'childCount' in moved, false, 'what a unit outside their view holds is not told');
    assert.equal(moved.parentId, t.units.sales.id);
    assert.equal(after.find((u) => u.id === t.units.infra.id)?.name, 'a unit outside your view', 'a change they may not see is drawn unnamed');
    assert.equal(after.some((u) => u.id === t.units.tools.id), false, 'context they may not see is left out');
    const areas = preview.json!.approvals.areas as { unitName: string; approvers: { userId: string }[] }[];
    assert.deepEqual(areas.map((a) => a.unitName).sort(), ['Sales', 'a unit outside your view', 'a unit outside your view']);
    assert.ok(areas.find((a) => a.unitName === 'Sales')!.approvers.some((p) => p.userId === sm.userId));

    // Owners and admins, and anyone belonging to the top unit, see it all.
    const full = await call(t, t.people.admin, 'GET', SET, { setId });
    assert.equal(full.json!.operations.length, 2);
    assert.equal(full.json!.outsideOperations, undefined);
    assert.match(JSON.stringify((await call(t, t.people.em, 'GET', `${SET}/preview`, { setId })).json), /Infrastructure/);
  });

  test('an operation on a unit deleted since touches nothing anyone administers: whoever may change the set may drop it', async () => {
    const t = await reorgTenant('Deleted since');
    const { setId, set } = await emsSet(t);
    const infra = await getUnitOrThrow(t.db, t.units.infra.id);
    await deleteUnit(t.db, t.owner, { unitId: infra.id, expectedVersion: infra.version });
    const renameInfra = set.operations.find((o) => o.op.kind === 'renameUnit')!;
    const dropped = await call(t, t.people.sm, 'DELETE', OP, { setId, seq: String(renameInfra.seq) }, { query: { expectedVersion: String(set.header.version) } });
    assert.equal(dropped.status, 200, JSON.stringify(dropped.json));
    assert.deepEqual((await readChangeSet(t.db, setId)).operations.map((o) => o.op.kind), ['moveUnit']);
  });
});
