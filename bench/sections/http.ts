// 4. HTTP: the production build (`next build` + `next start`, NODE_ENV=production against the
// local stack) under autocannon, 20 connections for 20 s (5 s with --quick), on the tree page and
// a unit page of the 10,000-unit tenant, signed in with a real session cookie; beside each, the
// floor: a bare node:http server making the page's main DynamoDB Query (T3) with the same
// tenant-scoped client, and the app's own JSON route for that Query (session, actor, permission). autocannon runs in its own process so it doesn't share an event loop
// with the STS emulator and gateway (which live in the bench process).
import { spawn } from 'node:child_process';
import { freePort } from '../../scripts/local-stack/ports';
import type { BenchContext } from '../support/context';
import { cpuMeter, descendantPid } from '../support/cpu';
import { ratio } from '../support/stats';
import { pickSubjects } from './screens';
import { startServer, type RunningServer } from '../http/private-build';
import { startSignedInApp } from '../http/signed-in-app';
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
    dynamoRequests: number;
    cpuMs: { server?: number; gateway?: number; dynamodb?: number };
  };
}

export interface HttpPagePair {
  page: string;
  app: LoadResult;
  floor: LoadResult;
  /** The app's JSON route for the same Query (session, actor and permission check around it). */
  api?: LoadResult;
  /** App req/s ÷ floor req/s (medians). */
  ratio: number;
  apiRatio?: number;
}

export interface HttpResult {
  tenantUnits: number;
  buildMs?: number;
  signIn: { landedOn: string; requests: number };
  pages: HttpPagePair[];
  /** What could not be measured, and why. */
  missing: string[];
}

function autocannon(url: string, options: { connections: number; seconds: number; cookie?: string }): Promise<AutocannonResult> {
  const args = ['node_modules/autocannon/autocannon.js', '-c', String(options.connections), '-d', String(options.seconds), '-j', '-t', '30'];
  if (options.cookie) args.push('-H', `cookie=${options.cookie}`);
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

async function load(target: string, url: string, ctx: BenchContext, server: RunningServer, cookie?: string): Promise<LoadResult> {
  const { httpConnections: connections, httpSeconds: seconds } = ctx.options;
  await autocannon(url, { connections, seconds: 2, cookie }); // warm-up: JIT, connection pools, caches
  const gatewayBefore = ctx.stack.aws.stats().requests;
  const cpu = cpuMeter({ server: server.process.pid, bench: process.pid, dynamodb: descendantPid('java') });
  const r = await autocannon(url, { connections, seconds, cookie });
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
    const pages = [
      { page: 'Tree page', appPath: treePath, floorPath: '/tree', apiPath: children(tenant.rootUnitId, TREE_PAGE), expect: tenant.name },
      { page: 'Unit page', appPath: `/units/${unit.id}`, floorPath: '/unit', apiPath: children(unit.id, UNIT_PAGE_CHILDREN), expect: unit.name },
    ];
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
      const appResult = await load(`app ${p.appPath}`, app.url + p.appPath, ctx, app, signedIn.cookie);
      const apiCheck = await fetch(app.url + p.apiPath, { headers: { cookie: signedIn.cookie } });
      const apiOk = apiCheck.status === 200 && Array.isArray(((await apiCheck.json()) as { items?: unknown }).items);
      if (!apiOk) missing.push(`${p.page} JSON route ${p.apiPath}: answered ${apiCheck.status}, so it was not loaded`);
      const apiResult = apiOk ? await load(`app JSON ${p.apiPath}`, app.url + p.apiPath, ctx, app, signedIn.cookie) : undefined;
      results.push({
        page: p.page, app: appResult, floor: floorResult, ratio: ratio(appResult.rps.median, floorResult.rps.median),
        ...(apiResult ? { api: apiResult, apiRatio: ratio(apiResult.rps.median, floorResult.rps.median) } : {}),
      });
    }
    return { tenantUnits: ctx.options.screenSize, buildMs, signIn: { landedOn: signedIn.landedOn, requests: signedIn.requests }, pages: results, missing };
  } finally {
    for (const s of servers.reverse()) await s.stop();
  }
}
