// The check API's targets (issue 34, "Speed"), judged from section 11: ratios within one run.
import type { ChecksResult } from '../sections/checks';
import type { TargetResult } from './results';

const pct = (x: number) => `${(x * 100).toFixed(0)} %`;
const times = (x: number) => `${x.toFixed(2)}×`;

export function judgeCheckTargets(c: ChecksResult): TargetResult[] {
  const out: TargetResult[] = [];
  const load = (target: string, connections: number) => c.loads.find((l) => l.target === target && l.connections === connections)?.result;
  for (const connections of [1, 20]) {
    const floor = load('bare floor: GetItem', connections);
    const one = load('check', connections);
    const route = load('App Router floor route: GetItem', connections);
    const measured = one && floor;
    const p95 = measured ? one.latencyMs.p95 / floor.latencyMs.p95 : NaN;
    const rate = measured ? one.perSecond / floor.perSecond : NaN;
    // The App Router floor route's own figures say how much of a gap is the framework's fixed cost.
    const beside = route && one
      ? ` Against the App Router floor route (p95 ${route.latencyMs.p95} ms, ${route.perSecond}/s): p95 ${times(one.latencyMs.p95 / route.latencyMs.p95)}, throughput ${pct(one.perSecond / route.perSecond)}.`
      : '';
    out.push({
      target: `Checks at ${connections} connection${connections > 1 ? 's' : ''}: p95 ≤ 2× the bare floor's p95`,
      measured: measured ? `${one.latencyMs.p95} ms against ${floor.latencyMs.p95} ms: ${times(p95)}` : 'not measured',
      met: measured ? p95 <= 2 : null,
      note: (measured
        ? p95 <= 2
          ? "A check is the subject's Query and one BatchGetItem sent together, then a decision in memory."
          : "More than the reads: the framework's fixed cost per request (the App Router floor route's own gap) and a check's two requests against the floor's one, each SigV4-verified and policy-checked by the gateway on the same cores."
        : 'The check route did not answer.') + beside,
    });
    out.push({
      target: `Checks at ${connections} connection${connections > 1 ? 's' : ''}: checks/s ≥ 50 % of the bare floor's requests/s`,
      measured: measured ? `${one.perSecond} against ${floor.perSecond}: ${pct(rate)}` : 'not measured',
      met: measured ? rate >= 0.5 : null,
      note: measured
        ? (rate >= 0.5 ? 'Within half of a bare GetItem server on the same cores.' : 'The app server, the gateway and DynamoDB Local share the cores; the route costs more CPU per request than the bare floor.') + beside
        : 'The check route did not answer.',
    });
  }
  const single = load('check', 1);
  for (const kind of ['100 subjects', 'one subject']) {
    const batch = load(`batch of 100, ${kind}`, 1);
    if (!batch || !single) continue;
    const r = batch.latencyMs.p50 / single.latencyMs.p50;
    out.push({
      target: `Checks: a batch of 100 (${kind}) ≤ 5× one check (p50, one connection)`,
      measured: `${batch.latencyMs.p50} ms against ${single.latencyMs.p50} ms: ${times(r)}`,
      met: r <= 5,
      note: r <= 5
        ? 'One Query per distinct subject and BatchGetItems of the distinct units, all in flight together.'
        : `One Query per distinct subject (${kind === 'one subject' ? 'one' : 'up to 100'}) and BatchGetItems of the distinct units, against one check's two requests: the batch's reads outweigh its one round trip.`,
    });
  }
  if (c.cost) {
    const met = c.cost.engine.maxRequests <= 2 && c.cost.cached.maxRequests === 0;
    out.push({
      target: 'Checks: at most two DynamoDB requests per check, none when the cache may answer',
      measured: `at most ${c.cost.engine.maxRequests} (mean ${c.cost.engine.requests.toFixed(2)}), ${c.cost.engine.readCapacityBilled.toFixed(2)} RCU billed; cached: at most ${c.cost.cached.maxRequests}`,
      met,
      note: met ? 'The subject\'s memberships carry their units\' paths (one Query); the target unit and the catalogue come in one BatchGetItem.' : 'A check read more than its two requests, or the cache did not answer a minimizeLatency repeat.',
    });
  }
  return out;
}
