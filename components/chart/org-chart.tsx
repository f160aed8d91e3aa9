'use client';
// /chart: the toolbar (breadcrumb, units or people, search, zoom, export) over the canvas. Holds
// what is folded, which card has focus and which is highlighted; the layout is redone on a fold.
import { Link } from '@/components/ui/link';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { layoutChart } from '@/lib/chart';
import type { ChartScreen } from '@/lib/screens/chart';
import { ChartCanvas, type ChartCanvasHandle } from './chart-canvas';
import { initialCollapsed, peopleModel, reveal, unitModel, ORG_ID } from './chart-model';
import { ChartSearch } from './chart-search';
import { ExportMenu } from './export-menu';

export function OrgChart({ screen }: { screen: ChartScreen }) {
  const model = useMemo(
    () => (screen.view === 'units' ? unitModel(screen.chart) : peopleModel(screen.chart, screen.chart.tenantName || 'Organization')),
    [screen],
  );
  const start = screen.focusId && model.byId.has(screen.focusId) ? screen.focusId : model.homeId;
  const [collapsed, setCollapsed] = useState(() => initialCollapsed(model, start));
  const [focusedId, setFocusedId] = useState(start === ORG_ID ? model.cards[1]?.id ?? start : start);
  const [highlightId, setHighlightId] = useState(screen.focusId && model.byId.has(screen.focusId) ? screen.focusId : undefined);
  const [anchorId, setAnchorId] = useState<string>();
  const [searchOpen, setSearchOpen] = useState(false);
  const canvas = useRef<ChartCanvasHandle>(null);
  const layout = useMemo(() => layoutChart(model.inputs, { collapsed }), [model, collapsed]);

  // "Focus on": unfold the way there, then centre and highlight once the layout has the card.
  const pending = useRef<string | null>(null);
  const [focusCount, setFocusCount] = useState(0);
  useEffect(() => {
    if (!pending.current) return;
    canvas.current?.centre(pending.current);
    canvas.current?.focusCard();
    pending.current = null;
  }, [layout, focusedId, focusCount]);
  const focusOn = (id: string) => {
    setAnchorId(undefined);
    setCollapsed((c) => reveal(c, model, id));
    setFocusedId(id);
    setHighlightId(id);
    pending.current = id;
    setFocusCount((n) => n + 1);
    setSearchOpen(false);
    const url = new URL(window.location.href);
    url.searchParams.set('focus', id);
    window.history.replaceState(window.history.state, '', url);
  };
  const toggle = useCallback((id: string) => {
    setAnchorId(id);
    setCollapsed((c) => {
      const next = new Set(c);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }, []);

  const units = screen.view === 'units';
  const label = units ? 'Unit chart' : 'People chart';
  const shownFolded = layout.nodes.filter((n) => collapsed.has(n.id)).map((n) => n.id);
  const empty = model.cards.length === 0 || (model.cards.length === 1 && model.cards[0].kind === 'org');
  const button = 'rounded-md border border-zinc-300 bg-white px-2.5 py-1.5 text-sm font-medium hover:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900 dark:hover:bg-zinc-800';

  return (
    <main data-chart-root data-chart-view={screen.view} className="flex h-full min-h-96 flex-col">
      <h1 className="sr-only">{label}</h1>
      {/* The chart's tree holds only the cards near the view: the Tree page lists all of it. */}
      <Link
        href="/"
        className="sr-only focus:not-sr-only focus:absolute focus:z-30 focus:m-2 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:text-sm focus:font-medium focus:text-emerald-700 focus:shadow dark:focus:bg-zinc-900 dark:focus:text-emerald-400"
      >
        {units ? 'The same organization as a list: Tree' : 'The same people, unit by unit, as a list: Tree'}
      </Link>
      <div className="flex flex-wrap items-center gap-2 border-b border-zinc-200 px-3 py-2 md:px-6 dark:border-zinc-800">
        <nav aria-label="Chart views" className="flex rounded-md border border-zinc-300 p-0.5 text-sm dark:border-zinc-700">
          <Link href="/chart" aria-current={units ? 'page' : undefined} className={`rounded px-2.5 py-1 ${units ? 'bg-emerald-600 text-white' : ''}`}>Units</Link>
          <Link href="/chart?view=people" aria-current={units ? undefined : 'page'} className={`rounded px-2.5 py-1 ${units ? '' : 'bg-emerald-600 text-white'}`}>People</Link>
        </nav>
        {units && screen.chart.breadcrumb.length > 0 && (
          <nav aria-label="Breadcrumb" className="min-w-0 text-sm">
            <ol className="flex flex-wrap items-center gap-1 text-zinc-600 dark:text-zinc-300">
              {screen.chart.breadcrumb.map((c) => (
                <li key={c.id} className="flex items-center gap-1">
                  <Link href={`/chart?root=${c.id}`} className="hover:underline">{c.name}</Link>
                  <span aria-hidden="true">/</span>
                </li>
              ))}
              <li aria-current="page" className="font-medium text-zinc-900 dark:text-zinc-100">{model.byId.get(model.rootId)?.name}</li>
            </ol>
          </nav>
        )}
        <div className="ml-auto flex flex-wrap items-center gap-2">
          <button type="button" className={`${button} sm:hidden`} aria-expanded={searchOpen} aria-controls="chart-search" onClick={() => setSearchOpen((o) => !o)}>
            Search
          </button>
          <div id="chart-search" className={`${searchOpen ? 'block' : 'hidden'} order-last w-full sm:order-none sm:block sm:w-auto`}>
            <ChartSearch model={model} label={units ? 'Find a unit in the chart' : 'Find a person in the chart'} onChoose={focusOn} />
          </div>
          <div role="group" aria-label="Zoom" className="flex gap-1">
            <button type="button" className={button} aria-label="Zoom out" onClick={() => canvas.current?.zoomBy(0.8)}>−</button>
            <button type="button" className={button} aria-label="Zoom in" onClick={() => canvas.current?.zoomBy(1.25)}>+</button>
            <button type="button" className={button} onClick={() => canvas.current?.fitAll()}>Fit</button>
            <button type="button" className={button} onClick={() => focusOn(model.homeId === ORG_ID ? focusedId : model.homeId)}>My place</button>
          </div>
          <ExportMenu kind={screen.view} rootId={units ? screen.chart.rootId : undefined} collapsed={shownFolded} />
        </div>
      </div>
      <div className="min-h-0 flex-1">
        {empty ? (
          <p className="p-6 text-sm text-zinc-600 dark:text-zinc-300">
            {units ? 'There are no units to show.' : 'No reporting lines yet: a person’s manager is set on their page, by CSV import or by directory sync.'}
          </p>
        ) : (
          <ChartCanvas
            ref={canvas}
            model={model}
            layout={layout}
            collapsed={collapsed}
            focusedId={focusedId}
            highlightId={highlightId}
            label={label}
            anchorId={anchorId}
            onFocusCard={setFocusedId}
            onToggle={toggle}
          />
        )}
      </div>
    </main>
  );
}
