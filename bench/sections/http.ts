// 4. HTTP: the production build (`next build` + `next start`, NODE_ENV=production against the
// local stack) under autocannon, 20 connections for 20 s (5 s with --quick), on the tree page and
// a unit page of the 10,000-unit tenant, signed in with a real session cookie. Beside each, two
// floors making the page's main DynamoDB Query (T3) with the same tenant-scoped client: the App
// Router floor page in the same build (bench/http/floor-page: the same session check, nothing
// else), and a bare node:http server (no session, no rendering); and the app's own JSON route for
// that Query. Then, at one connection, the request a click on a tree row makes (captured from
// Chromium) against the floor page. autocannon runs in its own process so it doesn't share an
// event loop with the STS emulator and gateway (which live in the bench process).
import { spawn } from 'node:child_process';
import { freePort } from '../../scripts/local-stack/ports';
import type { BenchContext } from '../support/context';
import { cpuMeter, descendantPid } from '../support/cpu';
import { gatewayOperations } from '../support/gateway-operations';
import { ratio } from '../support/stats';
import { pickSubjects } from './screens';
import { startServer, type RunningServer } from '../http/private-build';
import { startSignedInApp } from '../http/signed-in-app';
import { captureTreeNavigation } from '../http/capture-navigation';
import { TREE_PAGE } from '../../lib/screens/tree';
import { UNIT_PAGE_CHILDREN } from '../../lib/screens/unit-page';
import type { Result as AutocannonResult } from 'autocannon';

export interface LoadResult {
  target: string;
  url: string;
  seconds: number;
  connections: number;
  requests: number;
  /** Requests per second: median and spread over the run's seconds. */
  rps: { median: number; mean: number; min: number; max: number };
  latencyMs: { p50: number; p90: number; p99: number; max: number };
  errors: number;
  non2xx: number;
  timeouts: number;
  /** Per page view (or floor request): DynamoDB requests through the gateway, and CPU ms by process. */
  perRequest: {
    /** Under load: the gateway's requests during the run ÷ requests sent (work of requests cut off by the run's end blurs it). */
    dynamoRequests: number;
    /** Exact: one request at a time, nothing else in flight, by operation (GetItem, BatchGetItem, Query, …). */
    dynamoOperations?: Record<string, number>;
    cpuMs: { server?: number; gateway?: number; dynamodb?: number };
  };
}

export interface HttpPagePair {
  page: string;
  app: LoadResult;
  /** The bare node:http floor. */
  floor: LoadResult;
  /** The App Router floor page in the same build (session check + the Query). */
  floorPage?: LoadResult;
  /** App req/s ÷ the floor page's. */
  pageRatio?: number;
  /** The app's JSON route for the same Query (session, actor and permission check around it). */
  api?: LoadResult;
  /** App req/s ÷ floor req/s (medians). */
  ratio: number;
  apiRatio?: number;
}

/** A click on a tree row (the router's RSC request), one connection, against the floor page at one connection. */
export interface NavigationResult {
  from: string;
  to: string;
  navigation: LoadResult;
  floorPage: LoadResult;
  /** Time per navigation ÷ time per floor page view, one request at a time (from each run's mean req/s: autocannon's latencies are whole milliseconds). */
  timeRatio: number;
}

export interface HttpResult {
  tenantUnits: number;
  navigation?: NavigationResult;
  buildMs?: number;
  signIn: { landedOn: string; requests: number };
  pages: HttpPagePair[];
  /** What could not be measured, and why. */
  missing: string[];
}

