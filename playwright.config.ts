// End-to-end suite: Debian's Chromium against a production build of the app (`next start`) on
// the local stack that `npm test` started (its environment arrives through process.env).
import { defineConfig } from '@playwright/test';

const port = process.env.ARBOR_TEST_APP_PORT ?? '3100';
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  // Parallel local runs keep their artifacts apart (ARBOR_E2E_OUTPUT_DIR=test-results/mine).
  outputDir: process.env.ARBOR_E2E_OUTPUT_DIR || 'test-results',
  globalSetup: './e2e/support/global-setup.ts',
  // One browser worker by default: on two cores the app server, the stack and the browser already
  // fill both, and a second worker measured no faster (5.7 tests/min against 6.8 with one).
  // Every spec makes its own tenants, so ARBOR_E2E_WORKERS=2 is safe where there are more cores.
  workers: process.env.ARBOR_E2E_WORKERS ? Number(process.env.ARBOR_E2E_WORKERS) : 1,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    browserName: 'chromium',
    // Recording a trace of every test costs a run minutes; CI records the retry of a failure.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  webServer: {
    command: `node node_modules/next/dist/bin/next start -p ${port} -H 127.0.0.1`,
    url: `${baseURL}/sign-in`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    // A per-key rate limit e2e/api.spec.ts spends within one test (no other spec calls with API keys).
    env: { ARBOR_ALLOW_EMULATOR: '1', ARBOR_API_RATE_PER_KEY: '120' },
  },
});
