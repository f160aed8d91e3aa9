// Audit streaming's shapes (docs/audit-streaming.md): destinations, their settings (never their
// secrets), health and lag. Browser-safe: the console and the server share them.

export type DestinationKind = 'https' | 'splunk' | 'datadog' | 's3';

/** Settings as the owner gives them; secrets are sealed on the server and never returned. */
export type DestinationSettings =
  /** JSON lines POSTed, signed like webhooks (Standard Webhooks headers). */
  | { kind: 'https'; url: string }
  /** Splunk HTTP Event Collector: the collector's URL, its token (secret). */
  | { kind: 'splunk'; url: string; index?: string; sourcetype?: string }
  /** Datadog logs intake: a site, or an intake URL; its API key (secret). */
  | { kind: 'datadog'; site?: string; url?: string; service?: string; tags?: string[] }
  /**
   * An S3-compatible bucket. Production: a role the customer grants (roleArn, with the tenant's
   * external id). S3-compatible stores: access keys (secret). `endpoint` only for those.
   */
  | { kind: 's3'; bucket: string; region: string; prefix?: string; endpoint?: string; roleArn?: string; accessKeyId?: string };

/**
 * Where a destination's secret goes: the host and account it is presented to. Changing it needs the
 * secret again, so a stored token is never sent somewhere new by whoever holds an owner's session.
 */
export function secretTarget(settings: DestinationSettings): string {
  switch (settings.kind) {
    case 'https': return settings.url;
    case 'splunk': return settings.url;
    case 'datadog': return settings.site !== undefined ? `site:${settings.site}` : `url:${settings.url}`;
    case 's3': return JSON.stringify([settings.endpoint ?? null, settings.region, settings.bucket, settings.accessKeyId ?? null, settings.roleArn ?? null]);
  }
}

export type DestinationState = 'new' | 'healthy' | 'failing' | 'paused';

export interface DestinationHealth {
  state: DestinationState;
  lastSuccessAt?: string;
  lastFailureAt?: string;
  /** The last failure in the console's words (status, timeout, refused address…), never a stack. */
  lastError?: string;
  /** Failed attempts in a row. */
  failures: number;
  nextAttemptAt?: string;
  /** Entries delivered since the destination was added. */
  delivered: number;
}

export interface Destination {
  destinationId: string;
  name: string;
  settings: DestinationSettings;
  /** Last characters of the secret, to recognise it. */
  secretHint?: string;
  enabled: boolean;
  /** The id of the last audit entry delivered: everything up to it has arrived at least once. */
  cursor?: string;
  health: DestinationHealth;
  /** Seconds between the oldest entry not delivered yet and now; 0 when caught up. */
  lagSeconds: number;
  createdAt: string;
  createdBy: { userId: string; email: string; name?: string };
  version: number;
}

/** Result of "Send a test entry". */
export interface DestinationTestResult {
  ok: boolean;
  status?: number;
  durationMs: number;
  error?: string;
}
