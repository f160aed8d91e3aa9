// Server-only. The webhook delivery worker: reads new audit entries from the table's stream,
// queues a delivery per endpoint that hears of them, and sends what is due, retrying on the
// Standard Webhooks schedule. Stateless: where it read up to, what is due and every attempt are
// in DynamoDB, so any number of workers may run, and one killed mid-delivery loses nothing.
// In production it runs as its own process (`npm run worker:webhooks`); the local stack starts one.
import { log } from '../../observability';
import { DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import { config } from '../../config';
import { tenancy, tenancySettingsFromConfig } from '../../tenancy';
import { deliverDue, type DeliveryDeps } from './deliver-due';
import { queueEvents } from './fan-out';
import { readStreamOnce, type StreamDeps } from './stream';
import { SDK_RETRY } from '../../db/retry-policy';

export { deliverDue, RETRY_SCHEDULE_MS, DISABLE_AFTER_MS, WEBHOOK_WORKER_ACTOR, type DeliveryDeps } from './deliver-due';
export { readStreamOnce, skipBacklog, type StreamDeps } from './stream';
export { queueEvents } from './fan-out';

export interface WorkerOptions extends Omit<DeliveryDeps, 'platform'>, Omit<StreamDeps, 'platform'> {
  platform: DeliveryDeps['platform'];
  /** Pause between passes that found nothing to do. */
  idleMs?: number;
  signal?: AbortSignal;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/** One pass: read the stream, queue what it brings, send what is due. Returns the work done. */
export async function workOnce(options: WorkerOptions): Promise<{ read: number; sent: number }> {
  const read = await readStreamOnce(options, (items) => queueEvents(options.platform, options.tenantDb, items).then(() => undefined));
  const sent = await deliverDue(options);
  return { read, sent };
}

/** Runs passes until the signal aborts; a failed pass is logged and retried after a pause. */
export async function runWebhookWorker(options: WorkerOptions): Promise<void> {
  const idle = options.idleMs ?? 1000;
  while (!options.signal?.aborted) {
    try {
      const { read, sent } = await workOnce(options);
      if (read + sent === 0) await sleep(idle, options.signal);
    } catch (e) {
      log.error({ err: e }, 'webhook worker pass failed');
      await sleep(Math.max(idle, 2000), options.signal);
    }
  }
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
