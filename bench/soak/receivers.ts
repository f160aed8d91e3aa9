// Where the soak's webhooks and audit entries arrive: a webhook receiver that checks each
// delivery's Standard Webhooks signature (the endpoint's secret) and counts every `webhook-id`,
// and the audit-stream HTTPS receiver of the tests (test/support/stream-receivers.ts), which
// checks its signature the same way and keeps the entries it accepted.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { streamReceiver, type StreamReceiver } from '../../test/support/stream-receivers';
import type { DeliveryCount } from './result';

export interface WebhookReceiver {
  url: string;
  /** Signing secrets by endpoint path (`/<tenant>`): each tenant's endpoint has its own. */
  secrets: Map<string, string>;
  /** Arrivals per message id (signature checked). */
  arrivals: Map<string, number>;
  refused: number;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const r: WebhookReceiver = { url: '', secrets: new Map(), arrivals: new Map(), refused: 0, close: async () => undefined };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const secret = r.secrets.get(req.url ?? '');
      try {
        if (!secret) throw new Error('no endpoint at this path');
        new Webhook(secret).verify(body, req.headers as Record<string, string>);
      } catch {
        r.refused++;
        return void res.writeHead(400).end();
      }
      const id = String(req.headers['webhook-id']);
      r.arrivals.set(id, (r.arrivals.get(id) ?? 0) + 1);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  r.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  r.close = () => new Promise<void>((done) => (server.close(() => done()), server.closeAllConnections()));
  return r;
}

export const startAuditReceiver = (): Promise<StreamReceiver> => streamReceiver('https');

/** Arrivals by id of a stream receiver, over every secret it was given (one per tenant: see run-soak). */
export function streamArrivals(receivers: StreamReceiver[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of receivers) for (const id of r.ids()) out.set(id, (out.get(id) ?? 0) + 1);
  return out;
}

export function countDeliveries(expected: Set<string>, arrivals: Map<string, number>, drainSeconds: number): DeliveryCount {
  let delivered = 0;
  let duplicates = 0;
  let unexpected = 0;
  for (const [id, n] of arrivals) {
    if (expected.has(id)) delivered++;
    else unexpected++;
    duplicates += n - 1;
  }
  return { expected: expected.size, delivered, missing: expected.size - delivered, duplicates, unexpected, drainSeconds };
}
