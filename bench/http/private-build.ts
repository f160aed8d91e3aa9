// The production build the HTTP section measures, made in a private copy of the working tree
// (node_modules hard-linked), so a bench run never rebuilds or deletes the `.next` that a
// developer's `npm test` or `next start` is using in the same tree at the same moment.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** Top-level entries the app build does not need (or that must not be shared). */
const SKIP = new Set(['node_modules', '.next', '.git', '.data', 'test-results', 'playwright-report', 'bench', 'test', 'e2e', 'infra', 'tsconfig.tsbuildinfo']);

export function appCopyDir() {
  return join(tmpdir(), 'arbor-bench-app');
}

/** Refreshes the copy's sources from `root`, keeping its `.next/cache` and (if unchanged) its node_modules. */
export function prepareAppCopy(root: string): string {
  const dir = appCopyDir();
  mkdirSync(dir, { recursive: true });
  for (const name of readdirSync(dir)) if (name !== 'node_modules' && name !== '.next') rmSync(join(dir, name), { recursive: true, force: true });
  for (const name of readdirSync(root)) {
    if (SKIP.has(name)) continue;
    cpSync(join(root, name), join(dir, name), { recursive: true, dereference: false });
  }
  // The App Router floor page (bench/http/floor-page), built with the app.
  mkdirSync(join(dir, 'app', 'bench-floor', '[unitId]'), { recursive: true });
  cpSync(join(root, 'bench', 'http', 'floor-page', 'page.tsx'), join(dir, 'app', 'bench-floor', '[unitId]', 'page.tsx'));
  // The App Router floor route (bench/http/floor-route), the check API's floor.
  mkdirSync(join(dir, 'app', 'bench-floor-api', '[unitId]'), { recursive: true });
  cpSync(join(root, 'bench', 'http', 'floor-route', 'route.ts'), join(dir, 'app', 'bench-floor-api', '[unitId]', 'route.ts'));
  const lock = readFileSync(join(root, 'package-lock.json'), 'utf8');
  const stamp = join(dir, '.bench-lock');
  if (!existsSync(join(dir, 'node_modules')) || !existsSync(stamp) || readFileSync(stamp, 'utf8') !== lock) {
    rmSync(join(dir, 'node_modules'), { recursive: true, force: true });
    // Hard links: instant and no extra space on the same file system; a symlink otherwise.
    const linked = spawnSync('cp', ['-al', join(root, 'node_modules'), join(dir, 'node_modules')]);
    if (linked.status !== 0) symlinkSync(resolve(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
    writeFileSync(stamp, lock);
  }
  return dir;
}

function run(cwd: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; output: string }> {
  return new Promise((resolvePromise) => {
    const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('exit', (code) => resolvePromise({ code: code ?? 1, output }));
  });
}

/** `next build` in the copy, with no Arbor settings (they are read when the server starts). */
export async function buildApp(dir: string): Promise<void> {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' };
  const { code, output } = await run(dir, ['node_modules/next/dist/bin/next', 'build'], env);
  if (code !== 0) throw new Error(`next build failed:\n${output.slice(-4000)}`);
}

let built: string | undefined;

/** buildApp once per bench run: the sections that start the app share the build. Its time, or undefined when reused. */
export async function buildAppOnce(dir: string, log: (m: string) => void): Promise<number | undefined> {
  if (built === dir) return undefined;
  log('next build (in a private copy of the tree)');
  const started = Date.now();
  await buildApp(dir);
  built = dir;
  return Date.now() - started;
}

export interface RunningServer {
  url: string;
  process: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/** Starts a node process and waits until `readyPath` answers (any status below 500). */
export async function startServer(options: { cwd: string; args: string[]; env: NodeJS.ProcessEnv; port: number; readyPath: string }): Promise<RunningServer> {
  const child = spawn(process.execPath, options.args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (d: Buffer) => (output = (output + d.toString()).slice(-20_000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const url = `http://127.0.0.1:${options.port}`;
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output.slice(-4000)}`);
    const ok = await fetch(url + options.readyPath, { redirect: 'manual' }).then((r) => r.status < 500, () => false);
    if (ok) return { url, process: child, output: () => output, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server on ${url} did not answer within 120 s:\n${output.slice(-4000)}`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
}
