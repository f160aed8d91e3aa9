// 11. Checks (docs/checks.md): the check API against the production build, on a tenant of
// 10,000 units at full depth with ~10,000 people, 15,000 memberships and a catalogue of 20 custom
// roles over 40 of the tenant's own permissions (30 % of memberships hold one). Single checks of
// random subjects, permissions and units, with the default consistency and with minimizeLatency,
// at 1 and 20 connections (p50, p95, p99, checks/s), beside two floors measured in the same run:
// a bare node:http server making ONE GetItem through the tenant-scoped client, and the App Router
// floor route (the same GetItem in a route handler of the same build); and the app's own
// GET /api/v1/units/{id} (API key, rate limit, one GetItem, a decision). Then a batch of 100
// against one check, list units for a subject with 50 memberships, and a check's cost in
// DynamoDB requests and read capacity (the engine metered in this process, and the route's
// requests counted at the gateway).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiKey } from '../../lib/api-keys';
import { ARBOR_PERMISSIONS, REACHES, type CustomRole, type RoleCatalogue } from '../../lib/authz';
import { check, type CheckInput, type Consistency } from '../../lib/checks';
import { addMembership } from '../../lib/members';
import { freePort } from '../../scripts/local-stack/ports';
import { buildAppOnce, prepareAppCopy, startServer, type RunningServer } from '../http/private-build';
import type { LoadJob, LoopResult } from '../http/load-loop';
import { seedTenant, type SeededTenant } from '../seed/seed-tenant';
import { meteredTenantDb, type BenchContext } from '../support/context';
import { gatewayOperations } from '../support/gateway-operations';
import { seededRandom } from '../../scripts/seed/seeded-random';

const ROLES = 20;
const TENANT_PERMISSIONS = 40;
const ROLE_SHARE = 0.3;
const HEAVY_MEMBERSHIPS = 50;
const BATCH = 100;
const BODIES = 2000;
const COST_SAMPLES = 50;

export interface ChecksLoad {
  target: string;
  connections: number;
  result: LoopResult;
}

/** What one check costs: requests and read capacity per check, averaged over the samples. */
export interface CheckCost {
  samples: number;
  requests: number;
  maxRequests: number;
  byCommand: Record<string, number>;
  readCapacity: number;
  readCapacityBilled: number;
}

export interface ChecksResult {
  measuredAt: string;
  buildMs?: number;
  tenant: { units: number; people: number; memberships: number; roles: number; tenantPermissions: number; withCustomRole: number; maxDepth: number };
  seconds: number;
  loads: ChecksLoad[];
  cost?: {
    /** The engine, fully consistent: the subject's Query and one BatchGetItem. */
    engine: CheckCost;
    /** The same checks again with minimizeLatency: the cache answers. */
    cached: CheckCost;
    /** explain: true adds the granting units' names. */
    explained: CheckCost;
    /** Through the route, one at a time, counted at the gateway: the API key's and the rate limit's requests too. */
    route: Record<string, number>;
  };
  /** What could not be measured, and why. */
  missing: string[];
}

/** 40 tenant permissions in 8 applications, 20 roles of 2–4 of them (now and then an Arbor one), every reach. */
function benchCatalogue(): RoleCatalogue {
  const now = new Date().toISOString();
  const random = seededRandom(34);
  const permissions = Array.from({ length: TENANT_PERMISSIONS }, (_, i) => `app-${i % 8}.action-${Math.floor(i / 8)}`);
  const arbor = Object.keys(ARBOR_PERMISSIONS);
  const roles: Record<string, CustomRole> = {};
  for (let i = 0; i < ROLES; i++) {
    const held = new Set(Array.from({ length: 2 + Math.floor(random() * 3) }, () => permissions[Math.floor(random() * permissions.length)]));
    if (random() < 0.3) held.add(arbor[Math.floor(random() * arbor.length)]);
    const key = `role-${i}`;
    roles[key] = { key, name: `Role ${i}`, description: '', permissions: [...held], reach: REACHES[i % REACHES.length], version: 1, createdAt: now, updatedAt: now };
  }
  return {
    version: 1, roles,
    permissions: Object.fromEntries(permissions.map((key) => [key, { key, description: `Bench permission ${key}`, createdAt: now }])),
  };
}

