// The production build (`next build` + `next start`) with production settings: against the local
// emulators through the explicit ARBOR_ALLOW_EMULATOR=1 override it serves /api/health (one
// platform read, one tenant-scoped read through STS); with a missing or unsafe setting it refuses
// to start, printing one line that names the variable. Same build, only configuration changes.
//
// Reuses the runner's build when `npm test` made one (ARBOR_TEST_NEXT_BUILT=1); builds otherwise.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { freePort } from '../../scripts/local-stack/ports';
import { stackEnv } from '../support/stack';

const NEXT = resolve('node_modules/next/dist/bin/next');
const started: ChildProcess[] = [];

/** Only what a real server would get: no test settings leak in from the runner. */
function productionEnv(port: number, overrides: Record<string, string | undefined> = {}) {
  const env: Record<string, string | undefined> = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NEXT_TELEMETRY_DISABLED: '1',
    NODE_ENV: 'production',
    ARBOR_ALLOW_EMULATOR: '1',
    ARBOR_TABLE: stackEnv('ARBOR_TABLE'),
    AWS_REGION: stackEnv('AWS_REGION'),
    ARBOR_DYNAMODB_ENDPOINT: stackEnv('ARBOR_DYNAMODB_ENDPOINT'),
    ARBOR_STS_ENDPOINT: stackEnv('ARBOR_STS_ENDPOINT'),
    ARBOR_TENANT_ROLE_ARN: stackEnv('ARBOR_TENANT_ROLE_ARN'),
    // The runtime identity's keys, as the default credential chain finds them on AWS.
    AWS_ACCESS_KEY_ID: stackEnv('AWS_ACCESS_KEY_ID'),
    AWS_SECRET_ACCESS_KEY: stackEnv('AWS_SECRET_ACCESS_KEY'),
    ARBOR_SESSION_SECRET: randomBytes(48).toString('base64'),
    ARBOR_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    ARBOR_APP_URL: `http://127.0.0.1:${port}`,
    ARBOR_MAIL_DISABLED: '1',
    ...overrides,
  };
  return Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined)) as NodeJS.ProcessEnv;
}

