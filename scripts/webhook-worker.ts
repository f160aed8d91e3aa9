// The webhook delivery worker as a process: `npm run worker:webhooks` (the local stack starts one).
// Stops at SIGTERM/SIGINT after the pass in progress; a pass cut short loses nothing.
import { runWebhookWorker, skipBacklog, workerFromConfig } from '../lib/webhooks/worker';

// `--lease-ms N`: how long a delivery taken by this worker is its own (tests kill a worker
// mid-delivery and watch another pick the delivery up once the lease runs out).
const leaseArg = process.argv.indexOf('--lease-ms');
const leaseMs = leaseArg > 0 ? Number(process.argv[leaseArg + 1]) : undefined;
// `--skip-backlog` (local stacks only): what the stream already holds is not sent to anyone; the
// browser suite's worker starts after the node suites, whose tenants' endpoints are long gone.
const skip = process.argv.includes('--skip-backlog');
const controller = new AbortController();
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => controller.abort());
const worker = workerFromConfig();
if (skip) console.log(`[arbor] webhook worker skipped ${await skipBacklog(worker)} stream records already there`);
console.log('[arbor] webhook worker started');
await runWebhookWorker({ ...worker, leaseMs, signal: controller.signal });
process.exit(0);