async function seedChecksTenant(ctx: BenchContext, catalogue: RoleCatalogue): Promise<SeededTenant> {
  const size = ctx.options.screenSize;
  const t = await seedTenant(ctx.direct, {
    label: 'Bench checks', seed: size, membershipsPerUnit: 1.5, peoplePerUnit: 1,
    shape: (plan) => plan.grow(plan.rootUnit, size - 1), catalogue: { catalogue, share: ROLE_SHARE },
  });
  ctx.log(`checks: seeded ${t.units.length} units, ${t.people.length} people, ${t.memberships.length} memberships (${t.memberships.filter((m) => m.roles?.length).length} with a custom role) in ${(t.seedMs / 1000).toFixed(1)} s`);
  return t;
}

/** One person made to hold HEAVY_MEMBERSHIPS memberships, through the domain's own add: their id and the memberships added. */
async function heavySubject(ctx: BenchContext, t: SeededTenant): Promise<{ userId: string; added: number }> {
  const db = await ctx.tenancy.tenantDb(t.tenantId);
  const person = t.people[2];
  const held = new Set(t.memberships.filter((m) => m.userId === person.id).map((m) => m.unitId));
  const random = seededRandom(50);
  const actor = { userId: t.owner.id, email: t.owner.email, name: t.owner.name };
  const had = held.size;
  while (held.size < HEAVY_MEMBERSHIPS) {
    const unit = t.units[1 + Math.floor(random() * (t.units.length - 1))];
    if (held.has(unit.id)) continue;
    held.add(unit.id);
    await addMembership(db, actor, { unitId: unit.id, role: random() < 0.2 ? 'manager' : 'member', userId: person.id });
  }
  return { userId: person.id, added: held.size - had };
}

function randomChecks(t: SeededTenant, catalogue: RoleCatalogue, count: number, seed: number): CheckInput[] {
  const random = seededRandom(seed);
  const permissions = [...Object.keys(ARBOR_PERMISSIONS), ...Object.keys(catalogue.permissions)];
  const any = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  return Array.from({ length: count }, () => ({ subject: { userId: any(t.people).id }, permission: any(permissions), unitId: any(t.units).id }));
}

function loop(job: LoadJob): Promise<LoopResult> {
  const dir = mkdtempSync(join(tmpdir(), 'arbor-bench-load-'));
  const file = join(dir, 'job.json');
  writeFileSync(file, JSON.stringify(job));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/http/load-loop.ts', file], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('exit', (code) => {
      rmSync(dir, { recursive: true, force: true });
      try {
        resolve(JSON.parse(out.trim().split('\n').pop() ?? '') as LoopResult);
      } catch {
        reject(new Error(`load-loop exited ${code}: ${err.slice(-2000)}`));
      }
    });
  });
}

async function engineCost(ctx: BenchContext, tenantId: string, inputs: CheckInput[], options: { consistency?: Consistency; explain?: boolean }): Promise<CheckCost> {
  const db = await meteredTenantDb(ctx, tenantId);
  const per: { requests: number; readCapacity: number; readCapacityBilled: number; byCommand: Record<string, number> }[] = [];
  for (const input of inputs) {
    const { counts } = await ctx.meter.measure(() => check(db, input, { mayAsk: () => true, ...options }));
    per.push(counts);
  }
  const mean = (f: (c: (typeof per)[number]) => number) => per.reduce((n, c) => n + f(c), 0) / per.length;
  const byCommand: Record<string, number> = {};
  for (const c of per) for (const [k, n] of Object.entries(c.byCommand)) byCommand[k.replace(/Command$/, '')] = (byCommand[k.replace(/Command$/, '')] ?? 0) + n / per.length;
  return {
    samples: per.length, requests: mean((c) => c.requests), maxRequests: Math.max(...per.map((c) => c.requests)), byCommand,
    readCapacity: mean((c) => c.readCapacity), readCapacityBilled: mean((c) => c.readCapacityBilled),
  };
}

