// The soak's deployment, as production runs it: two `next start` instances of one production build
// behind the round-robin balancer of the resilience suite (health-checked, `x-served-by` on each
// answer), the webhook worker and the audit-stream worker as processes of their own. Each instance
// is preloaded with event-loop-probe.cjs, which samples its memory and event-loop delay to a file.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startRoundRobin, type RoundRobin } from '../../test/resilience/support/round-robin';
import { startAuditStreamWorker } from '../../scripts/local-stack/audit-stream-worker';
import { freePort } from '../../scripts/local-stack/ports';
import { startWebhookWorker, type WorkerProcess } from '../../scripts/local-stack/webhook-worker';
import { startServer, type RunningServer } from '../http/private-build';

export interface ProbeSample {
  at: number;
  pid: number;
  rss: number;
  heapUsed: number;
  loopDelay: { p50: number; p99: number; max: number; mean: number };
}

export interface SoakInstance {
  name: string;
  server: RunningServer;
  probeFile: string;
  samples(): ProbeSample[];
}

export interface Deployment {
  url: string;
  instances: SoakInstance[];
  balancer: RoundRobin;
  workers: WorkerProcess[];
  stop(): Promise<void>;
}

const PROBE = resolve('bench/soak/event-loop-probe.cjs');

/** `env`: the stack's settings and the run's secrets; the balancer listens on `port`, the app's public URL. */
export async function startDeployment(appDir: string, port: number, env: NodeJS.ProcessEnv): Promise<Deployment> {
  const instances: SoakInstance[] = [];
  const workers: WorkerProcess[] = [];
  let balancer: RoundRobin | undefined;
  const stop = async () => {
    await balancer?.close();
    await Promise.all([...instances.map((i) => i.server.stop()), ...workers.map((w) => w.stop())]);
  };
  try {
    for (const name of ['a', 'b']) {
      const instancePort = await freePort();
      const probeFile = join(tmpdir(), `arbor-soak-probe-${name}-${process.pid}.jsonl`);
      rmSync(probeFile, { force: true });
      const server = await startServer({
        cwd: appDir, port: instancePort, readyPath: '/api/health/live',
        args: ['--require', PROBE, 'node_modules/next/dist/bin/next', 'start', '-p', String(instancePort), '-H', '127.0.0.1'],
        env: { ...env, BENCH_PROBE_FILE: probeFile },
      });
      instances.push({ name, server, probeFile, samples: () => readSamples(probeFile) });
    }
    // An ALB's defaults: a 5-second timeout, out of rotation after 2 failed checks in a row, and
    // every target again when none passes (fail open).
    balancer = await startRoundRobin(port, instances.map((i) => ({ name: i.name, url: i.server.url })), { timeoutMs: 5_000, unhealthyAfter: 2, failOpen: true });
    // What seeding wrote to the stream is nobody's event: the workers start at its end.
    const workerEnv = Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => typeof e[1] === 'string'));
    for (const start of [startWebhookWorker, startAuditStreamWorker]) {
      const worker = start(workerEnv, { skipBacklog: true });
      workers.push(worker);
      await worker.ready;
    }
    return { url: balancer.url, instances, balancer, workers, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}

function readSamples(file: string): ProbeSample[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as ProbeSample);
}
