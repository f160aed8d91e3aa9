// The authorization matrix over HTTP (issue 5): every role × every action with a JSON route ×
// place (inside Zone A, Zone A itself, outside it, the top unit, the tenant), sent with real
// sessions to the production build, exactly as the browser sends them. Allowed where
// docs/authorization.md's table says so (the change is then seen in the table), refused
// elsewhere with a 403 naming what is missing, no tenant data in the body and every stored item
// of the tenant unchanged. Also: filtered reads, pages, no session or a revoked one, another
// tenant's ids, raising one's own role and the last owner.
import { request, type APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test';
import { keys } from '../lib/db';
import type { Role } from '../lib/members';
import { directClient, tableName } from '../test/support/stack';
import { actionOf, CASES, describeCell, type Req } from './support/authz-cases';
import { assertRefused, hiddenFrom, secretsFor, send, shownOf, signedInApi } from './support/authz-http';
import { allowed, disagreementsWithCan, WHO, type Who } from './support/authz-table';
import { UNIT_PLACES, unitAt, WorldBuilder } from './support/authz-world';
import { describeDiff, diffSnapshots, isEmptyDiff, TenantSnapshotter, type Snapshot } from './support/tenant-snapshot';

type Actor = Who | 'owner2' | 'leaver' | 'anonymous';

let b: WorldBuilder;
let snap: TenantSnapshotter;
let otherSnap: TenantSnapshotter;
const api = {} as Record<Actor, APIRequestContext>;
const counted: Record<string, number> = {};
const timing = { request: 0, snapshot: 0 };

test.beforeAll(async ({ browser }, info) => {
  test.setTimeout(240_000);
  const t0 = Date.now();
  b = await WorldBuilder.create();
  const w = b.w;
  const t1 = Date.now();
  const baseURL = info.project.use.baseURL!;
  for (const actor of ['owner', 'owner2', 'admin', 'manager', 'member', 'leaver'] as const) {
    api[actor] = await signedInApi(browser, baseURL, w.actors[actor].email, w.password);
  }
  console.log(`[authz-matrix] tenants built in ${t1 - t0} ms, six sign-ins through the IdP in ${Date.now() - t1} ms`);
  api.anonymous = await request.newContext({ baseURL });
  snap = new TenantSnapshotter(directClient(), tableName(), w.tenantId, [w.domain]);
  otherSnap = new TenantSnapshotter(directClient(), tableName(), w.other.tenantId, []);
});

test.afterAll(async () => {
  await Promise.all(Object.values(api).map((a) => a.dispose()));
  const total = Object.values(counted).reduce((n, c) => n + c, 0);
  console.log(`[authz-matrix] time in requests ${timing.request} ms, in snapshots ${timing.snapshot} ms`);
  console.log(`[authz-matrix] ${total} cells: ${Object.entries(counted).map(([k, n]) => `${k} ${n}`).join(', ')}`);
});

/** Paths whose units (and their ancestors' names) the actor sees. */
const visiblePaths = (who: Actor): string[] | 'all' =>
  who === 'owner' || who === 'owner2' || who === 'admin' ? 'all' : who === 'manager' || who === 'member' ? [b.w.units.A.path] : [];

/**
 * Runs requests that must leave the tenant as it was. Each refusal (`cell`) is followed by a
 * full snapshot compared with the one before; reads (`read`) are compared in batches: the next
 * snapshot covers them too, and names them if anything changed.
 */
class Unchanged {
  private before!: Snapshot;
  private pending: string[] = [];
  readonly failures: string[] = [];
  constructor(private readonly snapshotter: TenantSnapshotter = snap) {}

  async start() {
    for (const id of Object.values(b.w.jobs)) snap.watch(keys.treeJob(b.w.tenantId, id).PK);
    otherSnap.watch(keys.treeJob(b.w.other.tenantId, b.w.other.jobId).PK);
    this.before = await this.snapshotter.take();
    return this;
  }

  get snapshot() {
    return this.before;
  }

  async read(label: string, run: () => Promise<void>) {
    const t0 = Date.now();
    try {
      await run();
    } catch (e) {
      this.failures.push(`${label}: ${(e as Error).message}`);
    }
    timing.request += Date.now() - t0;
    this.pending.push(label);
  }

  async cell(label: string, run: () => Promise<void>) {
    const t0 = Date.now();
    try {
      await run();
    } catch (e) {
      this.failures.push(`${label}: ${(e as Error).message}`);
    }
    const t1 = Date.now();
    const before = this.before;
    const after = (this.before = await this.snapshotter.take());
    timing.request += t1 - t0;
    timing.snapshot += Date.now() - t1;
    const diff = diffSnapshots(before, after);
    const reads = this.pending.splice(0);
    if (!isEmptyDiff(diff)) {
      const who = reads.length ? `${label}, or one of the reads before it (${reads.join('; ')})` : label;
      this.failures.push(`${who}: stored state changed:\n${describeDiff(before, after, diff)}`);
    }
  }

  /** Compares the reads not yet covered by a snapshot; returns every failure. */
  async settle() {
    if (this.pending.length) await this.cell('(reads)', async () => {});
    return this.failures;
  }
}

const count = (what: string, n = 1) => (counted[what] = (counted[what] ?? 0) + n);

test('the table in this spec agrees with lib/authz in every cell', () => {
  expect(disagreementsWithCan()).toEqual([]);
});

for (const who of WHO) {
  test(`${who}: refused requests and reads change nothing`, async () => {
    test.setTimeout(180_000);
    const run = await new Unchanged().start();
    for (const c of CASES) {
      for (const t of c.targets) {
        const allow = allowed(c.rule, who, t.place, t.destination);
        const data = allow ? c.dataOutcome?.(t) : undefined;
        if (allow && c.kind === 'write' && !data) continue; // the allowed writes test
        count(allow ? (data ? 'data-rule refusals' : 'allowed reads') : 'refusals');
        const step = allow && !data ? run.read.bind(run) : run.cell.bind(run);
        await step(`${who} ${describeCell(c, t)}`, async () => {
          const res = await send(api[who], await c.standing(b, t));
          if (!allow) return assertRefused(res, 403, `authz.${actionOf(c.rule)}`, secretsFor(run.snapshot, visiblePaths(who)));
          if (data) {
            expect(res.status, res.text).toBe(data.status);
            if (data.code) expect((res.body as { error: { code: string } }).error.code).toBe(data.code);
            return;
          }
          expect(res.status, res.text.slice(0, 300)).toBe(200);
          c.shows?.(res.body, b.w, t);
          const view = visiblePaths(who);
          if (view !== 'all') {
            const mayShow = c.mayShow?.(b.w) ?? [];
            expect(shownOf(res.text, hiddenFrom(run.snapshot, view[0]).filter((x) => !mayShow.includes(x))), 'data outside the view').toEqual([]);
          }
        });
      }
    }
    expect(await run.settle()).toEqual([]);
  });

  test(`${who}: allowed writes take effect`, async () => {
    test.setTimeout(180_000);
    const failures: string[] = [];
    for (const c of CASES.filter((x) => x.kind === 'write' && x.fresh)) {
      for (const t of c.targets) {
        if (!allowed(c.rule, who, t.place, t.destination) || c.dataOutcome?.(t)) continue;
        count('allowed writes');
        const fresh = await c.fresh!(b, t);
        try {
          await fresh.check(await send(api[who], fresh.req));
        } catch (e) {
          failures.push(`${who} ${describeCell(c, t)}: ${(e as Error).message}`);
        } finally {
          await fresh.cleanup?.();
        }
      }
    }
    expect(failures).toEqual([]);
  });
}

test('filtered reads (search, pickers, tree, member page) show each role only what it may see', async () => {
  test.setTimeout(120_000);
  const { units, targets } = b.w;
  const run = await new Unchanged().start();
  const stored = () => [...run.snapshot.values()].map((t) => JSON.parse(t) as Record<string, string>);
  for (const who of WHO) {
    const view = visiblePaths(who);
    const sees = (path: string) => view === 'all' || view.some((p) => path.startsWith(p));
    const hidden = () => hiddenFrom(run.snapshot, view === 'all' ? 'all' : view[0]);
    const get = async (url: string) => {
      const res = await send(api[who], { method: 'GET', url });
      expect(res.status, res.text.slice(0, 300)).toBe(200);
      expect(shownOf(res.text, hidden()), 'data outside the view').toEqual([]);
      return res.body as any;
    };
    const zoneUnits = () => stored().filter((i) => i.type === 'unit' && i.name.toLowerCase().startsWith('zone'));
    const cells: [string, () => Promise<void>][] = [
      ['GET /api/v1/search?q=zone', async () => {
        const hits = (await get('/api/v1/search?q=zone')) as { kind: string; id: string }[];
        const expected = zoneUnits().filter((u) => sees(u.path)).map((u) => u.unitId).sort();
        expect(hits.filter((h) => h.kind === 'unit').map((h) => h.id).sort()).toEqual(expected.slice(0, 12));
      }],
      ['GET /api/v1/search?q=tess', async () => {
        const hits = (await get('/api/v1/search?q=tess')) as { kind: string }[];
        expect(hits.some((h) => h.kind === 'member')).toBe(who === 'owner' || who === 'admin');
      }],
      ['GET /api/v1/members/units?q=zone', async () => {
        const { units: offered } = (await get('/api/v1/members/units?q=zone')) as { units: { id: string }[] };
        const expected = who === 'member' ? [] : zoneUnits().filter((u) => sees(u.path)).map((u) => u.unitId).sort();
        expect(offered.map((u) => u.id).sort()).toEqual(expected.slice(0, 20));
      }],
      // Searching people by name is members.list; a manager adding people finds them by exact email only.
      ['GET /api/v1/members?forUnit=[Zone A1]&q=tess', async () => {
        const url = `/api/v1/members?forUnit=${units.A1.id}&q=tess`;
        if (who === 'member') return assertRefused(await send(api[who], { method: 'GET', url }), 403, 'authz.membership.add', []);
        const { people } = (await get(url)) as { people: unknown[] };
        expect(people.length > 0).toBe(who === 'owner' || who === 'admin');
      }],
      ...UNIT_PLACES.map((p): [string, () => Promise<void>] => [`GET /api/v1/units/[unitId]/tree @ ${p}`, async () => {
        const unit = unitAt(b.w, p);
        const tree = await get(`/api/v1/units/${unit.id}/tree`);
        expect(tree.selectedId).toBe(allowed('tree.read', who, p) ? unit.id : undefined);
        expect(tree.tops.map((t: { id: string }) => t.id)).toEqual([view === 'all' ? units.R.id : units.A.id]);
      }]),
      ...UNIT_PLACES.map((p): [string, () => Promise<void>] => [`GET /api/v1/members/[userId] @ ${p}`, async () => {
        const person = targets.member![p]!;
        const res = await send(api[who], { method: 'GET', url: `/api/v1/members/${person.userId}` });
        if (allowed('members.read', who, p)) {
          expect(res.status, res.text.slice(0, 300)).toBe(200);
          expect((res.body as { user: { email: string } }).user.email).toBe(person.email);
        } else {
          assertRefused(res, 404, 'member.notFound', [person.email, person.name]);
        }
      }]),
    ];
    for (const [label, fn] of cells) {
      count('filtered reads');
      await run.read(`${who} ${label}`, fn);
    }
  }
  expect(await run.settle()).toEqual([]);
});

test('pages (server components) refuse without showing data, and show who administers a unit only to those allowed', async () => {
  test.setTimeout(120_000);
  const { actors, targets } = b.w;
  const run = await new Unchanged().start();
  const clientId = `e2e-authz-${b.run}`;
  for (const who of WHO) {
    const view = visiblePaths(who);
    const tenantWide = view === 'all';
    /** The page's HTML (with its React payload); nothing outside the view but the id in the URL. */
    const page = async (url: string, options: { administrators?: boolean; requested?: string } = {}) => {
      const res = await send(api[who], { method: 'GET', url });
      expect(res.status, url).toBeLessThan(500);
      const hidden = hiddenFrom(run.snapshot, tenantWide ? 'all' : view[0], options).filter((x) => x !== options.requested);
      expect(shownOf(res.text, hidden), `${url} shows data outside the view`).toEqual([]);
      return res.text;
    };
    const refusedOrShown = (text: string, shown: boolean, data: string) => {
      if (shown) expect(text).toContain(data);
      else {
        expect(text).not.toContain(data);
        expect(text).toMatch(/You can’t open this page|Only owners and admins|You need to/);
      }
    };
    const cells: [string, () => Promise<void>][] = [
      ['/settings (tenant.settings.read)', async () => refusedOrShown(await page('/settings'), allowed('tenant.settings.read', who, 'tenant'), 'units used')],
      ['/settings/sso (sso.manage)', async () => refusedOrShown(await page('/settings/sso'), allowed('sso.manage', who, 'tenant'), clientId)],
      ['/settings/domains (sso.manage)', async () => refusedOrShown(await page('/settings/domains'), allowed('sso.manage', who, 'tenant'), 'Add a domain')],
      ['/members (members.list)', async () => refusedOrShown(await page('/members'), allowed('members.list', who, 'tenant'), targets.member!.outside!.email)],
      ['/audit (audit.read)', async () => refusedOrShown(await page('/audit'), allowed('audit.read', who, 'tenant'), 'Every change to units, memberships')],
      ...UNIT_PLACES.map((p): [string, () => Promise<void>] => [`/units/[unitId] @ ${p} (tree.read, access.explain)`, async () => {
        const unit = unitAt(b.w, p);
        // Who administers the unit (the admin is one of them everywhere): managers and up only.
        const explains = who !== 'member' && (tenantWide || p === 'inside' || p === 'self');
        const text = await page(`/units/${unit.id}`, { administrators: explains, requested: unit.id });
        if (!allowed('tree.read', who, p)) return refusedOrShown(text, false, actors.admin.email);
        expect(text).toContain(unit.name);
        expect(text.includes(actors.admin.email), `administrators shown to ${who} @ ${p}`).toBe(explains);
      }]),
    ];
    for (const [label, fn] of cells) {
      count('pages');
      await run.read(`${who} ${label}`, fn);
    }
  }
  expect(await run.settle()).toEqual([]);
});

test('without a session, or with one whose membership was removed, everything is refused', async () => {
  test.setTimeout(180_000);
  await b.ensureRole(b.w.units.B1.id, b.w.actors.leaver, null);
  const run = await new Unchanged().start();
  for (const [actor, status, code] of [['anonymous', 401, 'session.missing'], ['leaver', 403, 'tenant.notMember']] as const) {
    for (const c of CASES) {
      // The session is checked before any place is read: one place per route says it all.
      for (const t of c.targets.slice(0, 1)) {
        count(`${actor} refusals`);
        await run.cell(`${actor} ${describeCell(c, t)}`, async () => {
          assertRefused(await send(api[actor], await c.standing(b, t)), status, code, secretsFor(run.snapshot, []));
        });
      }
    }
  }
  expect(await run.settle()).toEqual([]);
});

test('ids from another tenant are not found there, and neither tenant is read or changed', async () => {
  const { other, units } = b.w;
  const [, yonder, sub] = other.units;
  const foreign: Req[] = [
    ...['', '/children', '/move', '/counts', '/tree'].map((s): Req => ({ method: 'GET', url: `/api/v1/units/${yonder.id}${s}` })),
    { method: 'GET', url: `/api/v1/members/units/${yonder.id}?scope=subtree` },
    { method: 'GET', url: `/api/v1/audit?unitId=${yonder.id}` },
    { method: 'GET', url: `/api/v1/members?forUnit=${yonder.id}&q=yuri` },
    { method: 'GET', url: `/api/v1/jobs/${other.jobId}` },
    { method: 'GET', url: `/api/v1/members/${other.person.userId}` },
    { method: 'POST', url: '/api/v1/units', data: { parentId: yonder.id, name: 'Smuggled', tenantId: other.tenantId } },
    { method: 'PATCH', url: `/api/v1/units/${yonder.id}`, data: { name: 'Taken', expectedVersion: 1 } },
    { method: 'DELETE', url: `/api/v1/units/${sub.id}?expectedVersion=1&recursive=true` },
    { method: 'POST', url: `/api/v1/units/${sub.id}/move`, data: { newParentId: units.B.id, expectedVersion: 1 } },
    { method: 'POST', url: `/api/v1/units/${units.B1.id}/move`, data: { newParentId: yonder.id, expectedVersion: 1 } },
    { method: 'POST', url: `/api/v1/members/units/${yonder.id}`, data: { userId: b.w.pool.userId, role: 'member' } },
    { method: 'POST', url: `/api/v1/members/units/${units.B.id}`, data: { userId: other.person.userId, role: 'member' } },
    { method: 'PATCH', url: `/api/v1/members/units/${yonder.id}/${other.person.userId}`, data: { role: 'member', expectedVersion: 1 } },
    { method: 'DELETE', url: `/api/v1/members/units/${yonder.id}/${other.person.userId}`, data: { expectedVersion: 1 } },
    { method: 'DELETE', url: `/api/v1/members/${other.person.userId}` },
    { method: 'POST', url: '/api/v1/invitations', data: { emails: ['x@example.test'], unitId: yonder.id, role: 'member', confirmGuests: true } },
    { method: 'DELETE', url: `/api/v1/invitations/${other.invitationId}` },
  ];
  const mine = await new Unchanged().start();
  const theirs = await new Unchanged(otherSnap).start();
  const secrets = secretsFor(theirs.snapshot, []);
  for (const req of foreign) {
    // The session's tenant is the only one a request reaches, whatever the client says.
    for (const headers of [undefined, { 'x-tenant-id': other.tenantId, 'x-arbor-tenant': other.tenantId }]) {
      count('cross-tenant');
      await mine.cell(`owner ${req.method} ${req.url}${headers ? ' (+tenant headers)' : ''}`, async () => {
        const res = await send(api.owner, req, headers);
        if (req.url.endsWith('/tree')) {
          expect(res.status).toBe(200);
          expect(res.text).not.toContain(yonder.id);
        } else {
          expect([400, 404], res.text).toContain(res.status);
          for (const s of [...secrets, yonder.id, sub.id, other.tenantId]) expect(res.text).not.toContain(s);
        }
        await theirs.cell('other tenant', async () => {});
      });
    }
  }
  expect([...(await mine.settle()), ...(await theirs.settle())]).toEqual([]);
});

test('nobody raises their own role, and the last owner stays', async () => {
  const { units, actors } = b.w;
  const run = await new Unchanged().start();
  const version = (unitId: string, userId: string) => b.membershipVersion(unitId, userId);
  const raise = async (actor: Actor, unitId: string, userId: string, role: Role) =>
    send(api[actor], { method: 'PATCH', url: `/api/v1/members/units/${unitId}/${userId}`, data: { role, expectedVersion: await version(unitId, userId) } });
  const secrets = () => secretsFor(run.snapshot, [units.A.path]);
  const cells: [string, () => Promise<void>][] = [
    ['member raises themselves to manager of Zone A', async () => assertRefused(await raise('member', units.A.id, actors.member.userId, 'manager'), 403, 'authz.membership.changeRole', secrets())],
    ['admin raises themselves to owner', async () => assertRefused(await raise('admin', units.R.id, actors.admin.userId, 'owner'), 403, 'authz.membership.changeRole', [])],
    ['manager makes themselves a manager of the top unit', async () =>
      assertRefused(await send(api.manager, { method: 'POST', url: `/api/v1/members/units/${units.R.id}`, data: { userId: actors.manager.userId, role: 'manager' } }), 403, 'authz.membership.add', secrets())],
  ];
  for (const [label, fn] of cells) {
    count('own role and last owner');
    await run.cell(label, fn);
  }
  // The last owner: with Otto and the standing owner target gone, Olga can neither step down nor leave.
  const otherOwners = [actors.owner2, b.w.targets.owner!.above!];
  for (const p of otherOwners) await b.ensureRole(units.R.id, p, null);
  const last = await new Unchanged().start();
  count('own role and last owner', 2);
  await last.cell('the last owner steps down', async () => {
    const res = await raise('owner', units.R.id, actors.owner.userId, 'admin');
    expect(res.status, res.text).toBe(409);
    expect((res.body as { error: { code: string } }).error.code).toBe('membership.lastOwner');
  });
  await last.cell('the last owner leaves', async () => {
    const res = await send(api.owner, { method: 'DELETE', url: `/api/v1/members/units/${units.R.id}/${actors.owner.userId}`, data: { expectedVersion: await version(units.R.id, actors.owner.userId) } });
    expect(res.status, res.text).toBe(409);
  });
  for (const p of otherOwners) await b.ensureRole(units.R.id, p, 'owner');
  // With two owners, one may step down (lowering one's own role follows the table).
  count('own role and last owner');
  const down = await raise('owner2', units.R.id, actors.owner2.userId, 'admin');
  await b.ensureRole(units.R.id, actors.owner2, 'owner');
  expect(down.status, down.text).toBe(200);
  expect([...(await run.settle()), ...(await last.settle())]).toEqual([]);
});
