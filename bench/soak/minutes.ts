// The soak minute by minute: the gateway's DynamoDB counters and the load average read at each
// minute's end, the requests cut into minutes by when they started, and each instance's memory and
// event-loop delay from its probe's 5-second windows.
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BenchContext } from '../support/context';
import type { SoakInstance } from './instances';
import type { Sample } from './recorder';
import type { SoakMinute } from './result';

export interface Mark {
  at: number;
  dynamoRequests: number;
  dynamoRetries: number;
  load: number;
}

export class MinuteClock {
  readonly marks: Mark[] = [];
  constructor(private readonly ctx: BenchContext, private readonly deployment: { instances: SoakInstance[] }, private readonly started: number, private readonly minutes: number) {
    this.mark();
  }

  private mark() {
    const stats = this.ctx.stack.aws.stats();
    this.marks.push({ at: Date.now(), dynamoRequests: stats.requests, dynamoRetries: stats.retries, load: loadavg()[0] });
  }

  async run(until: number, log: (line: string) => void) {
    for (let m = 1; m <= this.minutes; m++) {
      await sleep(Math.max(0, Math.min(until, this.started + m * 60_000) - Date.now()));
      this.mark();
      const rss = this.deployment.instances.map((i) => `${i.name} ${Math.round((i.samples().at(-1)?.rss ?? 0) / 2 ** 20)} MB`).join(', ');
      log(`minute ${m}: ${this.marks[m].dynamoRequests - this.marks[m - 1].dynamoRequests} DynamoDB requests, RSS ${rss}, load average ${this.marks[m].load.toFixed(2)}`);
    }
  }

  load() {
    const loads = this.marks.map((m) => m.load);
    const round = (x: number) => Math.round(x * 100) / 100;
    return { start: round(loads[0]), end: round(loads.at(-1)!), meanDuringSoak: round(loads.slice(1).reduce((a, b) => a + b, 0) / Math.max(1, loads.length - 1)) };
  }
}

const at = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
const round = (x: number, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;

export function cutMinutes(samples: Sample[], marks: Mark[], instances: SoakInstance[], started: number, minutes: number, events: { at: number; text: string }[]): SoakMinute[] {
  const out: SoakMinute[] = [];
  for (let m = 1; m <= minutes; m++) {
    const from = started + (m - 1) * 60_000;
    const to = started + m * 60_000;
    const inMinute = samples.filter((s) => s.at >= from && s.at < to);
    const sorted = inMinute.map((s) => s.ms).sort((a, b) => a - b);
    const byKind: Record<string, number> = {};
    for (const s of inMinute) byKind[s.kind] = (byKind[s.kind] ?? 0) + 1;
    out.push({
      minute: m, requests: inMinute.length, perSecond: round(inMinute.length / 60),
      latencyMs: { p50: round(at(sorted, 0.5)), p95: round(at(sorted, 0.95)), p99: round(at(sorted, 0.99)), max: round(sorted.at(-1) ?? 0) },
      errors: inMinute.filter((s) => !s.ok).length, byKind,
      dynamoRequests: (marks[m]?.dynamoRequests ?? 0) - (marks[m - 1]?.dynamoRequests ?? 0),
      dynamoRetries: (marks[m]?.dynamoRetries ?? 0) - (marks[m - 1]?.dynamoRetries ?? 0),
      instances: instances.map((i) => {
        const windows = i.samples().filter((s) => s.at > from && s.at <= to);
        const last = windows.at(-1);
        return {
          name: i.name, rssMb: round((last?.rss ?? 0) / 2 ** 20), heapMb: round((last?.heapUsed ?? 0) / 2 ** 20),
          loopDelayP99Ms: round(Math.max(0, ...windows.map((w) => w.loopDelay.p99)), 2),
          loopDelayMeanMs: round(windows.reduce((n, w) => n + w.loopDelay.mean, 0) / Math.max(1, windows.length), 2),
        };
      }),
      ...(marks[m] ? { load: round(marks[m].load, 2) } : {}),
      events: events.filter((e) => e.at >= from && e.at < to).map((e) => e.text),
    });
  }
  return out;
}
