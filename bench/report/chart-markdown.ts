// The chart section's Markdown and its target: time to the first chart and frame times while
// panning and zooming at 10,000 units (bench/sections/chart.ts).
import type { ChartBenchResult, FrameFigures } from '../sections/chart';
import { num, table } from './format';
import type { TargetResult } from './results';

const ms = (x: number) => num(x, 1);

export function renderChart(c: ChartBenchResult): string[] {
  const row = (label: string, f: FrameFigures) => [
    label, num(f.frames), `${ms(f.work.p50)} / ${ms(f.work.p95)} / ${ms(f.work.p99)} / ${ms(f.work.max)}`, num(f.work.over),
    `${ms(f.interval.p50)} / ${ms(f.interval.p95)} / ${ms(f.interval.p99)} / ${ms(f.interval.max)}`, num(f.interval.over),
    `${f.longTasks.count} (${num(f.longTasks.totalMs)} ms, longest ${num(f.longTasks.maxMs)} ms)`,
  ];
  return [
    '## 12. The chart in the browser',
    '',
    `Measured ${c.measuredAt.slice(0, 16).replace('T', ' ')} UTC, load average ${c.load.before} before and ${c.load.after} after. ${c.chromium} (Playwright, \`--disable-gpu\`) at ${c.viewport} against the production build${c.buildMs ? ` (built in ${num(c.buildMs / 1000)} s)` : ''}, signed in as the owner of the ${num(c.tenantUnits)}-unit tenant, on /chart (the whole tree from the top unit). First chart: navigation start → the chart's \`chart:first-draw\` mark (its first cards on screen), over ${c.firstDrawMs.runs} cold views. Then, on the last view: 12 mouse drags across the chart (60 moves each), and 60 wheel steps in and out. For each frame, inside the page: its main-thread work (the frame's start → a task queued from its requestAnimationFrame callback, which runs when input handlers, callbacks, style, layout and paint are done) and its interval to the next frame (16.7 ms at 60 Hz; "missed" counts intervals over 1.5 frames); long tasks from the Long Tasks API.`,
    '',
    table(['measurement', 'ms'], [
      ['first chart (median, min–max)', `${num(c.firstDrawMs.median)} (${num(c.firstDrawMs.min)}–${num(c.firstDrawMs.max)})`],
      ...(c.documentMs ? [
        ['… the document\'s first byte (the server has read the tree and starts the page)', num(c.documentMs.responseStart.median)],
        ['… its last byte (the chart\'s data streamed in the page)', num(c.documentMs.responseEnd.median)],
        ['… DOMContentLoaded (scripts run, the page hydrates)', num(c.documentMs.domContentLoaded.median)],
      ] : []),
      ['cards in the DOM after it', num(c.cardsDrawn)],
    ]),
    '',
    table(['gesture', 'frames', 'work p50 / p95 / p99 / worst (ms)', 'frames working > 16.7 ms', 'interval p50 / p95 / p99 / worst (ms)', 'missed frames', 'long tasks'], [row('pan', c.pan), row('zoom', c.zoom)]),
    '',
  ];
}

export function judgeChartTargets(c: ChartBenchResult): TargetResult[] {
  const worst = Math.max(c.pan.work.p95, c.zoom.work.p95);
  const met = worst <= 16;
  return [{
    target: `The chart at ${num(c.tenantUnits)} units: frame work p95 ≤ 16 ms while panning and zooming (Chromium, production build)`,
    measured: `pan p95 ${ms(c.pan.work.p95)} ms (${c.pan.work.over} of ${c.pan.frames} frames over 16.7), zoom p95 ${ms(c.zoom.work.p95)} ms (${c.zoom.work.over} of ${c.zoom.frames}); first chart ${num(c.firstDrawMs.median)} ms; load average ${c.load.before}–${c.load.after}`,
    met,
    note: met
      ? `Only the cards in view are in the DOM (${num(c.cardsDrawn)} of ${num(c.tenantUnits)} after the first draw), so a frame's work does not grow with the tree.`
      : `Median frame work ${ms(c.pan.work.p50)} ms panning, ${ms(c.zoom.work.p50)} ms zooming; the tail is ${c.pan.work.over + c.zoom.work.over} frames over 16.7 ms and ${c.pan.longTasks.count + c.zoom.longTasks.count} long tasks (longest ${num(Math.max(c.pan.longTasks.maxMs, c.zoom.longTasks.maxMs))} ms). Frame work is wall-clock time on the page's main thread, so at a load average of ${c.load.before}–${c.load.after} it includes the time that thread waited for a core; a run sharing the cores cannot tell the chart's own cost from that wait (bench/results/chart.md).`,
  }];
}
