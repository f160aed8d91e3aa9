// Section 11 of latest.md: the check API under load beside its floors, a batch, list units, and
// what one check costs.
import type { ChecksLoad, ChecksResult } from '../sections/checks';
import { num, table } from './format';

const cost = (c: { requests: number; maxRequests: number; byCommand: Record<string, number>; readCapacityBilled: number; readCapacity: number }) =>
  `${num(c.requests, 2)} (at most ${c.maxRequests}: ${Object.entries(c.byCommand).map(([op, n]) => `${num(n, 2)} ${op}`).join(', ') || 'none'}); ${num(c.readCapacity, 2)} RCU as reported, ${num(c.readCapacityBilled, 2)} billed`;

export function renderChecks(c: ChecksResult): string[] {
  const row = (l: ChecksLoad) => [
    l.target, num(l.connections), num(l.result.perSecond), num(l.result.latencyMs.p50, 2), num(l.result.latencyMs.p95, 2), num(l.result.latencyMs.p99, 2),
    num(l.result.requests), num(l.result.non2xx + l.result.errors),
  ];
  const out = [
    '## 11. Checks',
    '',
    `Measured ${c.measuredAt.slice(0, 16).replace('T', ' ')} UTC against the production build${c.buildMs ? ` (built in ${num(c.buildMs / 1000)} s)` : ''}, a check key (admin on the top unit; \`GET /api/v1/units/{id}\` with a full key). ` +
      `Tenant: ${num(c.tenant.units)} units (depth up to ${c.tenant.maxDepth}), ${num(c.tenant.people)} people, ${num(c.tenant.memberships)} memberships, ${c.tenant.roles} custom roles over ${c.tenant.tenantPermissions} tenant permissions (${num(c.tenant.withCustomRole)} memberships hold one). ` +
      `Each check asks about a random person, permission (Arbor's or the tenant's) and unit; closed loops (each connection sends its next request when the last one answered) for ${num(c.seconds)} s after a warm-up, latencies timed per request (bench/http/load-loop.ts). ` +
      'Floors in the same run: a bare node:http server making one strongly consistent GetItem through the tenant-scoped client, and the App Router floor route (the same GetItem in a route handler of the same build); `GET /api/v1/units/{id}` adds the API key, the rate limit and a decision.',
    '',
    table(['target', 'connections', 'per second', 'p50 ms', 'p95 ms', 'p99 ms', 'requests', 'failed'], c.loads.map(row)),
    '',
  ];
  if (c.cost) {
    out.push(
      `A check's cost, ${c.cost.engine.samples} random checks through the engine in the bench process (metered): fully consistent ${cost(c.cost.engine)}; the same again with minimizeLatency ${cost(c.cost.cached)}; with explain ${cost(c.cost.explained)}. ` +
        `Through the route, one at a time, at the gateway: ${Object.entries(c.cost.route).map(([op, n]) => `${num(n, 1)} ${op}`).join(', ') || 'nothing counted'}.`,
      '',
    );
  }
  if (c.missing.length) out.push('Not measured:', '', ...c.missing.map((m) => `- ${m}`), '');
  return out;
}
