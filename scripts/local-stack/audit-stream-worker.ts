// Starts the audit-stream worker (scripts/audit-stream-worker.ts) as its own process, as production
// runs it, beside the webhook worker: `npm run dev` starts one, and `npm test` one for the browser suite.
import { startWorkerProcess, type WorkerProcess } from './webhook-worker';

export const startAuditStreamWorker = (env: Record<string, string>, options: { skipBacklog?: boolean } = {}): WorkerProcess =>
  startWorkerProcess('scripts/audit-stream-worker.ts', 'audit-stream worker', env, options);
