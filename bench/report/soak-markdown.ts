// Section 13 of latest.md: the soak, minute by minute, and its targets.
import type { DeliveryCount, SoakMinute, SoakResult } from '../soak/result';
import { num, table } from './format';
import type { TargetResult } from './results';

const mb = (x: number) => num(x, 0);
const ms = (x: number) => num(x, x < 10 ? 1 : 0);

export function soakTable(s: SoakResult): string {
  const names = s.minutesMeasured[0]?.instances.map((i) => i.name) ?? [];
  return table(
    ['minute', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'DynamoDB req (retries)', ...names.map((n) => `${n}: RSS MB, loop p99 ms`), 'load', 'also'],
    s.minutesMeasured.map((m) => [
      m.minute, num(m.perSecond, 1), ms(m.latencyMs.p50), ms(m.latencyMs.p95), ms(m.latencyMs.p99), m.errors, `${num(m.dynamoRequests)} (${m.dynamoRetries})`,
      ...m.instances.map((i) => `${mb(i.rssMb)}, ${num(i.loopDelayP99Ms, 1)}`), m.load === undefined ? '–' : num(m.load, 1), m.events.join('; '),
    ]),
  );
}

export function renderSoak(s: SoakResult): string[] {
  const kinds = Object.entries(s.totals.byKind).map(([k, n]) => `${num(n)} ${k}`).join(', ');
  const out = [
    '## 13. Soak',
    '',
    `Measured ${s.measuredAt.slice(0, 16).replace('T', ' ')} UTC: ${s.minutes} minutes, two \`next start\` instances of the production build${s.buildMs ? ` (built in ${num(s.buildMs / 1000)} s)` : ''} behind the round-robin balancer of the resilience suite, the webhook and audit-stream workers as their own processes. ` +
      `${s.tenants} organizations of ${num(s.unitsPerTenant)} units; ${s.people} people signed in through the local IdP viewing console pages (tree, unit, members, member, audit), ${s.apiKeys} API keys (per organization an integration reading, creating, renaming and moving units and adding people to them, and an application asking the check API). ` +
      `A SCIM sync of ${s.scim.users} users and ${s.scim.groups} groups in minute ${s.scim.minute}, a change set of ${s.changeSet.operations} operations applied by its owner in minute ${s.changeSet.minute} (${s.changeSet.state}, ${num(s.changeSet.applyMs / 1000, 1)} s). ` +
      `Requests: ${num(s.totals.requests)} (${kinds}), ${s.totals.errors} errors. Latency is per request, to its last byte, through the balancer; DynamoDB requests are counted at the IAM gateway (instances, workers and the bench's drafting of the change set), retries by the SDK's attempt header. ` +
      `RSS and event-loop delay come from a preload in each instance (bench/soak/event-loop-probe.cjs), sampled every 5 s: RSS at the minute's end, loop delay the worst 5-second window's p99. Load average ${s.load.start} at the start, ${s.load.end} at the end, ${s.load.meanDuringSoak} on average at the minutes' ends.`,
    '',
    soakTable(s),
    '',
    `Deliveries after the traffic, against the audit log: webhooks ${delivery(s.webhooks)}; audit stream ${delivery(s.auditStream)}.`,
    '',
  ];
  if (s.totals.firstErrors.length) out.push('First errors:', '', ...s.totals.firstErrors.map((e) => `- ${e}`), '');
  return out;
}

const delivery = (d: DeliveryCount) =>
  `${num(d.delivered)} of ${num(d.expected)} delivered, ${d.missing} missing, ${d.duplicates} duplicates, ${d.unexpected} unexpected${d.drainSeconds >= 0 ? `, the last ${num(d.drainSeconds, 1)} s after the traffic ended` : ''}`;

/** RSS growth of each instance from the end of the first minute (warm-up) to the end of the last. */
export function rssGrowth(s: SoakResult) {
  const first = s.minutesMeasured[0];
  const last = s.minutesMeasured.at(-1)!;
  return (first?.instances ?? []).map((i) => {
    const end = last.instances.find((x) => x.name === i.name)!;
    return { name: i.name, from: i.rssMb, to: end.rssMb, growth: i.rssMb ? end.rssMb / i.rssMb - 1 : Number.POSITIVE_INFINITY };
  });
}

