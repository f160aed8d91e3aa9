// The audit-stream worker as a process: `npm run worker:audit-streams` (the local stack starts one).
// Stops at SIGTERM/SIGINT after the attempts in flight; an attempt cut short loses nothing.
import { STREAM_CONSUMER, runAuditStreamWorker, workerFromConfig } from '../lib/audit-streaming/worker';
import { skipBacklog } from '../lib/webhooks';

// `--skip-backlog` (local stacks only): what the stream already holds marks nothing due; the
// destinations read their own cursors anyway, so this only saves the worker a pass over old records.
const skip = process.argv.includes('--skip-backlog');
const controller = new AbortController();
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => controller.abort());
const worker = workerFromConfig();
if (skip) console.log(`[arbor] audit-stream worker skipped ${await skipBacklog({ ...worker, consumer: STREAM_CONSUMER })} stream records already there`);
console.log('[arbor] audit-stream worker started');
await runAuditStreamWorker({ ...worker, signal: controller.signal });
process.exit(0);
