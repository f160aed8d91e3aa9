// Renders the results as the Markdown table page the README links (bench/results/latest.md).
import { requestsPerView, type LoadResult } from '../sections/http';
import type { Summary } from '../support/stats';
import { renderBrowser } from './browser-markdown';
import { renderChart } from './chart-markdown';
import { renderChecks } from './checks-markdown';
import { renderRuns } from './runs-markdown';
import { renderSoak } from './soak-markdown';
import { num, table } from './format';
import type { BenchResults, TargetResult } from './results';

/** Median with the spread over runs: "123 (110–140)"; a single run is shown alone. */
const med = (s: Summary, digits = 0, scale = 1) =>
  s.runs === 1 || s.min === s.max ? num(s.median * scale, digits) : `${num(s.median * scale, digits)} (${num(s.min * scale, digits)}–${num(s.max * scale, digits)})`;
/** Median with p10–p90, for distributions of many samples (latencies). */
const dist = (s: Summary, digits = 2) => `${num(s.median, digits)} (p10 ${num(s.p10, digits)}, p90 ${num(s.p90, digits)})`;
const times = (x: number) => `${x >= 100 ? num(x) : x >= 10 ? num(x, 1) : num(x, 2)}×`;
const MOVED_TEXT = '300 leaf units renamed and moved under a unit the set creates, 200 members made managers, 199 people added to the new unit';
const pct = (x: number) => `${num(x * 100, x < 0.1 ? 1 : 0)} %`;
const mark = (met: TargetResult['met']) => (met === null ? 'not measured' : met === 'baseline' ? '**baseline**' : met ? '**met**' : '**missed**');

