// The README's operator commands beside a running `npm run dev`: dev starts as the README starts
// it (on free ports and its own data folder, so it cannot clash with yours), each command runs as
// `npm run cli -- …` in a process of its own with no AWS settings, and finds the stack through
// .data/local-stack.json. When dev stops the file goes; one left by a killed dev is refused with
// a message that says to start dev, not a credentials error.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { ensureTable } from '../../scripts/local-stack/dynamodb';
import { freePort } from '../../scripts/local-stack/ports';
import { waitFor } from '../../scripts/local-stack/wait';

const dataDir = mkdtempSync(join(tmpdir(), 'arbor-dev-'));
const stackFile = join(dataDir, 'local-stack.json');

/** The terminal of someone who ran `npm install`: none of the test stack's AWS or Arbor settings. */
function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(AWS_|ARBOR_)/.test(k) && k !== 'NODE_ENV'));
  return { ...env, ARBOR_DEV_DATA_DIR: dataDir, ...extra } as unknown as NodeJS.ProcessEnv;
}

function cli(args: string[], extraEnv: Record<string, string> = {}): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', 'cli', '--', ...args], { env: cleanEnv(extraEnv), stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    child.on('exit', (code) => resolve({ code: code ?? 1, out }));
  });
}

async function ok(args: string[], expected: RegExp): Promise<string> {
  const { code, out } = await cli(args);
  assert.equal(code, 0, `npm run cli -- ${args.join(' ')}\n${out}`);
  assert.match(out, expected, `npm run cli -- ${args.join(' ')}`);
  return out;
}

describe('npm run cli beside npm run dev', { timeout: 600_000 }, () => {
  let dev: ChildProcess | undefined;
  let devLog = '';
  const stopDev = async (signal: NodeJS.Signals) => {
    if (!dev || dev.exitCode !== null || dev.signalCode !== null) return;
    const exited = new Promise((r) => dev!.once('exit', r));
    process.kill(-dev.pid!, signal); // the whole group: npm, tsx, dev, next, DynamoDB Local
    await exited;
  };
  after(() => stopDev('SIGKILL'));

  test('every README command succeeds from another process, and a stopped stack is named', async () => {
    dev = spawn('npm', ['run', 'dev', '--', '--free-ports'], {
      // next dev's own folder (.next/dev) as the README's dev: another distDir would rewrite tsconfig.json.
      env: cleanEnv({ PORT: String(await freePort()) }),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    dev.stdout!.on('data', (c) => (devLog += c));
    dev.stderr!.on('data', (c) => (devLog += c));
    await waitFor('dev to seed the demo', async () => {
      if (dev!.exitCode !== null) throw new Error(`dev exited\n${devLog}`);
      if (!/seeded the demo tenants/.test(devLog)) throw new Error('not yet');
    }, 180_000);
    assert.equal(statSync(stackFile).mode & 0o777, 0o600);
    const written = readFileSync(stackFile, 'utf8');

    await ok(['help'], /Commands:/);
    const list = await ok(['tenant', 'list'], /tenant\(s\)/);
    const acme = /^(\S+)\s+Acme/m.exec(list)?.[1];
    assert.ok(acme, list);
    await ok(['scim', 'token', 'create', '--tenant', acme], /\S{20,}\s*$/);
    await ok(['apikey', 'create', '--tenant', acme, '--name', 'README check'], /\S{20,}\s*$/);
    await ok(['jobs', 'list', '--tenant', acme], /job\(s\) unfinished/);
    await ok(['dns', 'set-txt', 'readme.test', 'arbor-verification=abc'], /readme\.test/);
    await ok(['person', 'erase', '--tenant', acme, '--email', 'bob@acme.test', '--dry-run'], /./);
    await ok(['tenant', 'export', acme, '--out', dataDir], /Exported Acme/);
    const created = await ok(
      ['tenant', 'create', '--name', 'Leaving', '--domain', 'leaving.test', '--owner-email', 'o@leaving.test', '--owner-name', 'Olga Owner'],
      /Created tenant/,
    );
    const leaving = /Created tenant (\S+)/.exec(created)![1];
    const env = JSON.parse(written).env as Record<string, string>;
    await ensureTable(env.ARBOR_LOCAL_DYNAMODB_ENDPOINT, 'arbor-restore-readme');
    await ok(['tenant', 'copy', leaving, '--from-table', 'arbor-restore-readme'], /Copied tenant/);
    await ok(['tenant', 'delete', leaving], /remaining items: 0/);

    await stopDev('SIGTERM');
    const devPid = (JSON.parse(written) as { pid: number }).pid;
    await waitFor('dev to finish stopping', async () => {
      try {
        process.kill(devPid, 0);
      } catch {
        return;
      }
      throw new Error('still running');
    });
    assert.equal(existsSync(stackFile), false, 'dev removes its file when it stops');

    // What a dev killed with SIGKILL leaves behind.
    writeFileSync(stackFile, written, { mode: 0o600 });
    const stale = await cli(['tenant', 'list']);
    assert.equal(stale.code, 1);
    assert.match(stale.out, /The local stack at http:\/\/127\.0\.0\.1:\d+ .* is not running; start it with `npm run dev`/);
    assert.doesNotMatch(stale.out, /credentials/i);
  });

  test('a configured environment wins: the file is not read', async () => {
    const { code, out } = await cli(['tenant', 'list'], { NODE_ENV: 'production' });
    assert.notEqual(code, 0);
    assert.doesNotMatch(out, /local stack/, 'production never reads the dev stack file');
  });
});
