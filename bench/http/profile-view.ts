// Where a page view's server CPU goes: the HTTP section's production build (reused: run
// `npm run bench -- --only http` first), `next start`ed under `--cpu-prof` against its own local
// stack and a seeded tenant, signed in over HTTP; then views of the given paths, a few at a time,
// and the samples taken while they ran summed by package and by function (self time).
//
//   npx tsx --import ./scripts/outside-next.mjs bench/http/profile-view.ts [--units 10000] [--views 300] [--connections 4]
//     [--node-flags '--max-semi-space-size=64'] [tree|unit|floor ...]
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createDocumentClient } from '../../lib/db';
import { createTenancy, tenancySettingsFromConfig } from '../../lib/tenancy';
import { startLocalStack } from '../../scripts/local-stack';
import { DIRECT_CREDENTIALS } from '../../scripts/local-stack/dynamodb';
import { freePort } from '../../scripts/local-stack/ports';
import { DENSITY } from '../seed/seed-all';
import { seedTenant } from '../seed/seed-tenant';
import { pickSubjects } from '../sections/screens';
import { Meter } from '../support/meter';
import { parseOptions } from '../support/options';
import type { BenchContext } from '../support/context';
import type { RunningServer } from './private-build';
import { startSignedInApp } from './signed-in-app';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? fallback : Number(process.argv[i + 1]);
};

/** The package (or the app's own chunk) a frame belongs to. */
function ownerOf(url: string): string {
  if (!url) return '(native)';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?:dist\/)?(?:compiled\/)?((?:@[^/]+\/)?[^/]+)?/.exec(url);
  if (m) return m[1] === 'next' && m[2] ? `next/${m[2]}` : m[1];
  if (url.includes('.next/server/chunks')) return `app chunks/${url.split('/').pop()}`;
  if (url.includes('.next/server/app')) return 'app pages';
  if (url.startsWith('node:')) return url;
  return url.replace(/^.*\/arbor-bench-app\//, '');
}

/** Self time (ms) of the samples between `from` and `to` (µs, the profile's clock), by owner and by function. */
function summarize(profile: CpuProfile, from: number, to: number) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i];
    if (t < from || t > to) continue;
    const dt = profile.timeDeltas[i + 1] ?? 0;
    self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + dt);
  }
  const owners = new Map<string, number>();
  const functions = new Map<string, number>();
  let total = 0;
  for (const [id, us] of self) {
    const { callFrame } = byId.get(id)!;
    const owner = ownerOf(callFrame.url);
    total += us;
    owners.set(owner, (owners.get(owner) ?? 0) + us);
    const fn = `${callFrame.functionName || '(anonymous)'} ${owner}:${callFrame.lineNumber}:${callFrame.columnNumber}`;
    functions.set(fn, (functions.get(fn) ?? 0) + us);
  }
  return { total, owners, functions };
}

async function main() {
  const units = arg('units', 10_000);
  const views = arg('views', 300);
  const connections = arg('connections', 4);
  const kinds = process.argv.slice(2).filter((a, i, all) => !a.startsWith('--') && !all[i - 1]?.startsWith('--') && a in { tree: 1, unit: 1, floor: 1 });
  const appPort = await freePort();
  const stack = await startLocalStack({ appUrl: `http://127.0.0.1:${appPort}`, minSessionSeconds: 1 });
  Object.assign(process.env, stack.env, {
    ARBOR_SESSION_SECRET: randomBytes(32).toString('base64url'),
    ARBOR_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  });
  const servers: RunningServer[] = [];
  const profileDir = join(process.cwd(), '.data', 'profiles');
  try {
    const ctx: BenchContext = {
      options: { ...parseOptions([]), skipBuild: true }, stack, tableName: stack.tableName, log: console.log, tenants: new Map(), meter: new Meter(),
      direct: { client: createDocumentClient({ region: 'us-east-1', endpoint: stack.dynamoDbEndpoint, credentials: DIRECT_CREDENTIALS }), tableName: stack.tableName },
      tenancy: createTenancy(tenancySettingsFromConfig()),
    };
    const tenant = await seedTenant(ctx.direct, { label: `Profile ${units}`, seed: units, ...DENSITY, shape: (plan) => plan.grow(plan.rootUnit, units - 1) });
    const { unit } = pickSubjects(tenant);
    rmSync(profileDir, { recursive: true, force: true });
    mkdirSync(profileDir, { recursive: true });
    // --node-flags "…": V8 or Node flags of the server under test (e.g. a GC setting).
    const flags = process.argv.includes('--node-flags') ? process.argv[process.argv.indexOf('--node-flags') + 1] : '';
    process.env.NODE_OPTIONS = `--cpu-prof --cpu-prof-dir=${profileDir} ${flags}`;
    const { app, signedIn } = await startSignedInApp(ctx, 'profile', tenant, appPort, servers);
    delete process.env.NODE_OPTIONS;
    const paths: Record<string, string> = {
      tree: `/units/${tenant.rootUnitId}`,
      unit: `/units/${unit.id}`,
      floor: `/bench-floor/${unit.id}?limit=25`,
    };
    const marks: { kind: string; from: number; to: number; wallMs: number }[] = [];
    // As autocannon asks: no compression.
    const view = async (path: string) => {
      const r = await fetch(app.url + path, { headers: { cookie: signedIn.cookie, 'accept-encoding': 'identity' } });
      const body = await r.text();
      if (r.status !== 200) throw new Error(`${path} answered ${r.status}`);
      return body;
    };
    for (const [kind, path] of Object.entries(paths)) {
      const body = await view(path);
      writeFileSync(join(profileDir, `${kind}.html`), body);
      console.log(`${kind} ${path}: ${body.length} characters of HTML`);
    }
    for (const kind of kinds.length ? kinds : ['floor', 'tree', 'unit']) {
      const path = paths[kind];
      for (let i = 0; i < 30; i++) await view(path); // warm-up
      const started = performance.now();
      // The profile's clock is the server's monotonic clock in µs: marked here by wall time, so
      // the two are lined up through the server's process start below.
      const from = Date.now();
      let left = views;
      await Promise.all(Array.from({ length: connections }, async () => {
        while (left-- > 0) await view(path);
      }));
      marks.push({ kind, from, to: Date.now(), wallMs: performance.now() - started });
    }
    await Promise.all(servers.map((s) => s.stop()));
    servers.length = 0;
    const files = readdirSync(profileDir).filter((f) => f.endsWith('.cpuprofile'));
    // The largest profile is the server's (the launcher's is a few ms).
    const profile = files
      .map((f) => JSON.parse(readFileSync(join(profileDir, f), 'utf8')) as CpuProfile & { endTime: number })
      .sort((a, b) => b.samples.length - a.samples.length)[0];
    // The profile ends at the server's exit, a moment after the last mark: line the clocks up there.
    const offsetUs = profile.endTime - Date.now() * 1000;
    for (const m of marks) {
      const { total, owners, functions } = summarize(profile, m.from * 1000 + offsetUs, m.to * 1000 + offsetUs);
      console.log(`\n== ${m.kind} ${paths[m.kind]}: ${views} views in ${m.wallMs.toFixed(0)} ms, server CPU sampled ${(total / 1000 / views).toFixed(2)} ms per view`);
      const top = (map: Map<string, number>, n: number) =>
        [...map].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, us]) => `  ${(us / 1000 / views).toFixed(2).padStart(6)} ms  ${k}`).join('\n');
      console.log(`by package:\n${top(owners, 25)}\nby function:\n${top(functions, 40)}`);
    }
  } finally {
    for (const s of servers) await s.stop();
    await stack.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