export async function runChecks(ctx: BenchContext, appPort: number): Promise<ChecksResult> {
  const catalogue = benchCatalogue();
  const t = await seedChecksTenant(ctx, catalogue);
  const heavy = await heavySubject(ctx, t);
  const missing: string[] = [];
  const servers: RunningServer[] = [];
  const seconds = ctx.options.httpSeconds;
  const warmupSeconds = ctx.options.quick ? 1 : 2;
  try {
    const dir = prepareAppCopy(process.cwd());
    const buildMs = ctx.options.skipBuild ? undefined : await buildAppOnce(dir, (m) => ctx.log(`checks: ${m}`));
    // Rate limits out of the way: the load is the measurement (check keys' own limits are sized in lib/api-keys).
    const env = { ...process.env, NODE_ENV: 'production' as const, ARBOR_ALLOW_EMULATOR: '1', NEXT_TELEMETRY_DISABLED: '1', ARBOR_API_RATE_PER_KEY: '100000000', ARBOR_API_RATE_PER_TENANT: '100000000', ARBOR_CHECK_RATE_PER_KEY: '100000000', ARBOR_CHECK_RATE_PER_TENANT: '100000000' };
    const app = await startServer({ cwd: dir, args: ['node_modules/next/dist/bin/next', 'start', '-p', String(appPort), '-H', '127.0.0.1'], env, port: appPort, readyPath: '/sign-in' });
    servers.push(app);
    const unit = t.units[Math.floor(t.units.length / 2)];
    const floorPort = await freePort();
    const floor = await startServer({
      cwd: process.cwd(), args: ['--import', 'tsx', 'bench/http/floor-server.ts'], port: floorPort, readyPath: '/none',
      env: { ...process.env, BENCH_FLOOR_PORT: String(floorPort), BENCH_TENANT_ID: t.tenantId, BENCH_ROOT_ID: t.rootUnitId, BENCH_UNIT_ID: unit.id },
    });
    servers.push(floor);

    const root = { id: t.rootUnitId, path: `/${t.rootUnitId}/` };
    // A check key, as an application asking would hold; a full key for the units read beside it.
    const keyStores = { tenant: await ctx.tenancy.tenantDb(t.tenantId), platform: ctx.tenancy.platformDb() };
    const newKey = (name: string, scope: 'full' | 'check') =>
      createApiKey(keyStores, { name, role: 'admin', scope, unit: root, expiresInDays: 1, actor: { userId: t.owner.id, email: t.owner.email } });
    const [checkKey, fullKey] = await Promise.all([newKey('Checks bench', 'check'), newKey('Units bench', 'full')]);
    const auth = { authorization: `Bearer ${checkKey.secret}`, 'content-type': 'application/json' };
    const singles = randomChecks(t, catalogue, BODIES, 1);
    const bodies = (consistency?: Consistency) => singles.map((c) => JSON.stringify({ ...c, ...(consistency ? { consistency } : {}) }));
    const batches = Array.from({ length: 200 }, (_, i) => JSON.stringify({ checks: randomChecks(t, catalogue, BATCH, 1000 + i) }));
    // One person's 100 questions (a page of items guarded for the signed-in user): one subject Query.
    const oneSubjectBatches = Array.from({ length: 200 }, (_, i) => {
      const checks = randomChecks(t, catalogue, BATCH, 2000 + i);
      return JSON.stringify({ checks: checks.map((c) => ({ ...c, subject: checks[0].subject })) });
    });

    const loads: ChecksLoad[] = [];
    const measure = async (target: string, connections: number, job: Omit<LoadJob, 'connections' | 'seconds' | 'warmupSeconds'>) => {
      ctx.log(`checks: ${target}, ${seconds} s at ${connections} connection${connections > 1 ? 's' : ''}`);
      const result = await loop({ ...job, connections, seconds, warmupSeconds }).catch((e: Error) => {
        missing.push(`${target} at ${connections} connections: ${e.message.split('\n')[0]}`);
        return undefined;
      });
      if (!result) return;
      ctx.log(`checks:   ${result.perSecond}/s, p50 ${result.latencyMs.p50} ms, p95 ${result.latencyMs.p95} ms, p99 ${result.latencyMs.p99} ms, ${result.non2xx} non-2xx${result.firstFailure ? ` (${result.firstFailure.slice(0, 200)})` : ''}`);
      loads.push({ target, connections, result });
    };
    const probe = async (path: string, body: string) => {
      const r = await fetch(app.url + path, { method: 'POST', headers: auth, body });
      return { status: r.status, text: (await r.text()).slice(0, 300) };
    };
    const checkProbe = await probe('/api/v1/checks', bodies()[0]);
    if (checkProbe.status !== 200) missing.push(`POST /api/v1/checks answered ${checkProbe.status} (${checkProbe.text}), so checks were not loaded`);
    const floorRoute = `${app.url}/bench-floor-api/${unit.id}?tenant=${t.tenantId}`;

    for (const connections of [1, 20]) {
      await measure('bare floor: GetItem', connections, { url: `${floor.url}/get`, method: 'GET', headers: {} });
      await measure('App Router floor route: GetItem', connections, { url: floorRoute, method: 'GET', headers: {} });
      await measure('GET /api/v1/units/{id}', connections, { url: `${app.url}/api/v1/units/${unit.id}`, method: 'GET', headers: { authorization: `Bearer ${fullKey.secret}` } });
      if (checkProbe.status !== 200) continue;
      await measure('check', connections, { url: `${app.url}/api/v1/checks`, method: 'POST', headers: auth, bodies: bodies() });
      await measure('check, minimizeLatency', connections, { url: `${app.url}/api/v1/checks`, method: 'POST', headers: auth, bodies: bodies({ mode: 'minimizeLatency' }) });
    }
    const batchProbe = await probe('/api/v1/checks/batch', batches[0]);
    if (batchProbe.status !== 200) missing.push(`POST /api/v1/checks/batch answered ${batchProbe.status} (${batchProbe.text}), so batches were not loaded`);
    else {
      await measure(`batch of ${BATCH}, ${BATCH} subjects`, 1, { url: `${app.url}/api/v1/checks/batch`, method: 'POST', headers: auth, bodies: batches });
      await measure(`batch of ${BATCH}, one subject`, 1, { url: `${app.url}/api/v1/checks/batch`, method: 'POST', headers: auth, bodies: oneSubjectBatches });
    }
    const listBody = JSON.stringify({ subject: { userId: heavy.userId }, permission: 'tree.read' });
    const listProbe = await probe('/api/v1/checks/units', listBody);
    if (listProbe.status !== 200) missing.push(`POST /api/v1/checks/units answered ${listProbe.status} (${listProbe.text}), so list units was not loaded`);
    else await measure(`list units, ${HEAVY_MEMBERSHIPS} memberships`, 1, { url: `${app.url}/api/v1/checks/units`, method: 'POST', headers: auth, bodies: [listBody] });

    let cost: ChecksResult['cost'];
    try {
      const samples = randomChecks(t, catalogue, COST_SAMPLES, 2);
      const engine = await engineCost(ctx, t.tenantId, samples, {});
      const cached = await engineCost(ctx, t.tenantId, samples, { consistency: { mode: 'minimizeLatency', maxStalenessSeconds: 60 } });
      const explained = await engineCost(ctx, t.tenantId, randomChecks(t, catalogue, COST_SAMPLES, 3), { explain: true });
      const route = checkProbe.status === 200 ? await gatewayOperations(ctx, async (i) => void (await probe('/api/v1/checks', bodies()[100 + i]))) : {};
      cost = { engine, cached, explained, route };
    } catch (e) {
      missing.push(`the check's cost: ${(e as Error).message.split('\n')[0]}`);
    }
    const maxDepth = Math.max(...t.units.map((u) => u.depth));
    return {
      measuredAt: new Date().toISOString(), ...(buildMs ? { buildMs } : {}),
      tenant: {
        units: t.units.length, people: t.people.length + 1, memberships: t.memberships.length + 1 + heavy.added, roles: ROLES, tenantPermissions: TENANT_PERMISSIONS,
        withCustomRole: t.memberships.filter((m) => m.roles?.length).length, maxDepth,
      },
      seconds, loads, ...(cost ? { cost } : {}), missing,
    };
  } finally {
    for (const s of servers.reverse()) await s.stop();
  }
}
