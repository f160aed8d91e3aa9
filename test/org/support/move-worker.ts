// A separate process that starts a large move or recursive delete (or resumes a job) and stops
// (waits forever, to be SIGKILLed by the test) when the job reaches a chosen point. Prints one
// JSON line per progress report. Env: WORKER_OP (move | delete | resume), WORKER_TENANT,
// WORKER_UNIT, WORKER_PARENT (move), WORKER_VERSION, WORKER_JOB (resume), WORKER_LEASE_MS,
// WORKER_STOP_AT: "<status>:<n>" stops after the n-th progress report in that status;
// "step:<n>" after the n-th step's transaction, inside its wave (other steps of the wave may be
// written or in flight).
import { deleteUnit, moveUnit, resumeTreeJob, type TreeJobOptions } from '../../../lib/org';
import { tenantDbFor } from '../../support/tenant-db';

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

const [stopStatus, stopCount] = env('WORKER_STOP_AT').split(':');
const seen = new Map<string, number>();
const db = tenantDbFor(env('WORKER_TENANT'));

const stop = async () => {
  console.log('STOPPED');
  setInterval(() => undefined, 60_000);
  await new Promise(() => undefined);
};
const count = async (kind: string) => {
  const n = (seen.get(kind) ?? 0) + 1;
  seen.set(kind, n);
  if (kind === stopStatus && n === Number(stopCount)) await stop();
};

const actor = { userId: 'worker', email: 'worker@example.test' };
const options: TreeJobOptions = {
  leaseMs: Number(env('WORKER_LEASE_MS')),
  onProgress: async (p) => {
    console.log(JSON.stringify(p));
    await count(p.status);
  },
  onStep: () => count('step'),
};
const op = env('WORKER_OP');
if (op === 'resume') {
  const job = await resumeTreeJob(db, env('WORKER_JOB'), options);
  console.log(JSON.stringify({ jobId: job?.id, status: job?.status }));
} else {
  const expectedVersion = Number(env('WORKER_VERSION'));
  if (op === 'delete') {
    await deleteUnit(db, actor, { unitId: env('WORKER_UNIT'), expectedVersion, recursive: true }, options);
  } else {
    await moveUnit(db, actor, { unitId: env('WORKER_UNIT'), newParentId: env('WORKER_PARENT'), expectedVersion }, options);
  }
}
console.log(`FINISHED after ${seen.get('step') ?? 0} steps`);
