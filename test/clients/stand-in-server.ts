// A node:http stand-in for the API in the check client's tests: it answers each request with the
// next scripted answer and keeps what it was sent. It stands in for HTTP behaviour only (statuses,
// headers, dropped connections, slowness); the real API is e2e/checks.spec.ts's.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { issueConsistencyToken } from '../../lib/db/consistency-token';

export interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown> | undefined;
  at: number;
}

export type Script = (req: Seen, res: ServerResponse) => void;

export interface StandIn {
  baseUrl: string;
  /** What it was sent, oldest first; tests may empty it. */
  seen: Seen[];
  /** The answers still to give, in order; an unscripted request gets a 500. */
  answers: Script[];
  close(): Promise<void>;
}

export const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

export const SUBJECT = { userId: '01JABCDEFGHJKMNPQRSTVWXYZ1' };

/** A check's answer: `allowed`, standing at `token`. */
export const answerCheck = (allowed: boolean, token = issueConsistencyToken()): Script => (req, res) =>
  json(res, 200, { allowed, subject: SUBJECT, permission: req.body?.permission, unitId: req.body?.unitId, consistencyToken: token });

export const refusal = (status: number, code: string, headers: Record<string, string> = {}): Script => (_req, res) =>
  json(res, status, { error: { code, message: `refused: ${code}` } }, headers);

export async function startStandIn(): Promise<StandIn> {
  const standIn = { seen: [], answers: [] } as unknown as StandIn;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const request: Seen = { method: req.method!, url: req.url!, headers: req.headers, body: text ? JSON.parse(text) : undefined, at: Date.now() };
      standIn.seen.push(request);
      const script = standIn.answers.shift();
      if (!script) return json(res, 500, { error: { code: 'test.unscripted', message: 'no answer scripted' } });
      script(request, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  standIn.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  standIn.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return standIn;
}
