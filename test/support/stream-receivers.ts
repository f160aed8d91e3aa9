// Local receivers for audit streaming, one per kind: each checks what the real service would
// (the Standard Webhooks signature, the Splunk HEC token, the Datadog API key) and keeps the
// entries it accepted. The answer can be scripted (status, or 'hang'), and a delay added.
// Used by test/audit-streaming and by the browser suite (e2e/audit-streaming.spec.ts).
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export type ReceiverKind = 'https' | 'splunk' | 'datadog';

export interface ReceivedBatch {
  headers: IncomingHttpHeaders;
  body: string;
  path: string;
  /** The entries in the batch (JSON), when it was accepted. */
  entries: Record<string, any>[]; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export interface StreamReceiver {
  url: string;
  kind: ReceiverKind;
  /** Accepted batches, in arrival order. */
  got: ReceivedBatch[];
  /** Every request, accepted or not. */
  requests: number;
  /** Set the secret to check (the signing secret is only known once the destination is made). */
  secret: string;
  /** Status to answer, per request number (1-based), or 'hang' to never answer. */
  answer: (n: number) => number | 'hang';
  delayMs: number;
  /** Entry ids accepted, in order (a batch sent twice appears twice). */
  ids(): string[];
  close(): Promise<void>;
}

function entriesOf(kind: ReceiverKind, body: string): Record<string, unknown>[] {
  if (kind === 'https') return body.trim().split('\n').map((l) => JSON.parse(l));
  if (kind === 'datadog') return (JSON.parse(body) as { arbor: Record<string, unknown> }[]).map((l) => l.arbor);
  // HEC: concatenated objects, one per line as Arbor sends them.
  return body.trim().split('\n').map((l) => (JSON.parse(l) as { event: Record<string, unknown> }).event);
}

function authorized(kind: ReceiverKind, secret: string, headers: IncomingHttpHeaders, body: string): boolean {
  try {
    if (kind === 'https') {
      new Webhook(secret).verify(body, { 'webhook-id': String(headers['webhook-id']), 'webhook-timestamp': String(headers['webhook-timestamp']), 'webhook-signature': String(headers['webhook-signature']) });
      return true;
    }
    if (kind === 'splunk') return headers.authorization === `Splunk ${secret}`;
    return headers['dd-api-key'] === secret;
  } catch {
    return false;
  }
}

export async function streamReceiver(kind: ReceiverKind, secret = ''): Promise<StreamReceiver> {
  const r: StreamReceiver = {
    url: '', kind, got: [], requests: 0, secret, answer: () => (kind === 'datadog' ? 202 : 200), delayMs: 0,
    ids: () => r.got.flatMap((b) => b.entries.map((e) => String(e.id))),
    close: () => new Promise<void>((done) => (server.close(() => done()), server.closeAllConnections())),
  };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const n = ++r.requests;
      const scripted = r.answer(n);
      if (scripted === 'hang') return;
      const status = scripted >= 300 ? scripted : authorized(kind, r.secret, req.headers, body) ? scripted : kind === 'https' ? 400 : 403;
      if (status < 300) r.got.push({ headers: req.headers, body, path: req.url ?? '', entries: entriesOf(kind, body) });
      setTimeout(() => res.writeHead(status, { 'content-type': 'application/json' }).end(status < 300 ? '{}' : '{"error":"refused"}'), r.delayMs);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  r.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return r;
}
