// Local receivers for audit streaming, one per kind: each checks what the real service would
// (the Standard Webhooks signature, the Splunk HEC token, the Datadog API key) and keeps the
// entries it accepted. The answer can be scripted (status, or 'hang'), and a delay added.
// Used by test/audit-streaming and by the browser suite (e2e/audit-streaming.spec.ts).
import { timingSafeEqual } from 'node:crypto';
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
  /** When each request arrived (ms since the epoch), in order. */
  arrivals: number[];
  /** The last request refused by the check, to see why. */
  refused?: { headers: IncomingHttpHeaders; body: string; why: string };
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

function authorized(kind: ReceiverKind, secret: string, headers: IncomingHttpHeaders, body: string, r?: StreamReceiver): boolean {
  try {
    if (kind === 'https') {
      // The libraries' verify() also parses the body as one JSON document, which JSON lines are
      // not: the signature is recomputed with their sign() and compared, as the spec defines it.
      const id = String(headers['webhook-id']);
      const ts = Number(headers['webhook-timestamp']);
      if (!Number.isInteger(ts) || Math.abs(Date.now() / 1000 - ts) > 300) throw new Error('timestamp outside the 5 minutes tolerated');
      const expected = Buffer.from(new Webhook(secret).sign(id, new Date(ts * 1000), body));
      const ok = String(headers['webhook-signature']).split(' ').some((sig) => sig.length === expected.length && timingSafeEqual(Buffer.from(sig), expected));
      if (!ok) throw new Error('no signature matches');
      return true;
    }
    if (kind === 'splunk') return headers.authorization === `Splunk ${secret}`;
    return headers['dd-api-key'] === secret;
  } catch (e) {
    if (r) r.refused = { headers, body, why: String(e) };
    return false;
  }
}

export async function streamReceiver(kind: ReceiverKind, secret = ''): Promise<StreamReceiver> {
  const r: StreamReceiver = {
    url: '', kind, got: [], requests: 0, arrivals: [], secret, answer: () => (kind === 'datadog' ? 202 : 200), delayMs: 0,
    ids: () => r.got.flatMap((b) => b.entries.map((e) => String(e.id))),
    close: () => new Promise<void>((done) => (server.close(() => done()), server.closeAllConnections())),
  };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const n = ++r.requests;
      r.arrivals.push(Date.now());
      const scripted = r.answer(n);
      if (scripted === 'hang') return;
      const status = scripted >= 300 ? scripted : authorized(kind, r.secret, req.headers, body, r) ? scripted : kind === 'https' ? 400 : 403;
      if (status < 300) r.got.push({ headers: req.headers, body, path: req.url ?? '', entries: entriesOf(kind, body) });
      setTimeout(() => res.writeHead(status, { 'content-type': 'application/json' }).end(status < 300 ? '{}' : '{"error":"refused"}'), r.delayMs);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  r.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return r;
}
