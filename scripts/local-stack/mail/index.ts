// The local stack's mail catcher: a real SMTP server (smtp-server) that accepts every message
// the app sends, parses it (mailparser) and keeps it, and a small HTTP server on loopback that
// shows the inbox (GET /) and serves it as JSON (GET /messages) for tests and the CLI. With a
// data folder (dev) each message is also a JSON file there, so the inbox survives restarts.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { ulid } from 'ulid';
import { inboxPage } from './inbox-page';

export interface CapturedMail {
  id: string;
  receivedAt: string;
  from: string;
  /** Envelope recipients, lower-cased. */
  to: string[];
  subject: string;
  text: string;
  html: string;
}

export interface MailCatcher {
  /** For the app: `smtp://127.0.0.1:<port>`. */
  smtpUrl: string;
  /** The inbox page and JSON API: `http://127.0.0.1:<port>`. */
  inboxUrl: string;
  messages(): CapturedMail[];
  stop(): Promise<void>;
}

const MAX_MESSAGE_BYTES = 1024 * 1024;

export async function startMailCatcher(options: { smtpPort: number; httpPort: number; dataDir?: string }): Promise<MailCatcher> {
  const stored: CapturedMail[] = [];
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    for (const f of readdirSync(options.dataDir).filter((n) => n.endsWith('.json')).sort()) {
      stored.push(JSON.parse(readFileSync(join(options.dataDir, f), 'utf8')) as CapturedMail);
    }
  }

  const smtp = new SMTPServer({
    // Loopback only, so no TLS and no login: the app's URL carries neither.
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    size: MAX_MESSAGE_BYTES,
    banner: 'Arbor local mail catcher',
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const mail: CapturedMail = {
            id: ulid(),
            receivedAt: new Date().toISOString(),
            from: parsed.from?.text ?? (session.envelope.mailFrom ? session.envelope.mailFrom.address : ''),
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
          };
          stored.push(mail);
          if (options.dataDir) writeFileSync(join(options.dataDir, `${mail.id}.json`), JSON.stringify(mail, null, 2));
          callback();
        })
        .catch((e: Error) => callback(e));
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(options.smtpPort, '127.0.0.1', () => resolve());
  });

  const http: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const newestFirst = () => [...stored].reverse();
    const send = (status: number, type: string, body: string, extra: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', ...extra });
      res.end(body);
    };
    if (req.method === 'GET' && url.pathname === '/messages') {
      const to = url.searchParams.get('to')?.toLowerCase();
      return send(200, 'application/json', JSON.stringify(newestFirst().filter((m) => !to || m.to.includes(to))));
    }
    const html = /^\/messages\/([0-9A-Z]{26})\/html$/.exec(url.pathname);
    if (req.method === 'GET' && html) {
      const mail = stored.find((m) => m.id === html[1]);
      // The message's own HTML, with no script and nothing fetched: what a careful mail client shows.
      if (mail) return send(200, 'text/html; charset=utf-8', mail.html, { 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:" });
    }
    if (req.method === 'GET' && url.pathname === '/') {
      return send(200, 'text/html; charset=utf-8', inboxPage(newestFirst()), { 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'" });
    }
    send(404, 'application/json', JSON.stringify({ error: 'not found' }));
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.httpPort, '127.0.0.1', () => resolve());
  });
  const smtpPort = (smtp.server.address() as { port: number }).port;
  const httpPort = (http.address() as { port: number }).port;

  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    inboxUrl: `http://127.0.0.1:${httpPort}`,
    messages: () => [...stored],
    stop: async () => {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
