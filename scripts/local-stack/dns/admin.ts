// The local DNS server's admin API on loopback, for tests and `npm run cli -- dns`:
// `PUT /records/<name>` with `{"txt":["…"]}` replaces the name's TXT values (`[]` removes it),
// `GET /records` lists every record. Every request needs `Authorization: Bearer <adminToken>`.
import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { normalizeName, type TxtRecords } from './records';

const MAX_BODY_BYTES = 64 * 1024;

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export function createAdminServer(records: TxtRecords, adminToken: string): Server {
  const expected = Buffer.from(`Bearer ${adminToken}`);
  return createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      const status = e instanceof HttpError ? e.status : 400;
      send(res, status, { error: e instanceof Error ? e.message : String(e) });
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    if (!sameBytes(Buffer.from(req.headers.authorization ?? ''), expected)) throw new HttpError(403, 'forbidden');
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    if (req.method === 'GET' && path === '/records') return send(res, 200, records.list());
    const match = /^\/records\/([^/]+)$/.exec(path);
    if (req.method === 'PUT' && match) {
      const name = normalizeName(decodeURIComponent(match[1]));
      // records.set checks that txt is an array of strings.
      const { txt } = JSON.parse((await readBody(req)) || '{}') as { txt: string[] };
      records.set(name, txt);
      return send(res, 200, { name, txt: records.get(name) ?? [] });
    }
    throw new HttpError(404, 'not found');
  }
}

function sameBytes(a: Buffer, b: Buffer) {
  return a.length === b.length && timingSafeEqual(a, b);
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const tooLarge = () => new HttpError(413, `request body larger than ${MAX_BODY_BYTES} bytes`);
  if (Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