export function renderMarkdown(r: BenchResults): string {
  const m = r.machine;
  const out: string[] = [
    '# Arbor benchmark results',
    '',
    ...(r.sectionRuns && Object.keys(r.sectionRuns).length
      ? [`Machine: ${m.cores} × ${m.cpuModel}, ${m.memoryGiB} GiB, Node ${m.node}, ${m.platform}. Each section is from its own run (a run replaces the sections it ran and keeps the others):`, '', ...renderRuns(r.sectionRuns)]
      : [
        `Run ${r.startedAt.replace('T', ' ').slice(0, 16)} UTC, ${num((r.durationMs ?? 0) / 1000)} s, \`npm run bench${(r.options.args as string[] | undefined)?.length ? ` -- ${(r.options.args as string[]).join(' ')}` : ''}\`. ` +
          `Machine: ${m.cores} × ${m.cpuModel}, ${m.memoryGiB} GiB, Node ${m.node}, ${m.platform}; load average ${m.loadAtStart} at the start, ${m.loadAtEnd ?? '?'} at the end.` +
          (r.note ? ` ${r.note}` : ''),
      ]),
    '',
    'Everything runs on this one machine: DynamoDB Local (in memory), the STS emulator and IAM-enforcing gateway (every tenant request is SigV4-verified and evaluated against its session policy), the app and the load generator. Figures are medians over the runs with (min–max); ratios are of medians from the same run. Read capacity is what DynamoDB Local reports through `ReturnConsumedCapacity`, except where "billed" says DynamoDB\'s minimum of one 4 KB unit per read request was applied (DynamoDB Local reports 0 for a Query that finds nothing).',
    '',
  ];

  if (r.targets?.length) {
    out.push('## Targets', '', table(['target', 'measured', 'result', 'why'], r.targets.map((t) => [t.target, t.measured, mark(t.met), t.note])), '');
  }
  if (r.seed?.length) {
    out.push(
      '## Seeded tenants',
      '',
      'Bulk-loaded with BatchWriteItem from the app\'s own item builders (units, sibling-name claims, both membership directions, profiles, users, one audit entry per create and per membership), counters set to what those writes add up to.',
      '',
      table(['units', 'memberships', 'people', 'items', 'seed time'], r.seed.map((s) => [num(s.units), num(s.memberships), num(s.people), num(s.items), `${num(s.ms / 1000, 1)} s`])),
      '',
    );
  }
  if (r.subtree?.length) {
    out.push(
      '## 1. Subtree read',
      '',
      'Arbor: `listSubtree` (T4), every page of up to 1,000 units, one GSI1 Query each, in sequence (keyset pages). Arbor, parallel: the root\'s children (T3), then each child\'s subtree (T4, every page) at the same time. Naive: one Query of the children index (GSI2) per unit, level by level, 32 in flight. Pruned: the same, skipping units whose `childCount` is 0.',
      '',
      table(
        ['units', 'method', 'requests', 'read capacity (RCU)', 'RCU billed', 'wall time (ms)'],
        r.subtree.flatMap((s) =>
          (['arbor', 'arborParallel', 'naive', 'naivePruned'] as const).map((k) => [
            num(s.size), { arbor: 'Arbor (T4)', arborParallel: 'Arbor, parallel (T3 + T4 per child)', naive: 'naive traversal', naivePruned: 'naive, pruned' }[k], med(s[k].requests), med(s[k].readCapacity, 1), med(s[k].readCapacityBilled, 1), med(s[k].ms),
          ]),
        ),
      ),
      '',
      table(
        ['units', 'naive ÷ Arbor: requests', 'RCU (billed)', 'wall time', 'pruned ÷ Arbor: requests', 'wall time', 'naive ÷ Arbor parallel: requests', 'wall time', 'pruned ÷ Arbor parallel: wall time'],
        r.subtree.map((s) => [
          num(s.size), times(s.ratios.requests), times(s.ratios.readCapacityBilled), times(s.ratios.wallTime), times(s.ratios.prunedRequests), times(s.ratios.prunedWallTime),
          times(s.ratios.parallelRequests), times(s.ratios.parallelWallTime), times(s.ratios.parallelPrunedWallTime),
        ]),
      ),
      '',
    );
  }
  if (r.screens) {
    const sc = r.screens;
    out.push(
      '## 2. Requests per screen',
      '',
      `Server-side data loading at ${num(sc.tenantUnits)} units, counted per data set by an SDK middleware on the tenant and platform clients; source: ${sc.source}. The unit page shows a unit at depth ${sc.subjects.unitDepth} with ${sc.subjects.unitChildren} children and ${sc.subjects.unitMembers} members; the member page a person with ${sc.subjects.memberMemberships} memberships. A data set is what one loader reads through one access pattern; ideal: one request per data set (a repeat of keys another loader of the screen read is not counted), and (bytes of the distinct items returned) / 4 KB / 2 read capacity.`,
      '',
      table(
        ['screen', 'requests (ideal)', 'most per data set', 'RCU (ideal)', 'data loading (ms, sequential)'],
        sc.screens.map((s) => [`${s.name} \`${s.route}\``, `${s.requests} (${s.idealRequests})`, s.maxRequestsPerDataSet, `${num(s.readCapacity, 1)} (${num(s.idealReadCapacity, 1)})`, med(s.ms, 1)]),
      ),
      '',
      table(
        ['screen', 'loader', 'data set (access pattern)', 'requests', 'RCU', 'ideal RCU'],
        sc.screens.flatMap((s) =>
          s.dataSets.map((d) => [
            s.name, d.loader, d.repeatOf ? `${d.pattern}, again (read by ${d.repeatOf})` : d.pattern,
            d.requests > 1 ? `${d.requests} (${d.partitions} keys, ${d.roundTrips} round trip${d.roundTrips === 1 ? '' : 's'})` : d.requests,
            num(d.readCapacity, 1), num(d.idealReadCapacity, 1),
          ]),
        ),
      ),
      '',
      table(
        ['screen', 'loaders: median ms (min–max)'],
        sc.screens.map((s) => [s.name, Object.entries(s.loaderMs).map(([l, t]) => `${l} ${med(t, 1)}`).join('; ')]),
      ),
      '',
    );
  }
  if (r.moves?.length) {
    out.push(
      '## 3. Moves and deletes',
      '',
      '`moveUnit` of a subtree back and forth between two parents, and `deleteUnit` of a subtree as large (recursive), run to the end (one transaction when it fits, else the journaled job). Items changed: for a move, units + both items of each membership; for a delete, also each unit\'s name claim and words and each member\'s profile (with its words when the profile goes). Lock window: from a job\'s first lock to the release of its subtree\'s root (from its progress reports; units below are released before, deepest level first; one transaction holds no lock). Raw: BatchWriteItem of as many items of the same shapes (8 requests in flight), straight to DynamoDB Local and through the gateway with tenant credentials.',
      '',
      table(
        ['operation', 'units', 'memberships', 'items changed', 'mode', 'wall time (s)', 'lock window (s)', 'write requests', 'items written', 'written ÷ changed', 'items changed/s', 'raw direct items/s', 'raw gateway items/s', '÷ raw direct', '÷ raw gateway'],
        r.moves.map((x) => [
          x.operation ?? 'move', num(x.units), num(x.memberships), num(x.itemsChanged), x.mode, med(x.ms, 2, 1 / 1000),
          x.lockWindowMs ? med(x.lockWindowMs, 2, 1 / 1000) : '–', med(x.writeRequests), med(x.itemsWritten),
          x.writeAmplification === undefined ? '–' : x.writeAmplification.toFixed(2), med(x.itemsPerSecond),
          med(x.raw.direct.itemsPerSecond), med(x.raw.gateway.itemsPerSecond), pct(x.ratioToRawDirect), pct(x.ratioToRawGateway),
        ]),
      ),
      '',
    );
  }
  if (r.http) {
    const h = r.http;
    out.push(
      '## 4. HTTP',
      '',
      `Production build (\`next build\`${h.buildMs ? `, ${num(h.buildMs / 1000)} s` : ', reused'}; \`next start\`, NODE_ENV=production) at ${num(r.screens?.tenantUnits ?? h.tenantUnits)} units, signed in over HTTP through the local IdP (${h.signIn.requests} requests, landed on \`${h.signIn.landedOn}\`); autocannon in its own process. Floor page: a minimal App Router page in the same build (bench/http/floor-page) with the console's session check, making the page's main Query with the same tenant-scoped client. Bare floor: a node:http server making that Query, with no session and no rendering. req/s: median over the run's seconds (min–max); ÷ floor page and ÷ bare floor are of those medians.`,
      '',
      table(
        ['page', 'server', 'connections × s', 'req/s', 'p50 (ms)', 'p90 (ms)', 'p99 (ms)', 'errors / non-2xx / timeouts', '÷ floor page', '÷ bare floor', 'DynamoDB requests per request (one at a time)', 'CPU ms per request: server / gateway / DynamoDB Local'],
        h.pages.flatMap((p) =>
          ([
            ['bare floor', p.floor, undefined, undefined],
            ...(p.floorPage ? [['floor page', p.floorPage, undefined, p.floorPage.rps.median / Math.max(1, p.floor.rps.median)]] : []),
            ['app page', p.app, p.pageRatio, p.ratio],
            ...(p.api ? [['app JSON route', p.api, p.floorPage ? p.api.rps.median / Math.max(1, p.floorPage.rps.median) : undefined, p.apiRatio]] : []),
          ] as [string, LoadResult, number | undefined, number | undefined][]).map(([kind, l, share, bare]) => [
            p.page, `${kind} \`${l.url.replace(/^https?:\/\/[^/]+/, '')}\``, `${l.connections} × ${l.seconds}`,
            `${num(l.rps.median)} (${num(l.rps.min)}–${num(l.rps.max)})`, num(l.latencyMs.p50), num(l.latencyMs.p90), num(l.latencyMs.p99), `${l.errors} / ${l.non2xx} / ${l.timeouts}`,
            share === undefined ? '' : pct(share), bare === undefined ? '' : pct(bare),
            requestsPerView(l).text,
            [l.perRequest.cpuMs.server, l.perRequest.cpuMs.gateway, l.perRequest.cpuMs.dynamodb].map((x) => (x === undefined ? '?' : num(x, 1))).join(' / '),
          ]),
        ),
      ),
      ...(h.navigation
        ? [
            '',
            `Client navigation: the request Chromium's router makes for a click on a tree row (captured on \`${h.navigation.from}\`, to \`${h.navigation.to}\`: RSC headers and the router's state tree, so only the page segment renders), replayed one at a time, against the floor page one at a time.`,
            '',
            table(
              ['request', 'connections × s', 'req/s (mean)', 'ms per request', 'errors / non-2xx / timeouts', 'DynamoDB requests per request (one at a time)', 'CPU ms per request: server / gateway / DynamoDB Local'],
              ([['navigation', h.navigation.navigation], ['floor page', h.navigation.floorPage]] as [string, LoadResult][]).map(([kind, l]) => [
                `${kind} \`${l.url.replace(/^https?:\/\/[^/]+/, '').replace(/\?_rsc=.*/, '')}\``, `${l.connections} × ${l.seconds}`, num(l.rps.mean, 1), num(1000 / Math.max(0.001, l.rps.mean), 1),
                `${l.errors} / ${l.non2xx} / ${l.timeouts}`, requestsPerView(l).text,
                [l.perRequest.cpuMs.server, l.perRequest.cpuMs.gateway, l.perRequest.cpuMs.dynamodb].map((x) => (x === undefined ? '?' : num(x, 1))).join(' / '),
              ]),
            ),
          ]
        : []),
      ...(h.missing.length ? ['', ...h.missing.map((x) => `- Not measured: ${x}`)] : []),
      '',
    );
  }
  if (r.credentials) {
    const c = r.credentials;
    out.push(
      '## 5. Credentials',
      '',
      table(
        ['measurement', 'result'],
        [
          [`a fresh server instance, ${num(c.load.requests)} requests (T1) across ${c.load.tenants} tenants, ${c.load.concurrency} in flight, ${c.load.sessionSeconds} s sessions`, `${c.load.assumeRoleAtEmulator} AssumeRole at the emulator (${c.load.assumeRoleAtVendor} at the vendor): ${num(c.load.perThousandRequests, 1)} per 1,000 requests, ${num(c.load.perTenant, 2)} per tenant`],
          [`${c.refresh.sessionSeconds} s sessions (refreshed from ${c.refresh.refreshAheadSeconds} s before expiry), ${c.refresh.tenants} tenants, ${c.refresh.seconds} s, ${num(c.refresh.requests)} requests`, `${c.refresh.assumeRole} AssumeRole: ${num(c.refresh.perTenant, 2)} per tenant (expected ${c.refresh.expectedPerTenant}: the first request, then one per refresh period); ${c.refresh.failedRequests} failed requests`],
          [`warm cache, ${c.overhead.query}, ${c.overhead.requests} requests each, interleaved`, `tenant credentials through the gateway ${dist(c.overhead.scopedGateway)} ms; operator credentials through the gateway ${dist(c.overhead.operatorGateway)} ms; direct to DynamoDB Local ${dist(c.overhead.direct)} ms`],
          ['scoped ÷ operator, same gateway (the credentials\' own overhead)', times(c.overhead.scopedVsOperator)],
          ['scoped ÷ direct (adds the local gateway\'s hop, which AWS does not have)', times(c.overhead.scopedVsDirect)],
          ['credential provider, warm cache', `${num(c.overhead.providerMicroseconds, 2)} µs per call`],
        ],
      ),
      '',
    );
  }
  if (r.clicks) {
    const c = r.clicks;
    out.push(
      '## 6. Click to content',
      '',
      `Chromium (Playwright) at ${c.viewport} against the production build (\`next start\`${c.buildMs ? `, built in ${num(c.buildMs / 1000)} s` : ''}) at ${num(c.tenantUnits)} units, signed in as the owner, on the tree page: each run clicks another unit under the top one (a page not opened before; the first click warms up and is not counted) and times inside the page, with performance.now(), the click → the top progress bar on screen (feedback) → the unit's heading on screen (content). Medians over ${c.runs.length} clicks with p10–p90.`,
      '',
      table(['measurement', 'ms'], [['click → progress bar', dist(c.feedbackMs, 1)], ['click → unit heading', dist(c.contentMs, 0)]]),
      '',
    );
  }
  if (r.scim) {
    const c = r.scim;
    out.push(
      '## 7. Directory sync (SCIM)',
      '',
      `Measured ${c.measuredAt.slice(0, 16).replace('T', ' ')} UTC. An initial sync as Entra ID runs one, through the production build's \`/scim/v2\` over HTTP at ${c.concurrency} requests in flight${c.buildMs ? ` (built in ${num(c.buildMs / 1000)} s)` : ''}: ${num(c.users)} users, each with a department path the department rule turns into units (${num(c.unitsCreated)} created), then ${num(c.groups)} groups filled with ${c.membersPerGroup} members each by PATCH. DynamoDB requests are counted at the IAM gateway (token lookup, settings, identity, writes).`,
      '',
      table(
        ['phase', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'DynamoDB requests each'],
        c.phases.map((p) => [p.phase, num(p.requests), num(p.rps, 1), num(p.latencyMs.p50), num(p.latencyMs.p99), num(p.non2xx), num(p.dynamoPerRequest, 1)]),
      ),
      '',
      `\`GET /Users\` at ${num(c.users)} users, count=100: the first page ${num(c.usersPage.first.ms)} ms (${c.usersPage.first.dynamoRequests} DynamoDB requests); the walk through all ${num(c.usersPage.walk.pages)} further pages (startIndex 101, 201, …) median ${num(c.usersPage.walk.medianMs)} ms, max ${num(c.usersPage.walk.maxMs)} ms, ${num(c.usersPage.walk.dynamoPerPage, 1)} DynamoDB requests a page (token, settings, checkpoint, Query, next checkpoint), every user listed once: ${c.usersPage.walk.listedOnce ? 'yes' : 'NO'}; a jump to startIndex ${num(c.usersPage.jump.startIndex)} (no checkpoint there) ${num(c.usersPage.jump.ms)} ms, ${c.usersPage.jump.dynamoRequests} requests.`,
      '',
    );
  }
  if (r.reorganizations) {
    const g = r.reorganizations;
    const commands = Object.entries(g.preview.byCommand).map(([c, n]) => `${n} ${c.replace(/Command$/, '')}`).join(', ');
    out.push(
      '## 8. Reorganizations',
      '',
      `A change set of ${num(g.operations)} operations in the ${num(g.tenantUnits)}-unit tenant (lib/change-sets, tenant credentials through the gateway): ${MOVED_TEXT}. Drafted in one call: ${num(g.draft.ms / 1000, 1)} s, ${num(g.draft.requests)} requests (${num(g.draft.writeRequests)} writes). The preview reads the tree once and computes the rest in memory: ${med(g.preview.ms, 2, 1 / 1000)} s, ${med(g.preview.requests)} requests (${commands}), ${num(g.preview.people)} people whose administration changes.`,
      '',
      table(
        ['apply', 'wall time (s)', 'requests', 'write requests', 'items written', 'operations/s', 'items/s', 'raw direct items/s', 'raw gateway items/s', '÷ raw direct', '÷ raw gateway'],
        [[
          `${num(g.operations)} operations`, num(g.apply.ms / 1000, 1), num(g.apply.requests), num(g.apply.writeRequests), num(g.apply.itemsWritten),
          num(g.apply.operationsPerSecond, 1), num(g.apply.itemsPerSecond), med(g.raw.direct.itemsPerSecond), med(g.raw.gateway.itemsPerSecond),
          pct(g.ratioToRawDirect), pct(g.ratioToRawGateway),
        ]],
      ),
      '',
      'Apply runs its operations one after another through the ordinary domain functions (each reads what it decides on, then one transaction), and records each on the set before the next: its throughput is latency-bound, against a floor of batched, parallel writes.',
      '',
    );
  }
  if (r.browser) out.push(...renderBrowser(r.browser));
  if (r.webhooks) {
    const w = r.webhooks;
    out.push(
      '## 10. Webhooks',
      '',
      `The worker's delivery lanes (lib/webhooks/worker/lanes.ts: one attempt in flight per endpoint, ${w.concurrency} in all) sending ${num(w.deliveriesPerRun)} deliveries to ${w.organizations} organizations × ${w.endpointsEach} endpoints that answer at once, tenant credentials through the gateway; then the same with one more organization whose endpoint never answers (${num(w.timeoutMs / 1000)} s timeout) and as many deliveries waiting (${num(w.withHanging.hangingAttempts)} hanging attempts in all).`,
      '',
      table(['endpoints', 'deliveries/s', '÷ healthy', 'queue Queries per delivery', 'queue items read per delivery'], [
        ['all healthy', dist(w.healthy.deliveriesPerSecond, 0), '100 %', w.healthy.queriesPerDelivery?.toFixed(2) ?? '–', w.healthy.itemsReadPerDelivery?.toFixed(1) ?? '–'],
        ['one hanging', dist(w.withHanging.deliveriesPerSecond, 0), pct(w.ratio), w.withHanging.queriesPerDelivery?.toFixed(2) ?? '–', w.withHanging.itemsReadPerDelivery?.toFixed(1) ?? '–'],
      ]),
      '',
    );
  }
  if (r.checks) out.push(...renderChecks(r.checks));
  if (r.chart) out.push(...renderChart(r.chart));
  if (r.soak) out.push(...renderSoak(r.soak));
  if (r.failures?.length) out.push('## Failed sections', '', ...r.failures.map((f) => `- ${f.section}: ${f.error}`), '');
  return out.join('\n');
}
