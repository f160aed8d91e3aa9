// 12. The chart in the browser: the production build at the screens' tenant size (10,000 units),
// signed in as the owner, /chart (the whole tree from the top unit) in Chromium through
// Playwright at 1280×800: time to the first chart over cold views, then frame times while
// panning (mouse drags) and zooming (wheel) on one of them (bench/browser/chart-frames.ts).
import { loadavg } from 'node:os';
import { chromium } from '@playwright/test';
import type { BenchContext } from '../support/context';
import { summarize, type Summary } from '../support/stats';
import type { RunningServer } from '../http/private-build';
import { startSignedInApp } from '../http/signed-in-app';
import { measureChart, type FrameSamples } from '../browser/chart-frames';

/** A 60 Hz frame. */
export const FRAME_MS = 1000 / 60;

export interface FrameFigures {
  frames: number;
  durationMs: number;
  /** Frame intervals: 16.7 ms when none is dropped; `over`: intervals of more than 1.5 frames (a frame missed). */
  interval: { p50: number; p95: number; p99: number; max: number; over: number };
  /** Main-thread work per frame: the goal is p95 ≤ 16 ms; `over`: frames that worked more than 16.7 ms. */
  work: { p50: number; p95: number; p99: number; max: number; over: number };
  longTasks: FrameSamples['longTasks'];
}

export interface ChartBenchResult {
  measuredAt: string;
  tenantUnits: number;
  buildMs?: number;
  chromium: string;
  viewport: string;
  /** Navigation start → `chart:first-draw`, over cold views. */
  firstDrawMs: Summary;
  /** The document's first byte (the server has read the tree), its last byte, DOMContentLoaded; medians over the same views. */
  documentMs: { responseStart: Summary; responseEnd: Summary; domContentLoaded: Summary };
  cardsDrawn: number;
  pan: FrameFigures;
  zoom: FrameFigures;
  /** 1-minute load average before and after the measurement (a shared machine shows here). */
  load: { before: number; after: number };
}

const at = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? 0;

export function frameFigures(s: FrameSamples): FrameFigures {
  const figures = (values: number[], limit: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    return { p50: at(sorted, 0.5), p95: at(sorted, 0.95), p99: at(sorted, 0.99), max: sorted.at(-1) ?? 0, over: values.filter((v) => v > limit).length };
  };
  return { frames: s.intervals.length, durationMs: s.durationMs, interval: figures(s.intervals, FRAME_MS * 1.5), work: figures(s.work, 16.7), longTasks: s.longTasks };
}

export async function runChart(ctx: BenchContext, appPort: number): Promise<ChartBenchResult> {
  const tenant = ctx.tenants.get(ctx.options.screenSize)!;
  const servers: RunningServer[] = [];
  const viewport = { width: 1280, height: 800 };
  try {
    const { buildMs, app, signedIn } = await startSignedInApp(ctx, 'chart', tenant, appPort, servers);
    const [name, ...rest] = signedIn.cookie.split('=');
    // The server's first request to the route loads its code; no measured view should pay for that.
    await fetch(`${app.url}/chart`, { headers: { cookie: signedIn.cookie } }).then((r) => r.text());
    const browser = await chromium.launch({ executablePath: process.env.ARBOR_CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
    try {
      const before = Number(loadavg()[0].toFixed(2));
      const views = [];
      const runs = Math.max(1, ctx.options.runs);
      for (let run = 0; run < runs; run++) {
        const context = await browser.newContext({ viewport });
        await context.addCookies([{ name, value: rest.join('='), url: app.url }]);
        try {
          // The gestures on the last view only: the others time the first chart.
          views.push(await measureChart(context, `${app.url}/chart`, run === runs - 1));
        } finally {
          await context.close();
        }
        const v = views.at(-1)!;
        ctx.log(`chart: view ${run + 1}: first chart ${v.firstDrawMs.toFixed(0)} ms (document first byte ${v.documentMs.responseStart.toFixed(0)}, last byte ${v.documentMs.responseEnd.toFixed(0)}, DOMContentLoaded ${v.documentMs.domContentLoaded.toFixed(0)}), ${v.cardsDrawn} cards drawn`);
      }
      const last = views.at(-1)!;
      const result: ChartBenchResult = {
        measuredAt: new Date().toISOString(), tenantUnits: ctx.options.screenSize, buildMs, chromium: browser.version(),
        viewport: `${viewport.width}×${viewport.height}`,
        firstDrawMs: summarize(views.map((v) => v.firstDrawMs)),
        documentMs: {
          responseStart: summarize(views.map((v) => v.documentMs.responseStart)),
          responseEnd: summarize(views.map((v) => v.documentMs.responseEnd)),
          domContentLoaded: summarize(views.map((v) => v.documentMs.domContentLoaded)),
        },
        cardsDrawn: last.cardsDrawn,
        pan: frameFigures(last.pan), zoom: frameFigures(last.zoom),
        load: { before, after: Number(loadavg()[0].toFixed(2)) },
      };
      for (const kind of ['pan', 'zoom'] as const) {
        const f = result[kind];
        ctx.log(`chart: ${kind}: ${f.frames} frames, work p50 ${f.work.p50.toFixed(1)} p95 ${f.work.p95.toFixed(1)} p99 ${f.work.p99.toFixed(1)} max ${f.work.max.toFixed(1)} ms; intervals p95 ${f.interval.p95.toFixed(1)} ms, ${f.interval.over} over 16.7 ms; ${f.longTasks.count} long tasks`);
      }
      return result;
    } finally {
      await browser.close();
    }
  } finally {
    for (const s of servers.reverse()) await s.stop();
  }
}
