// A closed-loop load generator for the checks section, run as its own process (so it shares no
// event loop with the gateway and emulator in the bench process): `connections` keep-alive
// connections, each sending its next request as soon as the last one answered, for `seconds`;
// each request's body drawn at random from `bodies` (random subjects, permissions and units),
// latency timed per request with a sub-millisecond clock (autocannon's are whole milliseconds
// and it has no p95). Reads its job as JSON from the file named by argv[2]; prints the result as
// one JSON line.
import { Agent, request } from 'node:http';
import { readFileSync } from 'node:fs';

export interface LoadJob {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  /** Bodies to draw from (POST); none for a GET. */
  bodies?: string[];
  connections: number;
  seconds: number;
  warmupSeconds: number;
}

export interface LoopResult {
  requests: number;
  seconds: number;
  perSecond: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number; mean: number };
  non2xx: number;
  errors: number;
  /** Status and start of the first answer that was not 2xx, to say why. */
  firstFailure?: string;
}

const job = JSON.parse(readFileSync(process.argv[2], 'utf8')) as LoadJob;
const agent = new Agent({ keepAlive: true, maxSockets: job.connections });
const target = new URL(job.url);

function send(body: string | undefined): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { ...job.headers };
    if (body !== undefined) headers['content-length'] = Buffer.byteLength(body);
    const req = request({ agent, host: target.hostname, port: target.port, path: target.pathname + target.search, method: job.method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text.length < 500 ? (text += d) : undefined));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const pick = () => (job.bodies?.length ? job.bodies[Math.floor(Math.random() * job.bodies.length)] : undefined);

async function run(seconds: number) {
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  let firstFailure: string | undefined;
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: job.connections }, async () => {
      while (performance.now() < until) {
        const t = performance.now();
        try {
          const r = await send(pick());
          latencies.push(performance.now() - t);
          if (r.status < 200 || r.status >= 300) {
            non2xx++;
            firstFailure ??= `${r.status} ${r.text.slice(0, 300)}`;
          }
        } catch (e) {
          errors++;
          firstFailure ??= (e as Error).message;
        }
      }
    }),
  );
  return { latencies, non2xx, errors, firstFailure, elapsed: (performance.now() - started) / 1000 };
}

const at = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
const round = (x: number) => Math.round(x * 100) / 100;

await run(job.warmupSeconds);
const { latencies, non2xx, errors, firstFailure, elapsed } = await run(job.seconds);
const sorted = [...latencies].sort((a, b) => a - b);
const result: LoopResult = {
  requests: latencies.length, seconds: round(elapsed), perSecond: round(latencies.length / elapsed),
  latencyMs: {
    p50: round(at(sorted, 0.5)), p95: round(at(sorted, 0.95)), p99: round(at(sorted, 0.99)), max: round(sorted[sorted.length - 1] ?? 0),
    mean: round(latencies.reduce((a, b) => a + b, 0) / Math.max(1, latencies.length)),
  },
  non2xx, errors, ...(firstFailure ? { firstFailure } : {}),
};
agent.destroy();
console.log(JSON.stringify(result));
