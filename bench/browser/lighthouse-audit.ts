// One Lighthouse run of one page, reduced to the figures the report shows: the three category
// scores, the timing metrics, the scripts' bytes, and what costs points (the failing
// accessibility and best-practices audits, the long tasks behind the blocking time).
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Result } from 'lighthouse';

export type FormFactor = 'mobile' | 'desktop';
export const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
export type Category = (typeof CATEGORIES)[number];

export interface LostPoints {
  category: Category;
  audit: string;
  title: string;
  score: number;
  /** A few of the offending nodes, messages or URLs, as Lighthouse lists them. */
  examples: string[];
}

export interface LighthouseFigures {
  /** 0–100; a category left out of the run is absent. */
  scores: Partial<Record<Category, number>>;
  tbtMs: number;
  lcpMs: number;
  fcpMs: number;
  speedIndexMs: number;
  /** What the largest paint was, and its phases (TTFB, load delay, load time, render delay). */
  lcp: { element: string; phasesMs: Record<string, number> };
  scripts: { requests: number; transferBytes: number; resourceBytes: number };
  lost: LostPoints[];
  /** The longest main-thread tasks (the stuff of the blocking time), with the script Lighthouse blames. */
  longTasks: { url: string; ms: number }[];
  warnings: string[];
  lighthouseVersion: string;
}

/** Debian's Chromium (or ARBOR_CHROMIUM), headless, for Lighthouse to drive over its debugging port. */
export function launchChromeForLighthouse() {
  return chromeLauncher.launch({
    chromePath: process.env.ARBOR_CHROMIUM ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
}

/** Where each run's full report is kept, for reading what the figures leave out. */
export const REPORT_DIR = join(tmpdir(), 'arbor-bench-lighthouse');

export async function auditPage(options: {
  port: number; url: string; cookie: string; formFactor: FormFactor; categories: readonly Category[]; reportName: string;
}): Promise<LighthouseFigures> {
  const result = await lighthouse(
    options.url,
    {
      port: options.port, logLevel: 'error', output: 'json', onlyCategories: [...options.categories],
      // ARBOR_BENCH_TRACES=1 keeps each run's trace and DevTools log beside its report (-GA).
      ...(process.env.ARBOR_BENCH_TRACES === '1' ? { gatherMode: join(REPORT_DIR, options.reportName), auditMode: join(REPORT_DIR, options.reportName) } : {}),
      // The session rides on every request the page makes, the router's fetches included.
      extraHeaders: { Cookie: options.cookie }, disableFullPageScreenshot: true,
    },
    options.formFactor === 'desktop' ? desktopConfig : undefined,
  );
  if (!result) throw new Error(`lighthouse returned nothing for ${options.url}`);
  const lhr = result.lhr;
  mkdirSync(REPORT_DIR, { recursive: true });
  writeFileSync(join(REPORT_DIR, `${options.reportName}.json`), JSON.stringify(lhr));
  if (lhr.runtimeError) throw new Error(`lighthouse on ${options.url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  // A lost session lands on the sign-in page, whose scores would pass for the console's.
  const landed = new URL(lhr.finalDisplayedUrl).pathname;
  if (landed !== new URL(options.url).pathname) throw new Error(`lighthouse on ${options.url} landed on ${landed}`);
  return figuresOf(lhr);
}

type Item = Record<string, unknown>;
const itemsOf = (audit: Result['audits'][string] | undefined): Item[] =>
  ((audit?.details as { items?: Item[] } | undefined)?.items ?? []);

function figuresOf(lhr: Result): LighthouseFigures {
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const scripts = itemsOf(lhr.audits['network-requests']).filter((i) => i.resourceType === 'Script');
  const scores: LighthouseFigures['scores'] = {};
  for (const c of CATEGORIES) {
    const score = lhr.categories[c]?.score;
    if (typeof score === 'number') scores[c] = Math.round(score * 100);
  }
  return {
    scores,
    tbtMs: metric('total-blocking-time'),
    lcpMs: metric('largest-contentful-paint'),
    fcpMs: metric('first-contentful-paint'),
    speedIndexMs: metric('speed-index'),
    lcp: lcpOf(lhr),
    scripts: {
      requests: scripts.length,
      transferBytes: scripts.reduce((n, i) => n + Number(i.transferSize ?? 0), 0),
      resourceBytes: scripts.reduce((n, i) => n + Number(i.resourceSize ?? 0), 0),
    },
    lost: lostPoints(lhr),
    longTasks: itemsOf(lhr.audits['long-tasks']).slice(0, 5).map((t) => ({ url: String(t.url), ms: Math.round(Number(t.duration)) })),
    warnings: lhr.runWarnings,
    lighthouseVersion: lhr.lighthouseVersion,
  };
}

/** The LCP audit's details: a table naming the element, then one of its phases. */
function lcpOf(lhr: Result): LighthouseFigures['lcp'] {
  const tables = itemsOf(lhr.audits['largest-contentful-paint-element']) as { items?: Item[] }[];
  const node = tables[0]?.items?.[0]?.node as { nodeLabel?: string; snippet?: string } | undefined;
  const phases = (tables[1]?.items ?? []).map((p) => [String(p.phase), Math.round(Number(p.timing))] as const);
  return { element: (node?.nodeLabel ?? node?.snippet ?? '').slice(0, 80), phasesMs: Object.fromEntries(phases) };
}

function lostPoints(lhr: Result): LostPoints[] {
  const out: LostPoints[] = [];
  for (const category of ['accessibility', 'best-practices'] as const) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight === 0 || audit?.score === null || audit?.score === undefined || audit.score >= 1) continue;
      const examples = itemsOf(audit).slice(0, 3).map((i) => {
        const node = i.node as { snippet?: string } | undefined;
        return String(i.description ?? node?.snippet ?? i.source ?? i.url ?? '').slice(0, 160);
      });
      out.push({ category, audit: ref.id, title: audit.title, score: audit.score, examples: examples.filter(Boolean) });
    }
  }
  return out;
}
