// Section 9 of latest.md: Lighthouse, the first load's scripts and the prefetches of a view.
import { firstLoadChanges } from '../browser/previous-first-load';
import type { BrowserResult } from '../sections/browser';
import { num, table } from './format';

const kb = (bytes: number) => num(bytes / 1024, bytes < 10_240 ? 1 : 0);
/** A script's URL without the origin: the chunk names are what a reader recognises. */
const shortUrl = (url: string) => url.replace(/^https?:\/\/[^/]+/, '') || url;

export function renderBrowser(b: BrowserResult): string[] {
  const runs = Math.max(...b.lighthouse.map((l) => l.performanceRuns.length));
  const changes = firstLoadChanges(b.views, b.previousFirstLoadJs);
  const lost = new Map<string, { title: string; where: string[]; examples: string[] }>();
  for (const l of b.lighthouse) {
    for (const x of l.figures.lost) {
      const key = `${x.category} / ${x.audit}`;
      const entry = lost.get(key) ?? { title: x.title, where: [], examples: x.examples };
      entry.where.push(`${l.page} ${l.formFactor}`);
      lost.set(key, entry);
    }
  }
  return [
    '## 9. In the browser',
    '',
    `Measured ${b.measuredAt.slice(0, 16).replace('T', ' ')} UTC against the production build (\`next start\`${b.buildMs ? `, built in ${num(b.buildMs / 1000)} s` : ''}) at ${num(b.tenantUnits)} units, signed in as the owner, in Chromium ${b.chromium}. ` +
      `Lighthouse ${b.lighthouseVersion} with its default (mobile: simulated slow 4G, 4× CPU slowdown) and desktop settings, the session cookie sent as a header on every request; ${runs === 1 ? 'one run per page and form factor' : `performance is the median of ${runs} runs (min–max), accessibility and best practices from the first`}. The tree page is the top unit, the unit page a unit three levels down; the review, change set, role and webhook pages show records the section makes (bench/browser/console-pages.ts).`,
    '',
    table(
      ['page', 'form factor', 'performance', 'accessibility', 'best practices', 'TBT (ms)', 'LCP (ms)', 'FCP (ms)', 'speed index (ms)', 'script KB transferred (decoded)'],
      b.lighthouse.map((l) => {
        const f = l.figures;
        const perf = l.performanceRuns.length > 1 && Math.min(...l.performanceRuns) !== Math.max(...l.performanceRuns) ? `${f.scores.performance} (${Math.min(...l.performanceRuns)}–${Math.max(...l.performanceRuns)})` : `${f.scores.performance}`;
        return [
          `${l.page} \`${l.path}\``, l.formFactor, perf, f.scores.accessibility ?? '–', f.scores['best-practices'] ?? '–',
          num(f.tbtMs), num(f.lcpMs), num(f.fcpMs), num(f.speedIndexMs), `${kb(f.scripts.transferBytes)} (${kb(f.scripts.resourceBytes)}) in ${f.scripts.requests}`,
        ];
      }),
    ),
    '',
    ...(lost.size
      ? ['Points lost in accessibility and best practices:', '', ...[...lost].map(([key, e]) => `- ${key} (${e.where.join(', ')}): ${e.title}${e.examples.length ? ` — e.g. ${e.examples.map((x) => `\`${x.replace(/`/g, "'")}\``).join(', ')}` : ''}`), '']
      : []),
    ...b.lighthouse
      .filter((l) => l.formFactor === 'mobile')
      .map((l) => {
        const { tbtMs, lcpMs, lcp, longTasks } = l.figures;
        const phases = Object.entries(lcp?.phasesMs ?? {}).filter(([, t]) => t > 0).map(([p, t]) => `${p} ${num(t)}`).join(', ');
        return `- ${l.page}, mobile: TBT ${num(tbtMs)} ms, longest main-thread tasks (simulated): ${longTasks.map((t) => `${num(t.ms)} ms ${shortUrl(t.url)}`).join(', ')}; ` +
          `LCP ${num(lcpMs)} ms${lcp?.element ? ` on "${lcp.element}"` : ''}${phases ? ` (${phases} ms)` : ''}`;
      }),
    '',
    `First load: scripts a page view downloads before its load event, in Chromium through Playwright at 1280×800 with a cold cache (Resource Timing: bytes over the wire, compressed, and decoded); "after load" is what it fetched in the 3 s that followed without input.${b.previousFirstLoadJs ? ` Previous: the results of ${b.previousFirstLoadJs.measuredAt.slice(0, 16).replace('T', ' ')} UTC.` : ''}${b.firstLoadJsReason ? ` Why it changed: ${b.firstLoadJsReason}` : ''}`,
    '',
    table(
      ['page', 'scripts', 'KB transferred', 'KB decoded', 'previous KB transferred', 'change', 'after load: scripts, KB transferred'],
      b.views.map((v, i) => {
        const c = changes[i];
        return [
          `${v.page} \`${v.landedOn}\``, v.firstLoadJs.requests, kb(v.firstLoadJs.transferBytes), kb(v.firstLoadJs.decodedBytes),
          c.previousTransferBytes === undefined ? '–' : kb(c.previousTransferBytes), c.growth === undefined ? '–' : `${c.growth >= 0 ? '+' : ''}${num(c.growth * 100, 1)} %`,
          `${v.laterJs.requests}, ${kb(v.laterJs.transferBytes)}`,
        ];
      }),
    ),
    '',
    'Prefetches per view: router fetches (requests with `RSC: 1` or `Next-Router-Prefetch`, the document excluded) from the full navigation until load, network idle and 3 s more with the pointer still; then the pointer rests on one link (a tree row where the page has the tree, else the first link to a page in the page) and the fetches that follow within about a second (requests / pages: a route the router has not seen yet takes a request for its shape first). Server time: request sent → first byte, summed. A view costs the page plus these.',
    '',
    table(
      ['page', 'document: server ms', 'fetches while idle', 'distinct URLs', 'their server ms (Σ)', 'hovered', 'fetches after the hover (requests / pages)'],
      b.views.map((v) => [
        `${v.page} \`${v.path}\``, num(v.documentServerMs), v.idle.count, v.idle.distinct, num(v.idle.serverMs),
        v.hover ? `${v.hover.kind} \`${v.hover.href}\`` : 'no link in view', v.hover ? `${v.hover.fetches.count} / ${v.hover.fetches.distinct}` : '–',
      ]),
    ),
    '',
  ];
}
