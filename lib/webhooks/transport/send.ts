// One delivery attempt: the payload signed as Standard Webhooks asks, POSTed once, the answer
// summed up. Retrying, and deciding what a failure means for the endpoint, are the caller's.
import 'server-only';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { Webhook } from 'standardwebhooks';
import { checkEndpointUrl } from './endpoint-url';

export type DeliveryError = 'timeout' | 'refusedAddress' | 'connection' | 'redirect' | 'tooLarge';

export type DeliveryAttemptResult = {
  ok: boolean;
  status?: number;
  durationMs: number;
  /** The start of the receiver's answer, for the delivery log; never more than 1 KiB. */
  responseBody?: string;
  error?: DeliveryError;
};

export type SendOptions = {
  allowPrivateNetworks: boolean;
  timeoutMs?: number;
  /** The resolver to use instead of the system's; whatever it answers is checked all the same. */
  lookup?: LookupFunction;
};

const MAX_BODY_BYTES = 1024;
/** How long a receiver has to answer an attempt. */
export const SEND_TIMEOUT_MS = 10_000;

// These agents check the address each connection is actually made to, after DNS, so a host that
// resolved to a public address when the endpoint was saved cannot later point Arbor at its own
// network. No keep-alive: every attempt opens, and so checks, its own connection.
const agents = {
  public: { http: new RequestFilteringHttpAgent(), https: new RequestFilteringHttpsAgent() },
  private: {
    http: new RequestFilteringHttpAgent({ allowPrivateIPAddress: true }),
    https: new RequestFilteringHttpsAgent({ allowPrivateIPAddress: true }),
  },
};

/** The agents' refusal is a plain Error; its message is the only thing that tells it apart. */
const isRefusal = (e: Error) => /^DNS lookup .* is not allowed\b/.test(e.message);

function failure(e: Error & { code?: string }): DeliveryError {
  if (isRefusal(e)) return 'refusedAddress';
  if (e.code === 'HPE_HEADER_OVERFLOW') return 'tooLarge';
  return 'connection';
}

/**
 * One attempt. `timestamp` is this attempt's time, not the event's: receivers' libraries refuse a
 * signature more than 5 minutes off their clock, so a retry must be signed afresh.
 */
export async function sendWebhook(
  input: {
    url: string;
    secret: string;
    /** While a rotation overlaps, the old secret signs too: receivers still holding it keep verifying. */
    previousSecret?: string;
    messageId: string;
    timestamp: Date;
    payload: string;
  },
  opts: SendOptions,
): Promise<DeliveryAttemptResult> {
  const headers = {
    'webhook-id': input.messageId,
    'webhook-timestamp': String(Math.floor(input.timestamp.getTime() / 1000)),
    // Space-separated signatures, one per secret (Standard Webhooks): any one verifying is enough.
    'webhook-signature': [input.secret, input.previousSecret]
      .filter((s): s is string => Boolean(s))
      .map((s) => new Webhook(s).sign(input.messageId, input.timestamp, input.payload))
      .join(' '),
    'content-type': 'application/json',
    'user-agent': 'Arbor-Webhooks/1',
  };
  return postOnce({ url: input.url, headers, body: input.payload }, opts);
}

/**
 * One POST of `body` to `url` with `headers`, through the agents that refuse private addresses,
 * the answer summed up. Webhooks and audit streaming (HTTPS, Splunk, Datadog) send with it.
 */
export async function postOnce(
  input: { url: string; headers: Record<string, string>; body: string | Buffer },
  opts: SendOptions,
): Promise<DeliveryAttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  // An endpoint the current policy would not accept (saved under another policy, say) is
  // refused like a private address, before anything is resolved or sent.
  const checked = checkEndpointUrl(input.url, opts);
  if (!checked.ok) return { ok: false, durationMs: elapsed(), error: 'refusedAddress' };
  const url = checked.url;
  const headers = { ...input.headers, 'content-length': String(Buffer.byteLength(input.body)) };
  const https = url.protocol === 'https:';
  const agent = agents[opts.allowPrivateNetworks ? 'private' : 'public'][https ? 'https' : 'http'];

  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: Omit<DeliveryAttemptResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      resolve({ ...result, durationMs: elapsed() });
    };
    // Until the status line arrives, running out of time is a timeout. After it, the status has
    // decided the outcome and the deadline only cuts the body short.
    let onDeadline = () => finish({ ok: false, error: 'timeout' });
    const timer = setTimeout(() => onDeadline(), opts.timeoutMs ?? SEND_TIMEOUT_MS);

    const onResponse = (res: IncomingMessage) => {
      const status = res.statusCode ?? 0;
      const chunks: Buffer[] = [];
      let size = 0;
      // Node never follows redirects itself; one is a failure, not a hop to wherever it points.
      const answered = () => ({
        ok: status >= 200 && status < 300,
        status,
        responseBody: Buffer.concat(chunks).subarray(0, MAX_BODY_BYTES).toString('utf8'),
        ...(status >= 300 && status < 400 ? { error: 'redirect' as const } : {}),
      });
      onDeadline = () => finish(answered());
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= MAX_BODY_BYTES) finish(answered());
      });
      for (const event of ['end', 'close', 'error']) res.on(event, () => finish(answered()));
    };

    const req = (https ? httpsRequest : httpRequest)(url, { method: 'POST', headers, agent, lookup: opts.lookup }, onResponse);
    req.on('error', (e) => finish({ ok: false, error: failure(e) }));
    req.end(input.body);
  });
}
