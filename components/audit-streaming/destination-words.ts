// How a destination is said in the console: its kind, where it sends, and how far behind it is.
// Pure, so the list, the dialogs and the tests say the same thing.
import type { Destination, DestinationKind, DestinationSettings } from '@/lib/audit-streaming/types';

export const KIND_LABELS: Record<DestinationKind, { label: string; hint: string; mark: string }> = {
  https: { label: 'HTTPS endpoint', hint: 'JSON lines POSTed to your URL, signed like webhooks.', mark: 'H' },
  splunk: { label: 'Splunk', hint: 'The HTTP Event Collector of Splunk Cloud or Enterprise.', mark: 'S' },
  datadog: { label: 'Datadog', hint: 'Datadog Logs, on any Datadog site.', mark: 'D' },
  s3: { label: 'Amazon S3', hint: 'Objects of JSON lines in your bucket, or an S3-compatible store.', mark: 'S3' },
};

export const DATADOG_SITES = ['datadoghq.com', 'us3.datadoghq.com', 'us5.datadoghq.com', 'datadoghq.eu', 'ap1.datadoghq.com', 'ap2.datadoghq.com', 'ddog-gov.com'] as const;

function hostOf(url: string | undefined): string {
  if (!url) return '';
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** Where a destination sends: a URL's host, a Datadog site, a bucket and its prefix. */
export function targetOf(settings: DestinationSettings): string {
  switch (settings.kind) {
    case 'https':
    case 'splunk':
      return hostOf(settings.url);
    case 'datadog':
      return settings.url ? hostOf(settings.url) : (settings.site ?? DATADOG_SITES[0]);
    case 's3': {
      const where = `${settings.bucket}${settings.prefix ? `/${settings.prefix.replace(/^\/+/, '')}` : ''}`;
      return settings.endpoint ? `${where} on ${hostOf(settings.endpoint)}` : `${where} (${settings.region})`;
    }
  }
}

/** "Up to date", "3 min behind", "2 h behind", "4 days behind". */
export function lagWords(lagSeconds: number): string {
  if (lagSeconds <= 0) return 'Up to date';
  if (lagSeconds < 60) return 'Less than a minute behind';
  if (lagSeconds < 3600) return `${Math.round(lagSeconds / 60)} min behind`;
  if (lagSeconds < 2 * 86400) return `${Math.round(lagSeconds / 3600)} h behind`;
  return `${Math.round(lagSeconds / 86400)} days behind`;
}

/** The state the badge shows: a switched-off destination is paused whatever its last attempt said. */
export function stateOf(d: Destination): Destination['health']['state'] {
  return d.enabled ? d.health.state : 'paused';
}

export const deliveredWords = (n: number) => `${n.toLocaleString('en')} ${n === 1 ? 'entry' : 'entries'} delivered`;

/** Calendar days (UTC) from a day (YYYY-MM-DD) to today, for the backfill's confirmation. */
export function daysBack(date: string, nowMs: number): number {
  const today = Date.parse(new Date(nowMs).toISOString().slice(0, 10));
  return Math.max(0, Math.round((today - Date.parse(date)) / 86_400_000));
}
