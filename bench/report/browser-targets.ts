// The browser section's targets: Lighthouse scores, the growth of the first load's scripts
// against the previous run, and prefetching only on intent.
import { firstLoadChanges } from '../browser/previous-first-load';
import type { RouterFetches } from '../browser/page-view';
import type { BrowserResult } from '../sections/browser';
import type { TargetResult } from './results';

const kb = (bytes: number) => `${Math.round(bytes / 1024).toLocaleString('en')} KB`;
const ms = (x: number) => `${Math.round(x).toLocaleString('en')} ms`;
const MIN_SCORE = 90;
/** Growth of a page's first-load scripts that needs a reason beside it. */
const MAX_GROWTH = 0.1;

export function judgeBrowserTargets(b: BrowserResult): TargetResult[] {
  return [lighthouseTarget(b), firstLoadTarget(b), prefetchTarget(b)];
}

function lighthouseTarget(b: BrowserResult): TargetResult {
  const failing = b.lighthouse.filter((l) => Object.values(l.figures.scores).some((s) => s < MIN_SCORE));
  const lostTitles = [...new Set(b.lighthouse.flatMap((l) => l.figures.lost.map((x) => `${x.title} (${x.category})`)))];
  return {
    target: `Lighthouse, production build, signed in: performance, accessibility and best-practices each ≥ ${MIN_SCORE} on every console page, mobile and desktop, medians of ${Math.max(...b.lighthouse.map((l) => l.performanceRuns.length))} runs`,
    measured: `performance / accessibility / best practices: ${b.lighthouse.map((l) => `${l.page} ${l.formFactor} ${l.figures.scores.performance} / ${l.figures.scores.accessibility} / ${l.figures.scores['best-practices']}`).join('; ')}`,
    met: failing.length === 0,
    note:
      failing.length === 0
        ? `Every page scores ${MIN_SCORE} or more in all three, on both form factors (Lighthouse ${b.lighthouseVersion}).`
        : `Below ${MIN_SCORE}: ${failing
            .map((l) => {
              const low = Object.entries(l.figures.scores).filter(([, s]) => s < MIN_SCORE).map(([c, s]) => `${c} ${s}`).join(', ');
              return `${l.page} ${l.formFactor} (${low}; TBT ${ms(l.figures.tbtMs)}, LCP ${ms(l.figures.lcpMs)})`;
            })
            .join('; ')}.` +
          (lostTitles.length ? ` Points lost to: ${lostTitles.join('; ')}.` : '') +
          (failing.some((l) => (l.figures.scores.performance ?? 100) < MIN_SCORE)
            ? ' On a slow phone (4× CPU) the score is the main thread: the framework\'s runtime and the hydration of the page\'s client components (blocking time), and the first rows, which are in the HTML but in Lighthouse\'s simulation paint only after those scripts (LCP render delay; the runs spread widely, see section 9). ' +
              'The member and audit lists render on the server, their controls hydrating as islands; the tree hydrates as a boundary of its own, apart from the page. A host busy with other work inflates the observed tasks Lighthouse scales by 4×: read the figures beside the machine\'s load.'
            : ''),
  };
}

function firstLoadTarget(b: BrowserResult): TargetResult {
  const pages = b.views.filter((v) => v.page !== 'tree');
  const changes = firstLoadChanges(pages, b.previousFirstLoadJs);
  const target = `JavaScript on the console's first load: not more than ${MAX_GROWTH * 100} % above the previous run's without a reason written beside it`;
  const now = (v: (typeof pages)[number]) => `${v.page} ${kb(v.firstLoadJs.transferBytes)} transferred (${kb(v.firstLoadJs.decodedBytes)} decoded, ${v.firstLoadJs.requests} scripts)`;
  if (changes.every((c) => c.growth === undefined)) {
    return {
      target, measured: pages.map(now).join('; '), met: 'baseline',
      note: 'The first measurement: the next run is held to it (bench/run.ts keeps these figures when it overwrites latest.json). Scripts requested before the load event of a cold-cache page view in Chromium.',
    };
  }
  const grown = changes.filter((c) => c.growth !== undefined && c.growth > MAX_GROWTH);
  const change = (c: (typeof changes)[number]) => (c.growth === undefined ? 'new' : `${c.growth >= 0 ? '+' : ''}${(c.growth * 100).toFixed(1)} %`);
  return {
    target,
    measured: pages.map((v, i) => `${now(v)}, ${change(changes[i])} against ${changes[i].previousTransferBytes === undefined ? '–' : kb(changes[i].previousTransferBytes!)}`).join('; ') +
      ` (previous: ${b.previousFirstLoadJs!.measuredAt.slice(0, 16).replace('T', ' ')} UTC)`,
    met: grown.length === 0 || Boolean(b.firstLoadJsReason),
    note:
      grown.length === 0
        ? `Every page within ${MAX_GROWTH * 100} % of the previous run.`
        : `Grew more than ${MAX_GROWTH * 100} %: ${grown.map((c) => `${c.page} ${change(c)}`).join(', ')}. ` +
          (b.firstLoadJsReason
            ? `Why: ${b.firstLoadJsReason}`
            : 'No reason was given (ARBOR_BENCH_JS_REASON): find the new client import (`next build` lists each route\'s first-load JS) and move it behind a dynamic import or to the server, or write why it is worth it.'),
  };
}

function prefetchTarget(b: BrowserResult): TargetResult {
  const idle = b.views.filter((v) => v.idle.count > 0);
  // One page fetched, in one request, or two when the router first asks for the route's shape.
  const hoverOff = b.views.filter((v) => v.hover && v.hover.fetches.distinct !== 1);
  const noLink = b.views.filter((v) => !v.hover);
  const hoverText = (f: RouterFetches) => `${f.count} request${f.count === 1 ? '' : 's'} for ${f.distinct} page${f.distinct === 1 ? '' : 's'}`;
  return {
    target: 'Prefetches: a page view makes no prefetch requests until the person shows intent (hover/focus), then one',
    measured: b.views.map((v) => `${v.page}: ${v.idle.count} while idle, ${v.hover ? `${hoverText(v.hover.fetches)} after resting on a ${v.hover.kind}` : 'no link to hover'}`).join('; '),
    met: idle.length === 0 && hoverOff.length === 0,
    note:
      (idle.length === 0
        ? 'No router fetch while the pointer is still: a view costs its document alone.'
        : `Fetched without intent: ${idle.map((v) => `${v.page} ${v.idle.count} requests for ${v.idle.distinct} URLs (${ms(v.idle.serverMs)} of server time against the document's ${ms(v.documentServerMs)})`).join('; ')}: links prefetch as they come into view; prefetching on intent (pointer resting, press, keyboard focus) removes them.`) +
      (hoverOff.length
        ? ` Resting on a link fetched ${hoverOff.map((v) => `${hoverText(v.hover!.fetches)} on ${v.page}`).join(', ')}${hoverOff.some((v) => v.hover!.fetches.count === 0) ? ' (none: fetched already while idle, or the link does not fetch on intent)' : ''}.`
        : ' Resting on a link fetched its page once' +
          (b.views.some((v) => v.hover && v.hover.fetches.count > 1) ? ' (in two requests where the router had not yet seen the route: its shape, then the page).' : '.')) +
      (noLink.length ? ` No link in view to hover on ${noLink.map((v) => v.page).join(', ')}.` : ''),
  };
}
