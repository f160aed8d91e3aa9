// The webhook delivery worker: reads new audit entries from the table's stream,
// queues a delivery per endpoint that hears of them, and sends what is due, each endpoint in its
// own lane (./lanes.ts), retrying on the Standard Webhooks schedule. Stateless: where it read up to, what is due and every attempt are
// in DynamoDB, so any number of workers may run, and one killed mid-delivery loses nothing.
// In production it runs as its own process (`npm run worker:webhooks`); the local stack starts one.
import 'server-only';
import type { DeliveryDeps } from './deliver-due';
import { DeliveryLanes, deliverDue, pause } from './lanes';
import { queueEvents } from './fan-out';
import { readStreamOnce, type StreamDeps } from './stream';
import { runStreamWorker, streamWorkerFromConfig } from './stream-worker';

export { RETRY_SCHEDULE_MS, DISABLE_AFTER_MS, WEBHOOK_WORKER_ACTOR, type DeliveryDeps } from './deliver-due';
export { DeliveryLanes, deliverDue, DELIVERY_CONCURRENCY } from './lanes';
export { readStreamOnce, skipBacklog, type StreamDeps } from './stream';
export { queueEvents } from './fan-out';
export { runStreamWorker, streamWorkerFromConfig, type Lanes } from './stream-worker';

export interface WorkerOptions extends Omit<DeliveryDeps, 'platform'>, Omit<StreamDeps, 'platform'> {
  platform: DeliveryDeps['platform'];
  /** Pause between passes that found nothing to do. */
  idleMs?: number;
  /** Attempts in flight at once, over every endpoint (one per endpoint). */
  concurrency?: number;
  signal?: AbortSignal;
}

/** One pass, waited for: read the stream, queue what it brings, send what is due. Returns the work done. */
export async function workOnce(options: WorkerOptions): Promise<{ read: number; sent: number }> {
  // What is already queued goes out even when the stream fails this time; the pass still fails.
  let streamFailure: unknown;
  const read = await readStreamOnce(options, (items) => queueEvents(options.platform, options.tenantDb, items).then(() => undefined))
    .catch((e) => ((streamFailure = e), 0));
  const sent = await deliverDue(options);
  if (streamFailure) throw streamFailure;
  return { read, sent };
}

/** Runs until the signal aborts: new events into the queue, the queue to receivers. */
export async function runWebhookWorker(options: WorkerOptions): Promise<void> {
  await runStreamWorker('webhook worker', {
    stream: options,
    lanes: new DeliveryLanes(options),
    take: (items) => queueEvents(options.platform, options.tenantDb, items),
    idleMs: options.idleMs,
    signal: options.signal,
  });
}

/** The worker as this process's configuration makes it. */
export const workerFromConfig = (): Omit<WorkerOptions, 'signal'> => streamWorkerFromConfig();
