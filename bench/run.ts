// `npm run bench`: starts its own local stack (DynamoDB Local in memory, the STS emulator and
// IAM-enforcing gateway, the local IdP), seeds tenants of 1,000 and 10,000 units (100,000 with
// --large), runs each measurement several times and writes bench/results/latest.json and
// latest.md. Every comparison is a ratio of two figures measured in the same run.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createDocumentClient } from '../lib/db';
import { createTenancy, tenancySettingsFromConfig } from '../lib/tenancy';
import { startLocalStack } from '../scripts/local-stack';
import { DIRECT_CREDENTIALS } from '../scripts/local-stack/dynamodb';
import { freePort } from '../scripts/local-stack/ports';
import { commandOf, mergeResults, readPreviousResults } from './report/merge-results';
import { judgeTargets } from './report/targets';
import { writeResults, type BenchResults } from './report/write-results';
import { readPreviousFirstLoadJs } from './browser/previous-first-load';
import { seedSizeTenants } from './seed/seed-all';
import { runBrowser } from './sections/browser';
import { runChart } from './sections/chart';
import { runChecks } from './sections/checks';
import { runClicks } from './sections/clicks';
import { runCredentials } from './sections/credentials';
import { runHttp } from './sections/http';
import { runMoves } from './sections/moves';
import { runReorganizations } from './sections/reorganizations';
import { runScim } from './sections/scim';
import { runScreens } from './sections/screens';
import { runSubtreeRead } from './sections/subtree-read';
import { runWebhooks } from './sections/webhooks';
import { runSoak } from './soak/run-soak';
import type { BenchContext } from './support/context';
import { machineInfo } from './support/machine';
import { Meter } from './support/meter';
import { parseOptions, SECTIONS, type Section } from './support/options';

async function main() {
  const args = process.argv.slice(2);
  const options = parseOptions(args);
  if (options.render) {
    let results = JSON.parse(readFileSync(join(options.outDir, 'latest.json'), 'utf8')) as BenchResults;
    for (const file of options.merge) {
      const other = JSON.parse(readFileSync(file, 'utf8')) as BenchResults;
      results = mergeResults(results, other, SECTIONS.filter((s) => other[s] !== undefined));
    }
    results.targets = judgeTargets(results);
    console.log(`re-rendered ${writeResults(options.outDir, results).join(', ')}`);
    return;
  }
  const started = Date.now();
  const log = (m: string) => console.log(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${m}`);
  const appPort = await freePort();
  // Read before this run overwrites latest.json: the browser section compares its scripts with them.
  const previousFirstLoadJs = readPreviousFirstLoadJs(options.outDir);
  const results: BenchResults = {
    startedAt: new Date(started).toISOString(),
    options: { args, ...options, only: [...options.only] },
    machine: machineInfo(),
    ...(process.env.ARBOR_BENCH_NOTE ? { note: process.env.ARBOR_BENCH_NOTE } : {}),
    failures: [],
    sectionRuns: {},
  };
  // minSessionSeconds: the credentials section watches 6-second sessions expire and refresh.
  const stack = await startLocalStack({ appUrl: `http://127.0.0.1:${appPort}`, minSessionSeconds: 1 });
  // Fresh, non-demo secrets: the production server refuses the demo ones.
  Object.assign(process.env, stack.env, {
    ARBOR_SESSION_SECRET: randomBytes(32).toString('base64url'),
    ARBOR_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  });
  const ctx: BenchContext = {
    options, stack, tableName: stack.tableName, log, tenants: new Map(), meter: new Meter(),
    direct: {
      client: createDocumentClient({ region: 'us-east-1', endpoint: stack.dynamoDbEndpoint, credentials: DIRECT_CREDENTIALS }),
      tableName: stack.tableName,
    },
    tenancy: createTenancy(tenancySettingsFromConfig()),
  };
  const section = async <T>(name: Section, fn: () => Promise<T>): Promise<T | undefined> => {
    if (!options.only.has(name)) return undefined;
    const sectionStarted = Date.now();
    const loadAtStart = machineInfo().loadAtStart;
    try {
      return await fn();
    } catch (e) {
      log(`${name} failed: ${(e as Error).stack ?? e}`);
      results.failures!.push({ section: name, error: (e as Error).message.split('\n')[0] });
      return undefined;
    } finally {
      results.sectionRuns![name] = {
        runStartedAt: results.startedAt, startedAt: new Date(sectionStarted).toISOString(), ms: Date.now() - sectionStarted, command: commandOf(args),
        loadAtStart, loadAtEnd: machineInfo().loadAtStart, ...(results.note ? { note: results.note } : {}),
      };
    }
  };
  try {
    // The soak seeds organizations of its own; every other section reads the size tenants.
    if ([...options.only].some((s) => s !== 'soak')) {
      log(`local stack up; seeding ${options.sizes.map((s) => s.toLocaleString('en')).join(', ')} units`);
      await seedSizeTenants(ctx);
    }
    results.seed = [...ctx.tenants.values()].map((t) => ({
      // P4's owner membership and profile come on top of the plan's.
      units: t.units.length, memberships: t.memberships.length + 1, people: t.people.length + 1, items: t.itemCount, ms: t.seedMs,
    }));
    results.subtree = await section('subtree', () => runSubtreeRead(ctx));
    results.screens = await section('screens', () => runScreens(ctx));
    results.moves = await section('moves', () => runMoves(ctx));
    results.credentials = await section('credentials', () => runCredentials(ctx));
    results.http = await section('http', () => runHttp(ctx, appPort));
    results.clicks = await section('clicks', () => runClicks(ctx, appPort));
    results.scim = await section('scim', () => runScim(ctx, appPort));
    results.reorganizations = await section('reorganizations', () => runReorganizations(ctx));
    results.webhooks = await section('webhooks', () => runWebhooks(ctx));
    results.checks = await section('checks', () => runChecks(ctx, appPort));
    results.browser = await section('browser', () => runBrowser(ctx, appPort));
    results.chart = await section('chart', () => runChart(ctx, appPort));
    results.soak = await section('soak', () => runSoak(ctx, appPort));
    if (results.browser && previousFirstLoadJs) results.browser.previousFirstLoadJs = previousFirstLoadJs;
  } finally {
    results.durationMs = Date.now() - started;
    results.machine.loadAtEnd = machineInfo().loadAtStart;
    await stack.stop();
  }
  // The sections run replace theirs in the results file; the others keep their own runs' figures.
  const merged = mergeResults(readPreviousResults(options.outDir), results, [...options.only]);
  merged.targets = judgeTargets(merged);
  const files = writeResults(options.outDir, merged);
  log(`done in ${((Date.now() - started) / 1000).toFixed(0)} s: ${files.join(', ')}`);
  if (results.failures!.length) process.exitCode = 1;
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
