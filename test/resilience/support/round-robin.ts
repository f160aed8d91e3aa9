// A load balancer in front of several app instances, as an ALB is: requests go round-robin to the
// targets that pass their health check (GET /api/health/live every 250 ms), and each answer says
// which target served it (`x-served-by`), so a test can see edits alternate.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createProxyServer } from 'http-proxy-3';

export interface Target {
  name: string;
  url: string;
}

export interface RoundRobin {
  url: string;
  /** Names of the targets now in rotation. */
  healthy(): string[];
  close(): Promise<void>;
}

/**
 * How a target is judged: the health check's timeout and how many failed checks in a row take it
 * out of rotation (an ALB's "unhealthy threshold"). The suite's defaults drop a target at its
 * first failed check; the bench's soak, on a loaded machine, allows slow answers as an ALB does.
 */
export interface HealthCheck {
  timeoutMs: number;
  unhealthyAfter: number;
  /** With every target out of rotation, send to all of them (an ALB fails open) rather than answer 503. */
  failOpen?: boolean;
}

export async function startRoundRobin(port: number, targets: Target[], health: HealthCheck = { timeoutMs: 1_000, unhealthyAfter: 1 }): Promise<RoundRobin> {
  const proxy = createProxyServer({ xfwd: true });
  const up = new Set(targets.map((t) => t.name));
  const failedChecks = new Map<string, number>();
  let next = 0;

  proxy.on('proxyRes', (answer, req) => {
    answer.headers['x-served-by'] = (req as { servedBy?: string }).servedBy ?? '';
  });

  const server: Server = createServer((req, res) => {
    const healthy = targets.filter((t) => up.has(t.name));
    const live = healthy.length === 0 && health.failOpen ? targets : healthy;
    if (live.length === 0) return void res.writeHead(503).end('no healthy target');
    const target = live[next++ % live.length];
    (req as { servedBy?: string }).servedBy = target.name;
    proxy.web(req, res, { target: target.url }, () => {
      up.delete(target.name); // it died between two health checks
      if (!res.headersSent) res.writeHead(502).end('target failed');
    });
  });

  const check = setInterval(() => {
    for (const t of targets) {
      const failed = () => {
        const n = (failedChecks.get(t.name) ?? 0) + 1;
        failedChecks.set(t.name, n);
        if (n >= health.unhealthyAfter) up.delete(t.name);
      };
      fetch(`${t.url}/api/health/live`, { signal: AbortSignal.timeout(health.timeoutMs) })
        .then((r) => (r.ok ? (failedChecks.set(t.name, 0), up.add(t.name)) : failed()))
        .catch(failed);
    }
  }, 250);

  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    healthy: () => targets.filter((t) => up.has(t.name)).map((t) => t.name),
    async close() {
      clearInterval(check);
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      proxy.close();
    },
  };
}
