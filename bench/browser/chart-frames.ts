// The chart page in Chromium, measured inside the page: time to the first chart (navigation
// start → the `chart:first-draw` mark the chart sets when its first cards are on screen), then
// frames while a person pans (mouse drags) and zooms (the wheel). For every frame: its interval
// (requestAnimationFrame to the next; 16.7 ms at 60 Hz when nothing is dropped) and its
// main-thread work (the frame's start → a task queued from its rAF callback, which runs once the
// frame's input handlers, callbacks, style, layout and paint are done). Long tasks (> 50 ms)
// from the Long Tasks API.
import type { BrowserContext, Page } from '@playwright/test';

export interface FrameSamples {
  /** Milliseconds between consecutive frames. */
  intervals: number[];
  /** Milliseconds of main-thread work per frame. */
  work: number[];
  longTasks: { count: number; totalMs: number; maxMs: number };
  durationMs: number;
}

export interface ChartView {
  firstDrawMs: number;
  /** Where the time to the first chart went: the document's first and last byte (the server reads and renders the chart's data into it), then the page's scripts. */
  documentMs: { responseStart: number; responseEnd: number; domContentLoaded: number };
  /** Cards in the DOM after the first draw (the chart draws only those in view). */
  cardsDrawn: number;
  pan: FrameSamples;
  zoom: FrameSamples;
}

/** Installed before any page script (a string: tsx would wrap a function's inner arrows in a helper the page lacks). */
const RECORDER = `(function () {
  var f = { on: false, startedAt: 0, intervals: [], work: [], longTasks: [] };
  window.__chartFrames = f;
  try {
    new PerformanceObserver(function (list) {
      list.getEntries().forEach(function (e) { f.longTasks.push({ start: e.startTime, duration: e.duration }); });
    }).observe({ type: 'longtask', buffered: true });
  } catch (e) {}
  var last;
  function tick(ts) {
    if (f.on) {
      if (last !== undefined) f.intervals.push(ts - last);
      last = ts;
      var channel = new MessageChannel();
      channel.port1.onmessage = function () { if (f.on) f.work.push(performance.now() - ts); };
      channel.port2.postMessage(0);
    } else last = undefined;
    requestAnimationFrame(tick);
  }
  requestAnimationFrame(tick);
})()`;

const START = `(function () { var f = window.__chartFrames; f.intervals = []; f.work = []; f.startedAt = performance.now(); f.on = true; })()`;
const STOP = `(function () {
  var f = window.__chartFrames; f.on = false;
  var end = performance.now();
  var tasks = f.longTasks.filter(function (t) { return t.start >= f.startedAt && t.start <= end; });
  return {
    intervals: f.intervals, work: f.work, durationMs: end - f.startedAt,
    longTasks: {
      count: tasks.length,
      totalMs: tasks.reduce(function (s, t) { return s + t.duration; }, 0),
      maxMs: tasks.reduce(function (m, t) { return Math.max(m, t.duration); }, 0),
    },
  };
})()`;
const DOCUMENT = `(function () { var n = performance.getEntriesByType('navigation')[0]; return { responseStart: n.responseStart, responseEnd: n.responseEnd, domContentLoaded: n.domContentLoadedEventEnd }; })()`;
const FIRST_DRAW = `(function () { var e = performance.getEntriesByName('chart:first-draw')[0]; return e ? e.startTime : null; })()`;

const settle = (page: Page, ms: number) => page.waitForTimeout(ms);

/** Drags across the chart and back, `rounds` times, one mouse event per step (the pace CDP allows). */
async function pan(page: Page, box: { x: number; y: number; width: number; height: number }, rounds: number) {
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const reach = Math.min(box.width, box.height) * 0.4;
  for (let r = 0; r < rounds; r++) {
    for (const [dx, dy] of [[-1, -0.5], [1, 0.5], [1, -0.5], [-1, 0.5]] as const) {
      await page.mouse.move(cx, cy);
      await page.mouse.down();
      for (let i = 1; i <= 60; i++) await page.mouse.move(cx + (dx * reach * i) / 60, cy + (dy * reach * i) / 60);
      await page.mouse.up();
    }
  }
}

/** Wheel steps in, then out, over the middle of the chart. */
async function zoom(page: Page, box: { x: number; y: number; width: number; height: number }, rounds: number) {
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let r = 0; r < rounds; r++) {
    for (const delta of [-100, 100]) {
      for (let i = 0; i < 15; i++) {
        await page.mouse.wheel(0, delta);
        await settle(page, 16);
      }
    }
  }
}

/** One cold view of `path` (a fresh context: no cache), then the gestures. */
export async function measureChart(context: BrowserContext, url: string, gestures: boolean): Promise<ChartView> {
  const page = await context.newPage();
  await page.addInitScript(RECORDER);
  await page.goto(url, { waitUntil: 'commit' });
  // Polled from outside: waitForFunction would build a function in the page, which its CSP forbids.
  let firstDrawMs: number | null = null;
  for (const deadline = Date.now() + 120_000; firstDrawMs === null && Date.now() < deadline; await settle(page, 20)) {
    firstDrawMs = (await page.evaluate(FIRST_DRAW)) as number | null;
  }
  if (firstDrawMs === null) throw new Error(`${url}: no chart:first-draw mark within 120 s`);
  const documentMs = (await page.evaluate(DOCUMENT)) as ChartView['documentMs'];
  const canvas = page.locator('[data-chart-canvas]');
  const cardsDrawn = await page.locator('[data-chart-canvas] [role="treeitem"]').count();
  const empty: FrameSamples = { intervals: [], work: [], longTasks: { count: 0, totalMs: 0, maxMs: 0 }, durationMs: 0 };
  if (!gestures) {
    await page.close();
    return { firstDrawMs, documentMs, cardsDrawn, pan: empty, zoom: empty };
  }
  await page.waitForLoadState('networkidle');
  await settle(page, 1000);
  const box = (await canvas.boundingBox())!;
  await page.evaluate(START);
  await pan(page, box, 3);
  await settle(page, 300);
  const panned = (await page.evaluate(STOP)) as FrameSamples;
  await page.evaluate(START);
  await zoom(page, box, 2);
  await settle(page, 300);
  const zoomed = (await page.evaluate(STOP)) as FrameSamples;
  await page.close();
  return { firstDrawMs, documentMs, cardsDrawn, pan: panned, zoom: zoomed };
}
