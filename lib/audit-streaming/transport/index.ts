// Audit streaming's transport: a batch of entries sent to one destination in its kind's format.
import 'server-only';
import type { DeliveryAttemptResult, SendOptions } from '../../webhooks';
import type { DestinationSettings } from '../types';
import type { Batch } from './entry';
import { sendHttp } from './http-kinds';
import { sendS3 } from './s3';

export { batchOf, entryBytes, streamedEntry, type Batch, type StreamedEntry } from './entry';
export { httpRequestFor } from './http-kinds';
export { objectKeyOf } from './s3';

export type SendResult = DeliveryAttemptResult;

export function sendBatch(
  target: { tenantId: string; settings: DestinationSettings; secret?: string }, batch: Batch, opts: SendOptions, now = new Date(),
): Promise<SendResult> {
  const { settings } = target;
  if (settings.kind === 's3') return sendS3(settings, target.secret, target.tenantId, batch, opts);
  return sendHttp(settings, target.secret ?? '', batch, opts, now);
}

/** A failed attempt in the console's words (never a stack, never the receiver's body beyond its status). */
export function failureInWords(result: SendResult, timeoutMs: number): string {
  switch (result.error) {
    case 'timeout': return `No answer within ${timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} seconds` : `${timeoutMs} ms`}.`;
    case 'refusedAddress': return 'The destination resolves to a private, loopback or link-local address; Arbor does not send there.';
    case 'redirect': return `It answered with a redirect (HTTP ${result.status}); destinations must accept the batch at the URL given.`;
    case 'tooLarge': return 'Its answer was too large to read.';
    case 'connection': return 'Arbor could not connect to it.';
  }
  if (result.status === 401 || result.status === 403) return `It refused the credentials (HTTP ${result.status}).`;
  return result.status ? `It answered HTTP ${result.status}${result.responseBody && /^[A-Za-z]+$/.test(result.responseBody) ? ` (${result.responseBody})` : ''}.` : 'The attempt failed.';
}
