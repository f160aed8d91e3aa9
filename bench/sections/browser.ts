// 9. In the browser: what the console costs a person's browser. The production build at the
// screens' tenant size, signed in as the owner, on every console page (bench/browser/console-pages.ts):
// Lighthouse (mobile and desktop) driving Debian's Chromium, the median of --runs runs; then, in
// Chromium through Playwright with a cold cache, the scripts each first load downloads and the
// router fetches (prefetches) a view makes while the pointer stays still, and after it rests on
// one link.
import { chromium } from '@playwright/test';
import type { BenchContext } from '../support/context';
import type { RunningServer } from '../http/private-build';
import { startSignedInApp } from '../http/signed-in-app';
import { auditPage, CATEGORIES, launchChromeForLighthouse, REPORT_DIR, type FormFactor, type LighthouseFigures } from '../browser/lighthouse-audit';
import { viewPage, type PageView } from '../browser/page-view';
import type { PreviousFirstLoadJs } from '../browser/previous-first-load';
import { CONSOLE_PAGES, makeConsoleRecords } from '../browser/console-pages';

export interface LighthouseRow {
  page: string;
  path: string;
  formFactor: FormFactor;
  /** Performance scores of each run; the figures are the median run's (accessibility and best practices from the first, which audits all three). */
  performanceRuns: number[];
  figures: LighthouseFigures;
}

export interface BrowserResult {
  measuredAt: string;
  tenantUnits: number;
  buildMs?: number;
  chromium: string;
  lighthouseVersion: string;
  lighthouse: LighthouseRow[];
  /** Playwright page views (1280×800, cold cache) of the pages Lighthouse audits. */
  views: PageView[];
  /** The previous results' first-load figures (bench/run.ts reads them before overwriting). */
  previousFirstLoadJs?: PreviousFirstLoadJs;
  /** Why the first-load JavaScript grew, when it did on purpose (ARBOR_BENCH_JS_REASON). */
  firstLoadJsReason?: string;
}

const FORM_FACTORS: FormFactor[] = ['mobile', 'desktop'];

export async function runBrowser(ctx: BenchContext, appPort: number): Promise<BrowserResult> {
  const tenant = ctx.tenants.get(ctx.options.screenSize)!;
  const records = await makeConsoleRecords(ctx, tenant);
  const chosen = ctx.options.pages;
  const pages = CONSOLE_PAGES.filter((p) => !chosen || chosen.has(p.page)).map((p) => ({ page: p.page, path: p.path(records) }));
  if (pages.length === 0) throw new Error(`--pages: none of ${[...chosen!].join(', ')} is one of ${CONSOLE_PAGES.map((p) => p.page).join(', ')}`);
  const servers: RunningServer[] = [];
  try {
    const { buildMs, app, signedIn } = await startSignedInApp(ctx, 'browser', tenant, appPort, servers);
    // The server's first request to each route loads its code; no measured view should pay for that.
    for (const p of pages) await fetch(app.url + p.path, { headers: { cookie: signedIn.cookie } }).then((r) => r.text());

    const browser = await chromium.launch({ executablePath: process.env.ARBOR_CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
    const views: PageView[] = [];
    let chromiumVersion: string;
    try {
      chromiumVersion = browser.version();
      for (const p of pages) {
        const view = await viewPage(browser, { appUrl: app.url, cookie: signedIn.cookie, ...p });
        views.push(view);
        ctx.log(`browser: ${p.page} view: ${(view.firstLoadJs.transferBytes / 1024).toFixed(0)} KB of scripts, ${view.idle.count} router fetches idle, ${view.hover?.fetches.count ?? '–'} after hovering ${view.hover?.href ?? 'nothing'}`);
      }
    } finally {
      await browser.close();
    }

    const lighthouse = await auditAll(ctx, pages.map((p) => ({ ...p, url: app.url + p.path })), signedIn.cookie);
    return {
      measuredAt: new Date().toISOString(), tenantUnits: ctx.options.screenSize, buildMs, chromium: chromiumVersion,
      lighthouseVersion: lighthouse[0].figures.lighthouseVersion, lighthouse, views,
      ...(process.env.ARBOR_BENCH_JS_REASON ? { firstLoadJsReason: process.env.ARBOR_BENCH_JS_REASON } : {}),
    };
  } finally {
    for (const s of servers.reverse()) await s.stop();
  }
}

/** Each page × form factor --runs times (Lighthouse's performance score moves between runs); all three categories on the first. */
async function auditAll(ctx: BenchContext, pages: { page: string; path: string; url: string }[], cookie: string): Promise<LighthouseRow[]> {
  const runs = ctx.options.runs;
  const chrome = await launchChromeForLighthouse();
  const rows: LighthouseRow[] = [];
  try {
    for (const p of pages) {
      for (const formFactor of FORM_FACTORS) {
        const all: LighthouseFigures[] = [];
        for (let run = 0; run < runs; run++) {
          const started = Date.now();
          all.push(await auditPage({
            port: chrome.port, url: p.url, cookie, formFactor, reportName: `${p.page}-${formFactor}-${run + 1}`,
            categories: run === 0 ? CATEGORIES : ['performance'],
          }));
          ctx.log(`browser: lighthouse ${p.page} ${formFactor} run ${run + 1}: performance ${all[run].scores.performance}, ${((Date.now() - started) / 1000).toFixed(0)} s`);
        }
        const median = [...all].sort((a, b) => a.scores.performance! - b.scores.performance!)[Math.floor(all.length / 2)];
        const { accessibility, 'best-practices': bestPractices } = all[0].scores;
        rows.push({
          page: p.page, path: p.path, formFactor, performanceRuns: all.map((f) => f.scores.performance!),
          figures: { ...median, scores: { ...median.scores, accessibility, 'best-practices': bestPractices }, lost: all[0].lost },
        });
      }
    }
  } finally {
    chrome.kill();
  }
  ctx.log(`browser: full Lighthouse reports in ${REPORT_DIR}`);
  return rows;
}
