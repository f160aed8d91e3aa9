// `npm test`: starts its own local stack on free ports, runs the behaviour suites (node:test)
// and then the end-to-end suite (Playwright in Debian's Chromium), stops everything, and exits
// non-zero on any failure.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { startLocalStack } from './local-stack';
import { freePort } from './local-stack/ports';

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

async function main() {
  const appPort = await freePort();
  const stack = await startLocalStack({ appUrl: `http://127.0.0.1:${appPort}`, minSessionSeconds: 1 });
  const env = {
    ...stack.env,
    NODE_ENV: 'test',
    ARBOR_TEST_APP_PORT: String(appPort),
    // Fresh secrets per run, shared by the suites and the e2e app (which runs `next start`, i.e.
    // production mode, and so refuses the demo secrets).
    ARBOR_SESSION_SECRET: randomBytes(32).toString('base64url'),
    ARBOR_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  };
  let failed = false;
  try {
    if (!only || only === 'unit') {
      const files = findTests('test').filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)));
      const code = await run(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', ...files], env);
      failed ||= code !== 0;
    }
    if (!only || only === 'e2e') {
      const e2e = findTests('e2e').length > 0 || readdirSync('e2e').some((f) => f.endsWith('.spec.ts'));
      if (e2e) {
        // The e2e suite drives a production build (`next start`, started by playwright.config.ts);
        // ARBOR_E2E_SKIP_BUILD=1 reuses the last build while iterating on specs.
        const e2eEnv = { ...env, ARBOR_ALLOW_EMULATOR: '1' };
        const built = process.env.ARBOR_E2E_SKIP_BUILD === '1' ? 0 : await run(process.execPath, ['node_modules/next/dist/bin/next', 'build'], { ...e2eEnv, NODE_ENV: 'production' });
        const code = built === 0 ? await run('npx', ['playwright', 'test', ...filters], e2eEnv) : built;
        failed ||= code !== 0;
      }
    }
  } finally {
    await stack.stop();
  }
  process.exit(failed ? 1 : 0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
