// A separate process that starts a large move (or recursive delete) and stops (waits forever,
// to be SIGKILLed by the test) when the job reaches a chosen point. Prints one JSON line per
// progress report. Env: WORKER_OP (move | delete), WORKER_TENANT, WORKER_UNIT, WORKER_PARENT
// (move), WORKER_VERSION, WORKER_LEASE_MS, WORKER_STOP_AT = "<status>:<n>" (stop after the n-th
// report in that status).
import { deleteUnit, moveUnit, type TreeJobOptions } from '../../../lib/org';
import { tenantDbFor } from '../../support/tenant-db';

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

const [stopStatus, stopCount] = env('WORKER_STOP_AT').split(':');
const seen = new Map<string, number>();
const db = tenantDbFor(env('WORKER_TENANT'));

const actor = { userId: 'worker', email: 'worker@example.test' };
const options: TreeJobOptions = {
  leaseMs: Number(env('WORKER_LEASE_MS')),
  onProgress: async (p) => {
    const n = (seen.get(p.status) ?? 0) + 1;
    seen.set(p.status, n);
    console.log(JSON.stringify(p));
    if (p.status === stopStatus && n === Number(stopCount)) {
      console.log('STOPPED');
      setInterval(() => undefined, 60_000);
      await new Promise(() => undefined);
    }
  },
};
const expectedVersion = Number(env('WORKER_VERSION'));
if (process.env.WORKER_OP === 'delete') {
  await deleteUnit(db, actor, { unitId: env('WORKER_UNIT'), expectedVersion, recursive: true }, options);
} else {
  await moveUnit(db, actor, { unitId: env('WORKER_UNIT'), newParentId: env('WORKER_PARENT'), expectedVersion }, options);
}
console.log('FINISHED');
