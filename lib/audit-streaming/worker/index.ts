// The audit-stream worker: reads the table's stream with its own checkpoints (consumer
// `AUDITSTREAMS`, beside the webhook worker's), puts the destinations of tenants with new entries
// on the queue, and delivers each due destination in its own lane (./lanes.ts). Stateless: the
// checkpoints, the queue, every cursor and lease are in DynamoDB, so any number of workers may run,
// and one killed mid-batch loses nothing (the batch goes again). In production it runs as its own
// process (`npm run worker:audit-streams`); the local stack starts one.
import 'server-only';
import { readStreamOnce, runStreamWorker, streamWorkerFromConfig, type StreamDeps } from '../../webhooks';
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

/** Runs until the signal aborts: new entries mark destinations due, the lanes deliver them. */
export async function runAuditStreamWorker(options: AuditStreamWorkerOptions): Promise<void> {
  await runStreamWorker('audit-stream worker', {
    stream: streamDeps(options),
    lanes: new StreamLanes(options),
    take: (items) => markDestinationsDue(options.platform, options.tenantDb, items, options.batch?.settleMs),
    idleMs: options.idleMs,
    signal: options.signal,
  });
}

/** The worker as this process's configuration makes it. */
export const workerFromConfig = (): Omit<AuditStreamWorkerOptions, 'signal'> => streamWorkerFromConfig();
