// The behaviour suites in lanes: each lane has a local stack of its own (DynamoDB Local and its
// table, the AWS emulator, the IdPs, mail, DNS, S3) and takes the next test file from one queue,
// so two lanes keep both cores busy while a file waits on I/O. A stack per lane, not a shared
// one: the due queues (change sets, reviews, webhooks, audit streams) are table-wide, and lanes
// sharing a table would take each other's work.
import { spawn } from 'node:child_process';

export interface Lane {
  name: string;
  env: Record<string, string>;
}

export interface LanesResult {
  files: number;
  failedFiles: string[];
  tests: number;
  pass: number;
  fail: number;
  cancelled: number;
}

type Counted = 'tests' | 'pass' | 'fail' | 'cancelled';

/**
 * Files that take a minute or more (crash recovery by killing processes, the decision table, a
 * tenant's deletion and copy, the CLI beside `npm run dev`, the workers): started first, so that
 * no lane is left running one of them alone at the end. Order only; a file missing here just
 * runs in its turn.
 */
const SLOW_FIRST = [
  'test/org/tree-job-kills.test.ts',
  'test/authz/bound-writes.test.ts',
  'test/offboarding/offboarding.test.ts',
  'test/local-stack/dev-and-cli.test.ts',
  'test/webhooks/delivery.test.ts',
  'test/offboarding/archive-copy.test.ts',
  'test/audit-streaming/delivery.test.ts',
  'test/erasure/erase-person.test.ts',
  'test/org/move-large.test.ts',
];

const rank = (file: string) => {
  const i = SLOW_FIRST.indexOf(file.split('\\').join('/'));
  return i === -1 ? SLOW_FIRST.length : i;
};

// node:test's closing counts, per file: summed over the files instead of printed 189 times.
const SUMMARY = /^ℹ (tests|suites|pass|fail|cancelled|skipped|todo|duration_ms) [\d.]+$/;

export async function runInLanes(files: string[], lanes: Lane[]): Promise<LanesResult> {
  const queue = [...files].sort((a, b) => rank(a) - rank(b));
  const result: LanesResult = { files: files.length, failedFiles: [], tests: 0, pass: 0, fail: 0, cancelled: 0 };
  await Promise.all(
    lanes.map(async (lane) => {
      for (let file = queue.shift(); file; file = queue.shift()) {
        const started = Date.now();
        const { code, output } = await runFile(file, lane.env);
        // Each file's report is printed whole when it ends, so lanes never interleave lines.
        const kept: string[] = [];
        for (const line of output.split('\n')) {
          const summary = SUMMARY.exec(line);
          if (!summary) kept.push(line);
          else if (summary[1] in result) result[summary[1] as Counted] += Number(line.split(' ')[2]);
        }
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        process.stdout.write(`\n── ${file} (lane ${lane.name}, ${seconds} s${code === 0 ? '' : ', FAILED'})\n${kept.join('\n').trimEnd()}\n`);
        if (code !== 0) result.failedFiles.push(file);
      }
    }),
  );
  return result;
}

function runFile(file: string, env: Record<string, string>): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', file], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    child.stderr.on('data', (c: Buffer) => chunks.push(c));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString('utf8') }));
  });
}
