// GET /api/v1/chart/{units,people,export} through the real route handlers: status, headers, the
// query's bounds, the refusals, and another tenant's ids answering 404 with nothing read of it.
import assert from 'node:assert/strict';
import { join, resolve } from 'node:path';
import { before, describe, test } from 'node:test';
import { entrySources } from '../../lib/api/with-actor';
import type { RequestActor } from '../../lib/auth';
import type { TenantDb } from '../../lib/db';
import { addMembership, loadActorAccess } from '../../lib/members';
import { person, tenantWithTree } from '../members/fixtures';
import { CHART_LIMITS } from '../../lib/chart';
import { renderGate } from '../../lib/chart/export-chart';

const ROOT = resolve(import.meta.dirname, '../..');
type Handler = (r: Request, ctx: unknown) => Promise<Response>;

/** A TenantDb whose client notes every key and key condition value it sends (to prove what was read). */
function watching(db: TenantDb) {
  const sent: string[] = [];
  const client = new Proxy(db.client, {
    get(target, prop, receiver) {
      if (prop !== 'send') return Reflect.get(target, prop, receiver);
      return (command: { input?: unknown }, ...rest: unknown[]) => {
        sent.push(JSON.stringify(command.input ?? {}));
        return (target.send as (...a: unknown[]) => unknown).call(target, command, ...rest);
      };
    },
  });
  return { db: { ...db, client }, sent };
}

async function call(route: 'units' | 'people' | 'export', actor: RequestActor, query: Record<string, string> = {}) {
  entrySources.load = async () => actor;
  entrySources.require = async () => actor;
  const mod = (await import(join(ROOT, `app/api/v1/chart/${route}/route.ts`))) as Record<string, Handler>;
  const url = new URL(`http://arbor.test/api/v1/chart/${route}`);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  return mod.GET(new Request(url), { params: Promise.resolve({}) });
}

const json = async (res: Response) => (await res.json()) as Record<string, any>;

describe('the chart routes', () => {
  let t: Awaited<ReturnType<typeof tenantWithTree>>;
  let other: Awaited<ReturnType<typeof tenantWithTree>>;
  const mia = person('Mia Manager');
  const actorOf = async (db: TenantDb, p: { userId: string; email: string; name?: string }) =>
    ({ ...(await loadActorAccess(db, p.userId)), email: p.email, name: p.name ?? '', db }) as RequestActor;

  before(async () => {
    [t, other] = await Promise.all([tenantWithTree('Routes'), tenantWithTree('Other')]);
    await addMembership(t.db, t.owner, { unitId: t.engineering.id, role: 'manager', ...mia });
  });

  test('units: 200 with the chart; a manager refused above their unit; a bad id 400', async () => {
    const owner = await actorOf(t.db, t.owner);
    const res = await call('units', owner);
    assert.equal(res.status, 200);
    const chart = await json(res);
    assert.equal(chart.rootId, t.rootUnitId);
    assert.equal(chart.units.length, 4);
    const manager = await actorOf(t.db, mia);
    const refused = await call('units', manager, { rootId: t.sales.id });
    assert.equal(refused.status, 403);
    assert.equal((await json(refused)).error.code, 'authz.tree.read');
    const bad = await call('units', owner, { rootId: 'not-an-id' });
    assert.equal(bad.status, 400);
    const extra = await call('units', owner, { rootId: t.sales.id, tenantId: other.tenantId });
    assert.equal(extra.status, 400, 'unknown query fields are refused, a tenant id among them');
  });

  test("another tenant's unit as rootId: 404 on the chart and on its export, and no request names that tenant", async () => {
    const { db, sent } = watching(t.db);
    const owner = await actorOf(db, t.owner);
    sent.length = 0;
    const res = await call('units', owner, { rootId: other.engineering.id });
    assert.equal(res.status, 404);
    assert.equal((await json(res)).error.code, 'unit.notFound');
    const file = await call('export', owner, { format: 'png', rootId: other.engineering.id });
    assert.equal(file.status, 404);
    assert.ok(sent.length > 0);
    for (const input of sent) assert.ok(!input.includes(other.tenantId), `a request named the other tenant: ${input}`);
  });

  test('people: 200 for the owner and the manager; a person outside the manager\'s subtree is not found', async () => {
    const owner = await call('people', await actorOf(t.db, t.owner));
    assert.equal(owner.status, 200);
    assert.ok((await json(owner)).people.some((p: { userId: string }) => p.userId === mia.userId));
    const manager = await actorOf(t.db, mia);
    const outside = await call('people', manager, { rootUserId: t.ownerUserId });
    assert.equal(outside.status, 404);
    assert.equal((await json(outside)).error.code, 'chart.personNotFound');
  });

  test('export: each format as an attachment with its type and a safe name; bad queries refused before any drawing', async () => {
    const owner = await actorOf(t.db, t.owner);
    const day = new Date().toISOString().slice(0, 10);
    const types = { svg: 'image/svg+xml; charset=utf-8', png: 'image/png', pdf: 'application/pdf' };
    for (const format of ['svg', 'png', 'pdf'] as const) {
      const res = await call('export', owner, { format, paper: 'letter', collapsed: t.engineering.id });
      assert.equal(res.status, 200, format);
      assert.equal(res.headers.get('content-type'), types[format]);
      assert.equal(res.headers.get('cache-control'), 'no-store');
      assert.match(res.headers.get('content-disposition')!, new RegExp(`^attachment; filename="routes-[a-z0-9]+-org-chart-${day}\\.${format}"; filename\\*=UTF-8''[^;\\s]+-org-chart-${day}\\.${format}$`));
      const body = Buffer.from(await res.arrayBuffer());
      assert.equal(String(body.length), res.headers.get('content-length'));
      if (format === 'svg') {
        assert.ok(body.toString('utf8').includes('Engineering'));
        assert.ok(!body.toString('utf8').includes('>Cloud<'), 'Engineering folded: Cloud not drawn');
      }
    }
    const people = await call('export', owner, { kind: 'people', format: 'svg' });
    assert.equal(people.status, 200);

    const tooMany = await call('export', owner, { format: 'svg', collapsed: Array.from({ length: CHART_LIMITS.maxCollapsed + 1 }, () => t.sales.id).join(',') });
    assert.equal(tooMany.status, 400);
    for (const query of [{ format: 'gif' }, { format: 'pdf', paper: 'a3' }, { format: 'svg', kind: 'everything' }, { format: 'svg', collapsed: 'x,y' }, {}]) {
      const res = await call('export', owner, query as Record<string, string>);
      assert.equal(res.status, 400, JSON.stringify(query));
      assert.equal((await json(res)).error.code, 'request.invalid');
    }
  });

  test('export while every render slot is taken: 503 chart.busy with Retry-After; SVG still drawn; the next PNG once a slot frees', async () => {
    const owner = await actorOf(t.db, t.owner);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const slots = Array.from({ length: CHART_LIMITS.concurrentRenders }, () => renderGate.run(() => held));
    try {
      const busy = await call('export', owner, { format: 'png' });
      assert.equal(busy.status, 503);
      assert.equal((await json(busy)).error.code, 'chart.busy');
      assert.ok(Number(busy.headers.get('retry-after')) >= 1);
      assert.equal((await call('export', owner, { format: 'svg' })).status, 200, 'an SVG is text, not a render');
    } finally {
      release();
      await Promise.all(slots);
    }
    assert.equal((await call('export', owner, { format: 'pdf' })).status, 200);
  });
});
