// S3: one object per batch, `<prefix>/<yyyy>/<mm>/<dd>/<first id>-<last id>.jsonl.gz` (the day of the
// batch's first entry, UTC), gzipped JSON lines. The key is fixed by the batch, so sending one
// again overwrites the same object: at least once becomes exactly one object per batch.
// Credentials: the customer's role, assumed with the tenant's id as ExternalId (so another
// Arbor customer cannot name that role), or access keys for S3-compatible stores (the local
// stack's s3rver takes any). Connections go through the agents that refuse private addresses.
import 'server-only';
import { gzipSync } from 'node:zlib';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { AssumeRoleCommand, STSClient } from '@aws-sdk/client-sts';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { SEND_TIMEOUT_MS, type DeliveryAttemptResult, type SendOptions } from '../../webhooks';
import type { DestinationSettings } from '../types';
import type { Batch } from './entry';

type S3Settings = Extract<DestinationSettings, { kind: 's3' }>;

const agents = {
  public: { httpAgent: new RequestFilteringHttpAgent(), httpsAgent: new RequestFilteringHttpsAgent() },
  private: { httpAgent: new RequestFilteringHttpAgent({ allowPrivateIPAddress: true }), httpsAgent: new RequestFilteringHttpsAgent({ allowPrivateIPAddress: true }) },
};

/** The object key of a batch. */
export function objectKeyOf(settings: S3Settings, batch: Batch): string {
  const day = batch.entries[0].at.slice(0, 10).split('-').join('/');
  const name = `${batch.entries[0].id}-${batch.entries[batch.entries.length - 1].id}.jsonl.gz`;
  return [settings.prefix, day, name].filter(Boolean).join('/');
}

export const objectBody = (batch: Batch) => gzipSync(batch.entries.map((e) => JSON.stringify(e)).join('\n') + '\n');

async function credentialsFor(settings: S3Settings, secret: string | undefined, tenantId: string, signal: AbortSignal) {
  if (settings.accessKeyId) return { accessKeyId: settings.accessKeyId, secretAccessKey: secret ?? '' };
  const sts = new STSClient({ region: settings.region });
  const out = await sts.send(new AssumeRoleCommand({ RoleArn: settings.roleArn, RoleSessionName: `arbor-audit-${tenantId}`.slice(0, 64), ExternalId: tenantId, DurationSeconds: 900 }), { abortSignal: signal });
  const c = out.Credentials!;
  return { accessKeyId: c.AccessKeyId!, secretAccessKey: c.SecretAccessKey!, sessionToken: c.SessionToken };
}

export async function sendS3(
  settings: S3Settings, secret: string | undefined, tenantId: string, batch: Batch, opts: SendOptions,
): Promise<DeliveryAttemptResult & { key?: string }> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const timeoutMs = opts.timeoutMs ?? SEND_TIMEOUT_MS;
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  const key = objectKeyOf(settings, batch);
  try {
    const s3 = new S3Client({
      region: settings.region,
      credentials: await credentialsFor(settings, secret, tenantId, abort.signal),
      ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
      requestHandler: { ...agents[opts.allowPrivateNetworks ? 'private' : 'public'], requestTimeout: timeoutMs, connectionTimeout: timeoutMs },
      maxAttempts: 1,
    });
    const out = await s3.send(new PutObjectCommand({
      Bucket: settings.bucket, Key: key, Body: objectBody(batch), ContentType: 'application/x-ndjson', ContentEncoding: 'gzip',
      Metadata: { 'arbor-batch': batch.batchId, 'arbor-entries': String(batch.entries.length) },
    }), { abortSignal: abort.signal });
    return { ok: true, status: out.$metadata.httpStatusCode, durationMs: elapsed(), key };
  } catch (e) {
    const err = e as Error & { $metadata?: { httpStatusCode?: number }; name: string };
    if (abort.signal.aborted) return { ok: false, durationMs: elapsed(), error: 'timeout' };
    if (/is not allowed/.test(err.message)) return { ok: false, durationMs: elapsed(), error: 'refusedAddress' };
    const status = err.$metadata?.httpStatusCode;
    return { ok: false, durationMs: elapsed(), ...(status ? { status, responseBody: err.name } : { error: 'connection' as const }) };
  } finally {
    clearTimeout(timer);
  }
}
