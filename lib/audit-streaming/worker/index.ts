// The audit-stream worker: reads the table's stream with its own checkpoints (consumer
// `AUDITSTREAMS`, beside the webhook worker's), puts the destinations of tenants with new entries
// on the queue, and delivers each due destination in its own lane (./lanes.ts). Stateless: the
// checkpoints, the queue, every cursor and lease are in DynamoDB, so any number of workers may run,
// and one killed mid-batch loses nothing (the batch goes again). In production it runs as its own
// process (`npm run worker:audit-streams`); the local stack starts one.
import 'server-only';
import { DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import { config } from '../../config';
import { SDK_RETRY } from '../../db/retry-policy';
import { log } from '../../observability';
import { tenancy, tenancySettingsFromConfig } from '../../tenancy';
import { pause, readStreamOnce, type StreamDeps } from '../../webhooks';
import type { AttemptOutcome, StreamDeliveryDeps } from './deliver';
import { StreamLanes, deliverDueDestinations } from './lanes';
import { markDestinationsDue } from './mark-due';

export { RETRY_SCHEDULE_MS, LEASE_MS, deliverDestination, type StreamDeliveryDeps, type AttemptOutcome } from './deliver';
export { StreamLanes, deliverDueDestinations, STREAM_CONCURRENCY } from './lanes';
export { markDestinationsDue } from './mark-due';

/** Whose stream checkpoints are the audit-stream worker's (`STREAM#AUDITSTREAMS#<label>`). */
export const STREAM_CONSUMER = 'AUDITSTREAMS';

export interface AuditStreamWorkerOptions extends StreamDeliveryDeps, Omit<StreamDeps, 'platform' | 'consumer'> {
  idleMs?: number;
  concurrency?: number;
  signal?: AbortSignal;
}

const streamDeps = (options: AuditStreamWorkerOptions): StreamDeps => ({ streams: options.streams, platform: options.platform, tableName: options.tableName, consumer: STREAM_CONSUMER });

/** One pass, waited for: read the stream, mark what it brings due, send what is due. */
export async function workOnce(options: AuditStreamWorkerOptions): Promise<{ read: number; outcomes: AttemptOutcome[] }> {
  let streamFailure: unknown;
  const read = await readStreamOnce(streamDeps(options), (items) => markDestinationsDue(options.platform, options.tenantDb, items, options.batch?.settleMs).then(() => undefined))
    .catch((e) => ((streamFailure = e), 0));
  const outcomes = await deliverDueDestinations(options);
  if (streamFailure) throw streamFailure;
  return { read, outcomes };
}

/** Runs until the signal aborts: the stream's loop and the lanes' loop, neither waiting for the other. */
export async function runAuditStreamWorker(options: AuditStreamWorkerOptions): Promise<void> {
  const idle = options.idleMs ?? 1000;
  const lanes = new StreamLanes(options);
  let wake: (() => void) | undefined;
  const stream = async () => {
    while (!options.signal?.aborted) {
      try {
        const read = await readStreamOnce(streamDeps(options), async (items) => {
          if ((await markDestinationsDue(options.platform, options.tenantDb, items, options.batch?.settleMs)) > 0) wake?.();
        });
        if (read === 0) await pause(idle, options.signal);
      } catch (e) {
        log.error({ err: e }, 'audit-stream worker: reading the stream failed');
        await pause(Math.max(idle, 2000), options.signal);
      }
    }
  };
  await Promise.all([stream(), lanes.run({ idleMs: idle, signal: options.signal, woken: () => new Promise<void>((r) => (wake = r)) })]);
}

/** The worker as this process's configuration makes it: the runtime's credentials, the app's tenancy. */
export function workerFromConfig(): Omit<AuditStreamWorkerOptions, 'signal'> {
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
