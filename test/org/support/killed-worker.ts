// Runs a large move or delete in a real child process (support/move-worker.ts) and SIGKILLs it
// when the job reports a chosen point, so recovery can be tested against a process that really
// died mid-job.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { Unit } from '../../../lib/org';

/** Lease of the worker's jobs: short, so the tests can wait it out. */
export const LEASE_MS = 3000;
const worker = fileURLToPath(new URL('./move-worker.ts', import.meta.url));

export interface KilledWorkerInput {
  op: 'move' | 'delete' | 'resume';
  tenantId: string;
  /** Move and delete: the subtree's root. */
  unit?: Unit;
  newParentId?: string;
  /** Resume: the job to take over once its lease has expired. */
  jobId?: string;
  /**
   * `<status>:<n>`: killed right after the n-th progress report in that status; `step:<n>`:
   * right after the n-th step's transaction, with the rest of its wave written or in flight.
   */
  stopAt: string;
}

export async function runKilledWorker(input: KilledWorkerInput) {
  const child = spawn(process.execPath, ['--import', 'tsx', worker], {
    env: {
      ...process.env, WORKER_OP: input.op, WORKER_TENANT: input.tenantId, WORKER_UNIT: input.unit?.id ?? '',
      WORKER_PARENT: input.newParentId ?? '', WORKER_VERSION: String(input.unit?.version ?? ''), WORKER_JOB: input.jobId ?? '',
      WORKER_LEASE_MS: String(LEASE_MS), WORKER_STOP_AT: input.stopAt,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
  const lines: string[] = [];
  for await (const line of createInterface({ input: child.stdout! })) {
    lines.push(line);
    if (line === 'STOPPED') {
      child.kill('SIGKILL');
      break;
    }
    if (line.startsWith('FINISHED')) break;
  }
  assert.equal(await exited, 'SIGKILL', `the worker should have been killed at ${input.stopAt}:\n${lines.join('\n')}`);
  const reports = lines.filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as { jobId: string; status: string });
  return { jobId: reports[0]?.jobId ?? input.jobId!, last: reports.at(-1) };
}

export const waitForLeaseToExpire = () => new Promise((r) => setTimeout(r, LEASE_MS + 200));
