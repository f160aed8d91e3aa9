// One page view in Chromium (Playwright) with a cold cache, as a person opening a bookmark: the
// scripts the first load downloads, the router fetches (prefetches) the page makes on its own
// while the pointer stays still, and those a hover on one link makes.
import type { Browser, Request } from '@playwright/test';

export interface ScriptBytes {
  requests: number;
  /** Bytes over the wire (compressed, with headers), as Resource Timing's transferSize. */
  transferBytes: number;
  /** Bytes after decompression, as the browser parses them. */
  decodedBytes: number;
}

export interface RouterFetches {
  count: number;
  /** Distinct URLs, without the router's `_rsc` cache-busting parameter. */
  distinct: number;
  /** The first 30, in order, with what the router said each was for. */
  requests: RouterFetch[];
  /** Σ request sent → first byte of the response: the server's share. */
  serverMs: number;
  /** Σ request start → response end. */
  totalMs: number;
}

export interface RouterFetch {
  url: string;
  /** Sent with `Next-Router-Prefetch`. */
  prefetch: boolean;
  /** `Next-Router-Segment-Prefetch`: the one segment asked for, when the router splits a prefetch. */
  segment?: string;
  status: number;
  serverMs: number;
}

export interface PageView {
  page: string;
  path: string;
  /** Where the navigation ended (`/` redirects to the top unit). */
  landedOn: string;
  /** The document's request sent → first byte. */
  documentServerMs: number;
  /** Scripts requested before the load event. */
  firstLoadJs: ScriptBytes;
  /** Scripts requested after it, in the quiet window. */
  laterJs: ScriptBytes;
  /** Router fetches from the document to the end of the quiet window (load, network idle, 3 s). */
  idle: RouterFetches;
  /**
   * The pointer rested on one link (a tree row where there is a tree); the router fetches it caused.
   * One page may take two requests: the route's shape (segment `/_tree`) when the router has not
   * seen that route yet, then the page.
   */
  hover?: { href: string; kind: 'tree row' | 'page link'; fetches: RouterFetches };
}

const QUIET_MS = 3000;

/** A router fetch: the RSC payload of a route, prefetched or not. */
const isRouterFetch = (r: Request) => {
  const h = r.headers();
  return !r.isNavigationRequest() && (h.rsc === '1' || 'next-router-prefetch' in h);
};

/** Evaluated in the page (a string: tsx would wrap a function's inner arrows in a helper the page lacks). */
const SCRIPT_BYTES = `(function () {
  var loadAt = performance.getEntriesByType('navigation')[0].loadEventStart;
  var sum = function (list) { return list.reduce(function (s, e) { return { requests: s.requests + 1, transferBytes: s.transferBytes + e.transferSize, decodedBytes: s.decodedBytes + e.decodedBodySize }; }, { requests: 0, transferBytes: 0, decodedBytes: 0 }); };
  var scripts = performance.getEntriesByType('resource').filter(function (e) { return new URL(e.name).pathname.endsWith('.js'); });
  return { first: sum(scripts.filter(function (e) { return e.startTime < loadAt; })), later: sum(scripts.filter(function (e) { return e.startTime >= loadAt; })) };
})()`;

/** Marks the link to hover: a tree row's other than the current page's, else the page's first link; in view. */
const PICK_HOVER = `(function () {
  var here = location.pathname;
  var inView = function (a) { var r = a.getBoundingClientRect(); return r.width > 0 && r.top >= 0 && r.bottom <= innerHeight; };
  // Another page of the console: not this one (a #fragment on it included), an API route (a CSV
  // export), a download or a new tab.
  var usable = function (a) {
    var href = a.getAttribute('href');
    return href.split('#')[0] !== here && href.indexOf('/api/') !== 0 && !a.hasAttribute('download') && !a.hasAttribute('target') && inView(a);
  };
  var kind = 'tree row';
  var pick = Array.from(document.querySelectorAll('[role="tree"] [role="treeitem"] a[href^="/"]')).filter(usable)[0];
  if (!pick) { kind = 'page link'; pick = Array.from(document.querySelectorAll('main a[href^="/"]')).filter(usable)[0]; }
  if (!pick) return null;
  pick.setAttribute('data-bench-hover', '');
  return { href: pick.getAttribute('href'), kind: kind };
})()`;

const MAX_LISTED = 30;

async function summarizeFetches(requests: Request[]): Promise<RouterFetches> {
  const span = (from: number, to: number) => (from >= 0 && to >= from ? to - from : 0);
  const listed = await Promise.all(
    requests.map(async (r) => {
      const u = new URL(r.url());
      u.searchParams.delete('_rsc');
      const h = r.headers();
      const t = r.timing();
      const status = (await r.response().catch(() => null))?.status() ?? 0;
      return {
        fetch: { url: u.pathname + u.search, prefetch: 'next-router-prefetch' in h, segment: h['next-router-segment-prefetch'], status, serverMs: span(t.requestStart, t.responseStart) },
        totalMs: span(0, t.responseEnd),
      };
    }),
  );
  return {
    count: requests.length,
    distinct: new Set(listed.map((l) => l.fetch.url)).size,
    requests: listed.slice(0, MAX_LISTED).map((l) => l.fetch),
    serverMs: listed.reduce((n, l) => n + l.fetch.serverMs, 0),
    totalMs: listed.reduce((n, l) => n + l.totalMs, 0),
  };
}

/** Waits (up to 10 s) until the page reports each request finished or failed, so their timings are whole. */
async function settled(requests: Request[], done: Set<Request>) {
  const deadline = Date.now() + 10_000;
  while (requests.some((r) => !done.has(r)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
}

export async function viewPage(browser: Browser, options: { appUrl: string; cookie: string; page: string; path: string }): Promise<PageView> {
  const [name, ...rest] = options.cookie.split('=');
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    await context.addCookies([{ name, value: rest.join('='), url: options.appUrl }]);
    const page = await context.newPage();
    const fetches: Request[] = [];
    const done = new Set<Request>();
    page.on('request', (r) => isRouterFetch(r) && fetches.push(r));
    page.on('requestfinished', (r) => done.add(r));
    page.on('requestfailed', (r) => done.add(r));

    const response = await page.goto(options.appUrl + options.path, { waitUntil: 'load' });
    const landedOn = new URL(page.url()).pathname;
    if (!response?.ok() || landedOn.startsWith('/sign-in')) throw new Error(`${options.path}: ${response?.status()} on ${landedOn}`);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(QUIET_MS);
    const idleCount = fetches.length;
    const bytes = (await page.evaluate(SCRIPT_BYTES)) as { first: ScriptBytes; later: ScriptBytes };
    const doc = response.request().timing();

    const hovered = (await page.evaluate(PICK_HOVER)) as { href: string; kind: 'tree row' | 'page link' } | null;
    if (hovered) {
      await page.locator('[data-bench-hover]').hover();
      // The link waits for the pointer to rest (80 ms) before it fetches; then a second for stragglers.
      await page.waitForRequest(isRouterFetch, { timeout: 2000 }).catch(() => undefined);
      await page.waitForTimeout(1000);
    }
    await settled(fetches, done);
    return {
      page: options.page, path: options.path, landedOn,
      documentServerMs: Math.max(0, doc.responseStart - doc.requestStart),
      firstLoadJs: bytes.first, laterJs: bytes.later,
      idle: await summarizeFetches(fetches.slice(0, idleCount)),
      hover: hovered ? { ...hovered, fetches: await summarizeFetches(fetches.slice(idleCount)) } : undefined,
    };
  } finally {
    await context.close();
  }
}
