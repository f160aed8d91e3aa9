// What every worker reading the table's stream shares: the two loops (the stream's, which learns
// of new items, and the lanes', which deliver), and the deps this process's configuration makes.
import 'server-only';
import { DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import { config } from '../../config';
import { SDK_RETRY } from '../../db/retry-policy';
import type { PlatformDb, TenantDb } from '../../db';
import { log } from '../../observability';
import { tenancy, tenancySettingsFromConfig } from '../../tenancy';
import { pause } from './lanes';
import { readStreamOnce, type StreamDeps } from './stream';

export interface Lanes {
  run(options: { idleMs: number; signal?: AbortSignal; woken?: () => Promise<void> }): Promise<void>;
}

/**
 * Runs until the signal aborts, then lets the lanes' attempts in flight finish. Neither loop waits
 * for the other: a slow receiver holds up no reading, and a stream in trouble holds up no delivery.
 * `take` handles a batch of new items and says how many became work (which wakes the lanes).
 */
export async function runStreamWorker(
  name: string,
  options: { stream: StreamDeps; lanes: Lanes; take: (items: Record<string, unknown>[]) => Promise<number>; idleMs?: number; signal?: AbortSignal },
): Promise<void> {
  const idle = options.idleMs ?? 1000;
  let wake: (() => void) | undefined;
  const stream = async () => {
    while (!options.signal?.aborted) {
      try {
        const read = await readStreamOnce(options.stream, async (items) => {
          if ((await options.take(items)) > 0) wake?.();
        });
        if (read === 0) await pause(idle, options.signal);
      } catch (e) {
        log.error({ err: e }, `${name}: reading the stream failed`);
        await pause(Math.max(idle, 2000), options.signal);
      }
    }
  };
  await Promise.all([stream(), options.lanes.run({ idleMs: idle, signal: options.signal, woken: () => new Promise<void>((r) => (wake = r)) })]);
}

/** A stream worker's deps as this process's configuration makes them: the runtime's credentials, the app's tenancy. */
export function streamWorkerFromConfig(): {
  streams: DynamoDBStreamsClient;
  platform: PlatformDb;
  tableName: string;
  tenantDb: (tenantId: string) => Promise<TenantDb>;
  allowPrivateNetworks: boolean;
} {
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
