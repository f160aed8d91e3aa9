// 5. Click to content: what a person waits for in the browser. The production build (`next
// start`, as the HTTP section runs it) at the screens' tenant size, Chromium (Playwright, the
// e2e suite's browser) signed in with a real session, on the tree page: each run clicks another
// unit in the tree and times, inside the page (performance.now(), so Playwright's own round trips
// don't count), the click → the top progress bar on screen → the unit's heading on screen.
// Every run opens a unit not opened before, so no run reuses the client's cache of a page.
import { chromium } from '@playwright/test';
import type { BenchContext } from '../support/context';
import { summarize, type Summary } from '../support/stats';
import type { RunningServer } from '../http/private-build';
import { startSignedInApp } from '../http/signed-in-app';

export interface ClickRun {
  unit: string;
  /** Click → progress bar in the page. */
  feedbackMs: number;
  /** Click → the unit's heading in the page. */
  contentMs: number;
}

export interface ClicksResult {
  tenantUnits: number;
  buildMs?: number;
  viewport: string;
  runs: ClickRun[];
  feedbackMs: Summary;
  contentMs: Summary;
}

declare global {
  interface Window {
    __clickBench?: { clickAt?: number; feedbackAt?: number; contentAt?: number };
  }
}

/** Installed in the page before each click: notes the click, the bar and the heading as they appear. */
const WATCH = `function (target) {
  var state = {};
  window.__clickBench = state;
  // On window, capturing: before the progress bar's own listener on document.
  window.addEventListener('click', function () { if (state.clickAt === undefined) state.clickAt = performance.now(); }, { capture: true, once: true });
  var observer = new MutationObserver(function () {
    var now = performance.now();
    if (state.clickAt === undefined) return;
    if (state.feedbackAt === undefined && document.querySelector('[role="progressbar"]')) state.feedbackAt = now;
    var h1 = document.querySelector('h1');
    if (state.contentAt === undefined && h1 && h1.textContent.trim() === target) state.contentAt = now;
    if (state.feedbackAt !== undefined && state.contentAt !== undefined) observer.disconnect();
  });
  observer.observe(document.body, { subtree: true, childList: true, characterData: true });
}`;

export async function runClicks(ctx: BenchContext, appPort: number): Promise<ClicksResult> {
  const tenant = ctx.tenants.get(ctx.options.screenSize)!;
  const servers: RunningServer[] = [];
  const browser = await chromium.launch({ executablePath: process.env.ARBOR_CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const { buildMs, app, signedIn } = await startSignedInApp(ctx, 'clicks', tenant, appPort, servers);
    const [name, ...rest] = signedIn.cookie.split('=');

    const viewport = { width: 1280, height: 800 };
    const context = await browser.newContext({ viewport });
    await context.addCookies([{ name, value: rest.join('='), url: app.url }]);
    const page = await context.newPage();
    await page.goto(app.url + '/');
    const tree = page.getByRole('tree', { name: 'Organization tree' });
    await tree.waitFor();
    // The top unit's children, in tree order: one per run, each opened once.
    const names = (await tree.getByRole('treeitem').evaluateAll((rows) =>
      rows.filter((r) => r.getAttribute('aria-level') === '2').map((r) => r.querySelector('a')?.textContent?.trim() ?? ''),
    )).filter(Boolean);
    const count = Math.min(names.length, ctx.options.quick ? 5 : 15);
    if (count < 2) throw new Error(`the tree shows ${names.length} units under the top one`);

    const runs: ClickRun[] = [];
    for (const unit of names.slice(0, count + 1)) {
      // A string, not a function: tsx would wrap a function's inner arrows in a helper the page lacks.
      await page.evaluate(`(${WATCH})(${JSON.stringify(unit)})`);
      await tree.getByRole('treeitem', { name: unit, exact: true }).getByRole('link').click();
      await page.getByRole('heading', { level: 1, name: unit, exact: true }).waitFor();
      const t = await page.evaluate(() => window.__clickBench!);
      // The first click warms the server's and the browser's code paths; it is not counted.
      if (unit !== names[0]) runs.push({ unit, feedbackMs: (t.feedbackAt ?? t.contentAt!) - t.clickAt!, contentMs: t.contentAt! - t.clickAt! });
    }
    ctx.log(`clicks: ${runs.length} clicks, content median ${summarize(runs.map((r) => r.contentMs)).median.toFixed(0)} ms`);
    await context.close();
    return {
      tenantUnits: ctx.options.screenSize, buildMs, viewport: `${viewport.width}×${viewport.height}`, runs,
      feedbackMs: summarize(runs.map((r) => r.feedbackMs)), contentMs: summarize(runs.map((r) => r.contentMs)),
    };
  } finally {
    await browser.close();
    for (const s of servers.reverse()) await s.stop();
  }
}
