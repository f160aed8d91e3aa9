// The webhook delivery worker: reads new audit entries from the table's stream,
// queues a delivery per endpoint that hears of them, and sends what is due, each endpoint in its
// own lane (./lanes.ts), retrying on the Standard Webhooks schedule. Stateless: where it read up to, what is due and every attempt are
// in DynamoDB, so any number of workers may run, and one killed mid-delivery loses nothing.
// In production it runs as its own process (`npm run worker:webhooks`); the local stack starts one.
import 'server-only';
import { log } from '../../observability';
import { DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import { config } from '../../config';
import { tenancy, tenancySettingsFromConfig } from '../../tenancy';
import type { DeliveryDeps } from './deliver-due';
import { DeliveryLanes, deliverDue, pause } from './lanes';
import { queueEvents } from './fan-out';
import { readStreamOnce, type StreamDeps } from './stream';
import { SDK_RETRY } from '../../db/retry-policy';

export { RETRY_SCHEDULE_MS, DISABLE_AFTER_MS, WEBHOOK_WORKER_ACTOR, type DeliveryDeps } from './deliver-due';
export { DeliveryLanes, deliverDue, DELIVERY_CONCURRENCY } from './lanes';
export { readStreamOnce, skipBacklog, type StreamDeps } from './stream';
export { queueEvents } from './fan-out';

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

/**
 * Runs until the signal aborts, then lets the attempts in flight finish. Two loops: the stream's
 * (new events into the queue) and the lanes' (the queue to receivers), so neither waits for the
 * other: a slow receiver holds up no reading, and a stream in trouble holds up no delivery.
 */
export async function runWebhookWorker(options: WorkerOptions): Promise<void> {
  const idle = options.idleMs ?? 1000;
  const lanes = new DeliveryLanes(options);
  let wake: (() => void) | undefined;
  const stream = async () => {
    while (!options.signal?.aborted) {
      try {
        const read = await readStreamOnce(options, async (items) => {
          if ((await queueEvents(options.platform, options.tenantDb, items)) > 0) wake?.();
        });
        if (read === 0) await pause(idle, options.signal);
      } catch (e) {
        log.error({ err: e }, 'webhook worker: reading the stream failed');
        await pause(Math.max(idle, 2000), options.signal);
      }
    }
  };
  await Promise.all([stream(), lanes.run({ idleMs: idle, signal: options.signal, woken: () => new Promise<void>((r) => (wake = r)) })]);
}

/** The worker as this process's configuration makes it: the runtime's credentials, the app's tenancy. */
export function workerFromConfig(): Omit<WorkerOptions, 'signal'> {
  const cfg = config();
  const settings = tenancySettingsFromConfig(cfg);
  const t = tenancy();
  return {
    streams: new DynamoDBStreamsClient({ region: settings.region, endpoint: settings.dynamoDbEndpoint, credentials: settings.platformCredentials, ...SDK_RETRY }),
    platform: t.platformDb(),
    tableName: settings.tableName,
    tenantDb: (tenantId) => t.tenantDb(tenantId),
    allowPrivateNetworks: cfg.ARBOR_WEBHOOKS_ALLOW_PRIVATE_NETWORKS === '1',
  };
}
