// The local stack's DNS server (dns2), UDP and TCP on one loopback port, for domain-ownership
// proofs: the app resolves `arbor-verification=<token>` TXT records against it exactly as against
// a real resolver. It is authoritative for the names it was given: their TXT values, NOERROR with
// no answer for other types, NXDOMAIN for every other name. Records are set in process
// (`setTxt`) or through the admin API (./admin.ts), and kept in `dataFile` when one is given.
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import { Socket } from 'node:net';
import dns2, { Packet, type DnsServer } from 'dns2';
import { freePort } from '../ports';
import { createAdminServer } from './admin';
import { characterStrings, TxtRecords } from './records';

export interface StartDnsOptions {
  /** UDP and TCP port on 127.0.0.1; 0 picks a free one. */
  port: number;
  /** Port of the admin API on 127.0.0.1; 0 picks a free one. */
  adminPort: number;
  /** JSON file the records are loaded from and saved to; in memory only when absent. */
  dataFile?: string;
  /** Bearer token of the admin API; random when absent. */
  adminToken?: string;
}

export interface LocalDnsServer {
  /** "127.0.0.1:<port>" for node:dns Resolver.setServers */
  server: string;
  adminUrl: string;
  adminToken: string;
  /** Replaces the name's TXT values; no values removes the name. */
  setTxt(name: string, values: string[]): void;
  stop(): Promise<void>;
}

const FORMERR = 1;
const NXDOMAIN = 3;

export async function startDnsServer(options: StartDnsOptions): Promise<LocalDnsServer> {
  const records = new TxtRecords(options.dataFile);
  const adminToken = options.adminToken ?? randomBytes(24).toString('base64url');
  // UDP and TCP must share the port, so a free one is chosen before either binds.
  const port = options.port || (await freePort());
  // TCP clients (long answers) may keep their connection open; stop() closes them.
  const connections = new Set<Socket>();

  const dns = dns2.createServer({
    udp: true,
    tcp: true,
    handle: (request, send, client) => {
      if (client instanceof Socket && !connections.has(client)) {
        connections.add(client);
        client.once('close', () => connections.delete(client));
      }
      // UDP's send is a promise that rejects when the client is gone; TCP's returns nothing.
      Promise.resolve(send(answer(request, records))).catch(() => undefined);
    },
  });
  await listen(dns, port);
  dns.on('error', (e) => console.error('[dns]', e));

  const admin = createAdminServer(records, adminToken);
  await listenHttp(admin, options.adminPort).catch(async (e) => {
    await dns.close();
    throw e;
  });

  return {
    server: `127.0.0.1:${port}`,
    adminUrl: `http://127.0.0.1:${(admin.address() as { port: number }).port}`,
    adminToken,
    setTxt: (name, values) => records.set(name, values),
    stop: async () => {
      for (const socket of connections) socket.destroy();
      admin.closeAllConnections();
      await Promise.all([dns.close(), new Promise<void>((resolve) => admin.close(() => resolve()))]);
    },
  };
}

/** The authoritative answer to one query. */
function answer(request: Packet, records: TxtRecords): Packet {
  const response = Packet.createResponseFromRequest(request);
  response.header.aa = 1;
  const [question] = request.questions;
  if (!question) {
    response.header.rcode = FORMERR;
    return response;
  }
  const values = records.get(question.name);
  if (!values) response.header.rcode = NXDOMAIN;
  else if (question.type === Packet.TYPE.TXT) {
    // TTL 0: records change while tests and dev run, so no resolver may cache them.
    const txt = (value: string) => new Packet.Resource({ name: question.name, type: Packet.TYPE.TXT, class: Packet.CLASS.IN, ttl: 0, data: characterStrings(value) });
    response.answers = values.map(txt);
  }
  return response;
}

function listen(dns: DnsServer, port: number): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const failed = (e: Error) => {
      try {
        void dns.close();
      } catch {
        // The transport that failed to bind cannot be closed; the other one is.
      }
      reject(e);
    };
    dns.once('error', failed);
    dns.listen({ udp: { port, address: '127.0.0.1' }, tcp: { port, address: '127.0.0.1' } }).then((addresses) => {
      dns.off('error', failed);
      resolve(addresses);
    }, failed);
  });
}

function listenHttp(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
}
