// The three kinds that are one HTTPS POST per batch, each in its receiver's own format:
// - https: JSON lines (`application/x-ndjson`), signed as Standard Webhooks asks (the batch id as
//   webhook-id, so a receiver can drop a batch it already has);
// - Splunk HTTP Event Collector: concatenated event objects to /services/collector/event with
//   `Authorization: Splunk <token>` (docs.splunk.com, "Format events for HTTP Event Collector");
// - Datadog logs intake v2: a JSON array of logs with `DD-API-KEY` (docs.datadoghq.com/api/latest/logs).
// Sending goes through webhooks' transport, which refuses private addresses at connect time.
import 'server-only';
import { Webhook } from 'standardwebhooks';
import { postOnce, type DeliveryAttemptResult, type SendOptions } from '../../webhooks';
import type { DestinationSettings } from '../types';
import type { Batch } from './entry';

type HttpSettings = Extract<DestinationSettings, { kind: 'https' | 'splunk' | 'datadog' }>;

const USER_AGENT = 'Arbor-AuditStream/1';

export interface HttpRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** The request for one batch, built without a network (tests read it as is). */
export function httpRequestFor(settings: HttpSettings, secret: string, batch: Batch, now: Date): HttpRequest {
  switch (settings.kind) {
    case 'https': {
      const body = batch.entries.map((e) => JSON.stringify(e)).join('\n') + '\n';
      return {
        url: settings.url, body,
        headers: {
          'content-type': 'application/x-ndjson', 'user-agent': USER_AGENT,
          'webhook-id': batch.batchId,
          'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
          'webhook-signature': new Webhook(secret).sign(batch.batchId, now, body),
        },
      };
    }
    case 'splunk': {
      const body = batch.entries.map((e) => JSON.stringify({
        time: Date.parse(e.at) / 1000, host: 'arbor', source: 'arbor:audit', sourcetype: settings.sourcetype ?? 'arbor:audit',
        ...(settings.index ? { index: settings.index } : {}), event: e,
      })).join('\n');
      return {
        url: `${settings.url}/services/collector/event`, body,
        headers: { 'content-type': 'application/json', 'user-agent': USER_AGENT, authorization: `Splunk ${secret}` },
      };
    }
    case 'datadog': {
      const tags = ['source:arbor', ...(settings.tags ?? [])].join(',');
      const body = JSON.stringify(batch.entries.map((e) => ({
        ddsource: 'arbor', service: settings.service ?? 'arbor-audit', hostname: 'arbor', ddtags: `${tags},organization:${e.organizationId}`,
        message: `${e.action} ${e.target.type} ${e.target.label ?? e.target.id}`, arbor: e,
      })));
      return {
        url: settings.url ?? `https://http-intake.logs.${settings.site}/api/v2/logs`, body,
        headers: { 'content-type': 'application/json', 'user-agent': USER_AGENT, 'dd-api-key': secret },
      };
    }
  }
}

export async function sendHttp(settings: HttpSettings, secret: string, batch: Batch, opts: SendOptions, now = new Date()): Promise<DeliveryAttemptResult> {
  return postOnce(httpRequestFor(settings, secret, batch, now), opts);
}