/**
 * What the RSS growth is made of, per instance: the JavaScript heap in use at the end against
 * its least over minutes 2–3 (live objects: a leak grows it), and RSS from the end of minute 2
 * (V8 keeps the pages its heap grew into, so RSS climbs to a working size and stays there).
 */
function growthMadeOf(s: SoakResult): string {
  const settled = s.minutesMeasured.slice(1, 3);
  const last = s.minutesMeasured.at(-1)!;
  if (settled.length === 0) return '';
  return last.instances
    .map((end) => {
      const at = settled.map((m) => m.instances.find((x) => x.name === end.name)!).filter(Boolean);
      const heap = Math.min(...at.map((x) => x.heapMb));
      const rss = at[0].rssMb;
      return `${end.name}: JavaScript heap in use ${mb(heap)} MB at minutes 2–3, ${mb(end.heapMb)} MB at the end; RSS from the end of minute 2 ${mb(rss)} → ${mb(end.rssMb)} MB (${end.rssMb >= rss ? '+' : ''}${num((end.rssMb / rss - 1) * 100, 1)} %)`;
    })
    .join('; ');
}

export function judgeSoakTargets(s: SoakResult): TargetResult[] {
  const first = s.minutesMeasured[0];
  const last = s.minutesMeasured.at(-1)!;
  const p99Ratio = last.latencyMs.p99 / first.latencyMs.p99;
  const growth = rssGrowth(s);
  const loadNote = `Load average ${s.load.meanDuringSoak} on average during the soak (2 cores shared with other work).`;
  const worstMinute = s.minutesMeasured.reduce((a, b) => (b.latencyMs.p99 > a.latencyMs.p99 ? b : a));
  return [
    {
      target: `Soak: 0 errors over ${s.minutes} minutes of mixed traffic`,
      measured: `${s.totals.errors} errors in ${num(s.totals.requests)} requests`,
      met: s.totals.errors === 0,
      note: s.totals.errors === 0
        ? 'Every page view, API read and write, check, SCIM request and the change set answered as expected through the balancer, on either instance.'
        : `First: ${s.totals.firstErrors.slice(0, 3).join(' | ')}`,
    },
    {
      target: "Soak: the last minute's p99 ≤ 1.5× the first's",
      measured: `${ms(last.latencyMs.p99)} ms against ${ms(first.latencyMs.p99)} ms: ${num(p99Ratio, 2)}× (the worst minute, ${worstMinute.minute}, ${ms(worstMinute.latencyMs.p99)} ms)`,
      met: p99Ratio <= 1.5,
      note: p99Ratio <= 1.5
        ? `Latency holds: nothing accumulates per request (caches are bounded, lists paged). ${loadNote}`
        : `${loadNote} Compare the minute's load average and DynamoDB requests in the table: a p99 that follows them is the shared machine, one that climbs while they stay is the app.`,
    },
    {
      target: 'Soak: RSS growth after warm-up (end of the first minute to the end of the last) ≤ 10 % per instance',
      measured: growth.map((g) => `${g.name} ${mb(g.from)} → ${mb(g.to)} MB (${g.growth >= 0 ? '+' : ''}${num(g.growth * 100, 1)} %)`).join('; '),
      met: growth.length > 0 && growth.every((g) => g.growth <= 0.1),
      note: growth.every((g) => g.growth <= 0.1)
        ? 'Memory settles after the first minute: per-tenant credentials, caches and connection pools are bounded.'
        : `Growth beyond the first minute, told apart: ${growthMadeOf(s)}. A heap in use that ends where it stood after the warm-up is no leak; RSS that rises to a level and holds there is V8 keeping the pages its heap grew into (the RSS column minute by minute).`,
    },
    {
      target: 'Soak: every webhook event and every audit entry delivered exactly once',
      measured: `webhooks ${delivery(s.webhooks)}; audit stream ${delivery(s.auditStream)}`,
      met: [s.webhooks, s.auditStream].every((d) => d.expected > 0 && d.missing === 0 && d.duplicates === 0 && d.unexpected === 0),
      note: 'Counted by id at the receivers (signatures checked) against the audit log read from DynamoDB after the traffic: webhook ids are the audit entries\' ids of the event kinds, the audit stream sends every entry after the destination\'s start. Delivery is at least once; in a clean run (no instance or worker killed) nothing should arrive twice.',
    },
  ];
}