function autocannon(url: string, options: { connections: number; seconds: number; cookie?: string; headers?: Record<string, string> }): Promise<AutocannonResult> {
  const args = ['node_modules/autocannon/autocannon.js', '-c', String(options.connections), '-d', String(options.seconds), '-j', '-t', '30'];
  if (options.cookie) args.push('-H', `cookie=${options.cookie}`);
  for (const [name, value] of Object.entries(options.headers ?? {})) if (name !== 'cookie') args.push('-H', `${name}=${value}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('exit', (code) => {
      const line = out.trim().split('\n').pop() ?? '';
      try {
        resolve(JSON.parse(line) as AutocannonResult);
      } catch {
        reject(new Error(`autocannon exited ${code}: ${err.slice(-2000)}`));
      }
    });
  });
}

interface LoadOptions {
  cookie?: string;
  headers?: Record<string, string>;
  /** Instead of the run's --http connections. */
  connections?: number;
}

async function load(target: string, url: string, ctx: BenchContext, server: RunningServer, options: LoadOptions = {}): Promise<LoadResult> {
  const { cookie, headers } = options;
  const connections = options.connections ?? ctx.options.httpConnections;
  const seconds = ctx.options.httpSeconds;
  await autocannon(url, { connections, seconds: 2, cookie, headers }); // warm-up: JIT, connection pools, caches
  const dynamoOperations = await operationsPerRequest(ctx, url, { ...headers, ...(cookie ? { cookie } : {}) });
  const gatewayBefore = ctx.stack.aws.stats().requests;
  const cpu = cpuMeter({ server: server.process.pid, bench: process.pid, dynamodb: descendantPid('java') });
  const r = await autocannon(url, { connections, seconds, cookie, headers });
  const used = cpu();
  // Requests sent includes the few still in flight when the run stopped, whose work is counted too.
  const done = Math.max(1, r.requests.sent ?? r.requests.total);
  const per = (ms: number | undefined) => (ms === undefined ? undefined : ms / done);
  ctx.log(`  ${target}: ${r.requests.p50} req/s (median), p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ${r.errors} errors, ${r.non2xx} non-2xx`);
  return {
    target, url, seconds, connections, requests: r.requests.total,
    rps: { median: r.requests.p50, mean: r.requests.average, min: r.requests.min, max: r.requests.max },
    latencyMs: { p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max },
    errors: r.errors, non2xx: r.non2xx, timeouts: r.timeouts,
    perRequest: {
      dynamoRequests: (ctx.stack.aws.stats().requests - gatewayBefore) / done,
      dynamoOperations,
      // The bench process hosts the STS emulator and the gateway, and is otherwise idle here.
      cpuMs: { server: per(used.server), gateway: per(used.bench), dynamodb: per(used.dynamodb) },
    },
  };
}

export async function runHttp(ctx: BenchContext, appPort: number): Promise<HttpResult> {
  const tenant = ctx.tenants.get(ctx.options.screenSize)!;
  const { unit } = pickSubjects(tenant);
  const missing: string[] = [];
  const servers: RunningServer[] = [];
  try {
    const { buildMs, app, signedIn } = await startSignedInApp(ctx, 'http', tenant, appPort, servers);

    const floorPort = await freePort();
    const floor = await startServer({
      cwd: process.cwd(), args: ['--import', 'tsx', 'bench/http/floor-server.ts'], port: floorPort, readyPath: '/none',
      env: { ...process.env, BENCH_FLOOR_PORT: String(floorPort), BENCH_TENANT_ID: tenant.tenantId, BENCH_ROOT_ID: tenant.rootUnitId, BENCH_UNIT_ID: unit.id },
    });
    servers.push(floor);

    // `/` may send the browser on to the tree's landing unit; the tree page is where it lands.
    const landing = await fetch(app.url + '/', { headers: { cookie: signedIn.cookie }, redirect: 'manual' });
    await landing.arrayBuffer();
    const location = landing.headers.get('location');
    const treePath = landing.status >= 300 && landing.status < 400 && location ? new URL(location, app.url).pathname : '/';
    const children = (id: string, limit: number) => `/api/v1/units/${id}/children?limit=${limit}`;
    const floorPage = (id: string, limit: number) => `/bench-floor/${id}?limit=${limit}`;
    const pages = [
      {
        page: 'Tree page', appPath: treePath, floorPath: '/tree', floorPagePath: floorPage(tenant.rootUnitId, TREE_PAGE),
        apiPath: children(tenant.rootUnitId, TREE_PAGE), expect: tenant.name,
      },
      {
        page: 'Unit page', appPath: `/units/${unit.id}`, floorPath: '/unit', floorPagePath: floorPage(unit.id, UNIT_PAGE_CHILDREN),
        apiPath: children(unit.id, UNIT_PAGE_CHILDREN), expect: unit.name,
      },
    ];
    const cookie = signedIn.cookie;
    const results: HttpPagePair[] = [];
    for (const p of pages) {
      const check = await fetch(app.url + p.appPath, { headers: { cookie: signedIn.cookie }, redirect: 'manual' });
      const html = await check.text();
      if (check.status !== 200 || !html.includes(p.expect)) {
        missing.push(`${p.page} (${p.appPath}): answered ${check.status}${check.status === 200 ? ' without the expected content' : ''}, so it was not loaded`);
        continue;
      }
      ctx.log(`http: ${p.page}, ${ctx.options.httpSeconds} s at ${ctx.options.httpConnections} connections`);
      const floorResult = await load(`floor ${p.floorPath}`, floor.url + p.floorPath, ctx, floor);
      const floorPageOk = await answers(app.url + p.floorPagePath, cookie, '<li>');
      if (!floorPageOk) missing.push(`${p.page} floor page ${p.floorPagePath}: no list, so it was not loaded`);
      const floorPageResult = floorPageOk ? await load(`floor page ${p.floorPagePath}`, app.url + p.floorPagePath, ctx, app, { cookie }) : undefined;
      const appResult = await load(`app ${p.appPath}`, app.url + p.appPath, ctx, app, { cookie });
      const apiCheck = await fetch(app.url + p.apiPath, { headers: { cookie } });
      const apiOk = apiCheck.status === 200 && Array.isArray(((await apiCheck.json()) as { items?: unknown }).items);
      if (!apiOk) missing.push(`${p.page} JSON route ${p.apiPath}: answered ${apiCheck.status}, so it was not loaded`);
      const apiResult = apiOk ? await load(`app JSON ${p.apiPath}`, app.url + p.apiPath, ctx, app, { cookie }) : undefined;
      results.push({
        page: p.page, app: appResult, floor: floorResult, ratio: ratio(appResult.rps.median, floorResult.rps.median),
        ...(floorPageResult ? { floorPage: floorPageResult, pageRatio: ratio(appResult.rps.median, floorPageResult.rps.median) } : {}),
        ...(apiResult ? { api: apiResult, apiRatio: ratio(apiResult.rps.median, floorResult.rps.median) } : {}),
      });
    }
    const navigation = await measureNavigation(ctx, app, cookie, `/units/${unit.id}`, floorPage(unit.id, UNIT_PAGE_CHILDREN)).catch((e: Error) => {
      missing.push(`client navigation: ${e.message.split('\n')[0]}`);
      return undefined;
    });
    return {
      tenantUnits: ctx.options.screenSize, buildMs, signIn: { landedOn: signedIn.landedOn, requests: signedIn.requests }, pages: results, missing,
      ...(navigation ? { navigation } : {}),
    };
  } finally {
    for (const s of servers.reverse()) await s.stop();
  }
}

/** DynamoDB requests of one request by operation. */
const operationsPerRequest = (ctx: BenchContext, url: string, headers: Record<string, string>) =>
  gatewayOperations(ctx, async () => void (await (await fetch(url, { headers })).arrayBuffer()));

async function answers(url: string, cookie: string, expect: string): Promise<boolean> {
  const r = await fetch(url, { headers: { cookie }, redirect: 'manual' });
  return r.status === 200 && (await r.text()).includes(expect);
}

/** The router's request for a click on a tree row, replayed at one connection, against the floor page at one connection. */
async function measureNavigation(ctx: BenchContext, app: RunningServer, cookie: string, fromPath: string, floorPagePath: string): Promise<NavigationResult> {
  const captured = await captureTreeNavigation(app.url, cookie, fromPath);
  const check = await fetch(captured.url, { headers: { ...captured.headers, cookie } });
  await check.arrayBuffer();
  if (check.status !== 200 || !check.headers.get('content-type')?.includes('text/x-component')) {
    throw new Error(`the captured navigation answered ${check.status} ${check.headers.get('content-type')}, not an RSC payload`);
  }
  ctx.log(`http: client navigation ${fromPath} → ${new URL(captured.url).pathname}, one connection`);
  const floorPage = await load(`floor page ${floorPagePath} (1 connection)`, app.url + floorPagePath, ctx, app, { cookie, connections: 1 });
  const navigation = await load(`navigation ${new URL(captured.url).pathname} (1 connection)`, captured.url, ctx, app, { cookie, headers: captured.headers, connections: 1 });
  return {
    from: fromPath, to: new URL(captured.url).pathname, navigation, floorPage,
    timeRatio: floorPage.rps.mean / Math.max(0.001, navigation.rps.mean),
  };
}

/** DynamoDB requests of one request: exact (one at a time) when measured, else the load run's average. */
export function requestsPerView(l: LoadResult): { total: number; text: string } {
  const ops = l.perRequest.dynamoOperations;
  if (!ops) return { total: l.perRequest.dynamoRequests, text: l.perRequest.dynamoRequests.toFixed(1) };
  const total = Object.values(ops).reduce((a, b) => a + b, 0);
  const parts = Object.entries(ops).sort(([a], [b]) => a.localeCompare(b)).map(([op, n]) => `${Number(n.toFixed(1))} ${op}`);
  return { total, text: `${Number(total.toFixed(1))} (${parts.join(', ')})` };
}