function startServer(port: number, env: NodeJS.ProcessEnv) {
  const child: ChildProcess = spawn(process.execPath, [NEXT, 'start', '-p', String(port), '-H', '127.0.0.1'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((r) => child.once('exit', (code: number | null) => r(code)));
  return { child, exited, output: () => ({ stdout, stderr }) };
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/** Polls a URL until it answers (any status) or the server exits; bounded in time. */
async function waitForAnswer(url: string, server: ReturnType<typeof startServer>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  void server.exited.then((c) => (exitCode = c));
  for (let delay = 50; Date.now() < deadline; delay = Math.min(delay * 2, 500)) {
    if (exitCode !== undefined) throw new Error(`next start exited (${exitCode}): ${server.output().stderr}`);
    try {
      return await fetch(url, { signal: AbortSignal.timeout(15_000) });
    } catch {
      await new Promise((r) => setTimeout(r, delay));
    }
  }
  throw new Error(`no answer from ${url} within ${timeoutMs} ms: ${server.output().stderr}`);
}

/** The JSON lines a server wrote (lib/observability); Next's own start-up lines are not JSON. */
function logLines(stdout: string): Record<string, unknown>[] {
  return stdout.split('\n').flatMap((l) => {
    try {
      return l.startsWith('{') ? [JSON.parse(l) as Record<string, unknown>] : [];
    } catch {
      return [];
    }
  });
}

/** A start that must fail: returns its exit code and the lines it printed to stderr. */
async function refusedStart(overrides: Record<string, string | undefined>) {
  const port = await freePort();
  const server = startServer(port, productionEnv(port, overrides));
  const code = await Promise.race([server.exited, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 60_000))]);
  await stopServer(server.child);
  return { code, lines: server.output().stderr.split('\n').filter((l) => l.trim() !== '') };
}

describe('production build', { timeout: 15 * 60_000 }, () => {
  before(() => {
    if (process.env.ARBOR_TEST_NEXT_BUILT === '1' && existsSync('.next/BUILD_ID')) return;
    // The build gets no Arbor settings at all: configuration is read when the server starts.
    const out = spawnSync(process.execPath, [NEXT, 'build'], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
      encoding: 'utf8',
      timeout: 12 * 60_000,
    });
    assert.equal(out.status, 0, `next build failed:\n${out.stdout}\n${out.stderr}`);
  });

  after(async () => {
    await Promise.all(started.map(stopServer));
  });

  test('serves /api/health against the local emulators with production settings and the emulator override', async () => {
    const port = await freePort();
    const server = startServer(port, productionEnv(port));
    const res = await waitForAnswer(`http://127.0.0.1:${port}/api/health`, server);
    assert.equal(res.status, 200, `${await res.clone().text()} ${server.output().stderr}`);
    assert.deepEqual(await res.json(), { status: 'ok', checks: { platform: 'ok', tenant: 'ok' } });
    assert.equal(res.headers.get('cache-control'), 'no-store');
    const page = await fetch(`http://127.0.0.1:${port}/`);
    assert.equal(page.status, 200);
    assert.match(String(page.headers.get('x-request-id')), /^[0-9a-f-]{36}$/, 'proxy.ts gives every answer a request id');
    // An API request with the load balancer's id: the answer and the JSON access line carry it.
    const api = await fetch(`http://127.0.0.1:${port}/api/v1/search?q=x`, { headers: { 'x-request-id': 'prod-check-00000001' } });
    assert.equal(api.status, 401);
    assert.equal(api.headers.get('x-request-id'), 'prod-check-00000001');
    await stopServer(server.child);
    const access = logLines(server.output().stdout).find((l) => l.requestId === 'prod-check-00000001' && l.type === 'access');
    assert.ok(access, `no access line with the request id on stdout:\n${server.output().stdout}`);
    assert.equal(access.status, 401);
    assert.equal(access.route, '/api/v1/search');
  });

  test('reports 503 naming the failed read when credentials are wrong, without a stack trace', async () => {
    const port = await freePort();
    const server = startServer(port, productionEnv(port, { AWS_SECRET_ACCESS_KEY: randomBytes(30).toString('base64') }));
    const res = await waitForAnswer(`http://127.0.0.1:${port}/api/health`, server);
    assert.equal(res.status, 503);
    assert.deepEqual(await res.json(), { status: 'unavailable', checks: { platform: 'failed', tenant: 'unknown' } });
    await stopServer(server.child);
    const line = logLines(server.output().stdout).find((l) => l.msg === 'health: platform read failed');
    assert.ok(line, `no health line on stdout:\n${server.output().stdout}`);
    assert.equal(line.level, 'error');
    assert.equal(line.stack, undefined);
  });

  const refusals: [string, Record<string, string | undefined>, string][] = [
    ['a missing setting', { ARBOR_TENANT_ROLE_ARN: undefined }, 'Invalid configuration: ARBOR_TENANT_ROLE_ARN is not set'],
    ['a malformed setting', { ARBOR_TENANT_ROLE_ARN: 'arbor-tenant-access' }, 'Invalid configuration: ARBOR_TENANT_ROLE_ARN must be an IAM role ARN (arn:aws:iam::<account>:role/<name>)'],
    ['the demo session secret', { ARBOR_SESSION_SECRET: 'arbor-local-demo-session-secret-change-me-in-production' }, 'Invalid configuration: ARBOR_SESSION_SECRET is the demo secret; generate a real one (openssl rand -base64 48)'],
    ['emulator endpoints without the override', { ARBOR_ALLOW_EMULATOR: undefined }, 'Invalid configuration: ARBOR_DYNAMODB_ENDPOINT points at an emulator in production; unset it (or set ARBOR_ALLOW_EMULATOR=1 for the offline check)'],
  ];
  for (const [what, overrides, line] of refusals) {
    test(`next start with ${what} exits 1 with one line naming the variable`, async (t) => {
      // Next.js fills unset variables from .env files; a developer's own .env would mask this.
      if (['.env', '.env.production', '.env.local', '.env.production.local'].some((f) => existsSync(f))) {
        return t.skip('a local .env file is present');
      }
      const { code, lines } = await refusedStart(overrides);
      assert.equal(code, 1);
      assert.deepEqual(lines, [line]);
    });
  }
});
