'use client';
// The interactive drawing: the layer d3-zoom moves, the cards in the drawn window (all of them
// treeitems of one ARIA tree), connectors as one SVG path, and at far zoom plain boxes as one
// more path, hidden from screen readers. Keys: on a card, arrows walk the tree (up: parent, down:
// first child, left/right: siblings), Space folds, Enter opens; on the chart area, arrows pan;
// anywhere, + and − zoom, 0 fits, Home goes to the viewer's place.
import { useRouter } from 'next/navigation';
import { useEffect, useId, useImperativeHandle, useLayoutEffect, useMemo, useRef, type KeyboardEvent, type Ref } from 'react';
import type { ChartLayout, PlacedNode } from '@/lib/chart';
import { ChartCardView } from './chart-card';
import { treePosition, type ChartModel } from './chart-model';
import { useChartZoom, type DrawnWindow } from './use-chart-zoom';

export interface ChartCanvasHandle {
  zoomBy: (factor: number) => void;
  fitAll: () => void;
  /** Centres a card, at reading zoom when the view is far out. */
  centre: (id: string, animate?: boolean) => void;
  /** Moves keyboard focus onto the focused card. */
  focusCard: () => void;
}

interface Props {
  model: ChartModel;
  layout: ChartLayout;
  collapsed: ReadonlySet<string>;
  focusedId: string;
  highlightId?: string;
  label: string;
  onFocusCard: (id: string) => void;
  onToggle: (id: string) => void;
  /** A card whose fold changed: the view keeps it where it was. */
  anchorId?: string;
  ref?: Ref<ChartCanvasHandle>;
}

const intersects = (n: PlacedNode, w: DrawnWindow) => n.x < w.x1 && n.x + n.width > w.x0 && n.y < w.y1 && n.y + n.height > w.y0;

export function ChartCanvas({ model, layout, collapsed, focusedId, highlightId, label, onFocusCard, onToggle, anchorId, ref }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const layer = useRef<HTMLDivElement>(null);
  const router = useRouter();
  const zoom = useChartZoom(container, layer);
  const keysId = useId();
  const { drawn } = zoom;
  const placed = useMemo(() => new Map(layout.nodes.map((n) => [n.id, n])), [layout]);
  const levels = useMemo(() => new Map(layout.nodes.map((n) => [n.id, n.depth + 1 - (model.byId.get(model.rootId)?.kind === 'org' ? 1 : 0)])), [layout, model]);

  const visible = useMemo(() => {
    if (!drawn) return [];
    const out = layout.nodes.filter((n) => intersects(n, drawn));
    const focused = placed.get(focusedId);
    // The focused card is always there, so keyboard focus and screen readers never lose it.
    if (focused && !out.includes(focused)) out.push(focused);
    return out;
  }, [layout, drawn, placed, focusedId]);

  // Solid lines, and dashed ones to people whose manager sits in another unit.
  const connectors = useMemo(() => {
    if (!drawn) return { solid: '', dashed: '' };
    let solid = '';
    let dashed = '';
    for (const l of layout.links) {
      const [fx, fy] = l.points[0];
      const [tx, ty] = l.points[l.points.length - 1];
      const midX = l.points[2]?.[0] ?? tx;
      if (Math.max(fx, tx, midX) < drawn.x0 || Math.min(fx, tx, midX) > drawn.x1 || Math.max(fy, ty) < drawn.y0 || Math.min(fy, ty) > drawn.y1) continue;
      const d = 'M' + l.points.map(([x, y]) => `${Math.round(x)} ${Math.round(y)}`).join('L');
      const to = model.byId.get(l.to);
      if (to?.kind === 'person' && to.person.managerElsewhere) dashed += d;
      else solid += d;
    }
    return { solid, dashed };
  }, [layout, drawn, model]);

  const boxes = useMemo(() => {
    if (!drawn || drawn.detail !== 'far') return '';
    let d = '';
    for (const n of visible) d += `M${Math.round(n.x)} ${Math.round(n.y)}h${n.width}v${n.height}h${-n.width}z`;
    return d;
  }, [drawn, visible]);

  // Opening: the viewer's place (or the focus) in the middle, at reading zoom (after the zoom
  // behaviour is attached: effects run in order).
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    const at = placed.get(focusedId) ?? layout.nodes[0];
    if (at) zoom.centreOn(at.x + at.width / 2, at.y + at.height / 2, 1, false);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  // A fold keeps the folded card still on screen.
  const previous = useRef(placed);
  useLayoutEffect(() => {
    const before = anchorId ? previous.current.get(anchorId) : undefined;
    const after = anchorId ? placed.get(anchorId) : undefined;
    if (before && after && previous.current !== placed) zoom.keepInPlace(before, after);
    previous.current = placed;
  }, [placed, anchorId]); // eslint-disable-line react-hooks/exhaustive-deps

  // The first cards on screen: what the bench times, and what tests wait for.
  const ready = useRef(false);
  useEffect(() => {
    if (ready.current || visible.length === 0) return;
    ready.current = true;
    performance.mark('chart:first-draw');
    container.current?.closest('[data-chart-root]')?.setAttribute('data-chart-ready', 'true');
  }, [visible]);

  const centre = (id: string, animate = true) => {
    const n = placed.get(id);
    if (!n) return;
    const k = zoom.transform.current.k < 0.55 ? 1 : zoom.transform.current.k;
    zoom.centreOn(n.x + n.width / 2, n.y + n.height / 2, k, animate);
  };
  const focusCard = () => document.getElementById(`chart-card-${focusedId}`)?.focus({ preventScroll: true });
  useImperativeHandle(ref, () => ({ zoomBy: zoom.zoomBy, fitAll: () => zoom.fit(layout.bounds), centre, focusCard }));

  // Keyboard moves: the card gets focus once it is drawn, and the view follows it.
  const moved = useRef(false);
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    focusCard();
    const n = placed.get(focusedId);
    if (n && !zoom.inView(n)) centre(focusedId);
  }, [focusedId, placed]); // eslint-disable-line react-hooks/exhaustive-deps

  const go = (id: string | undefined) => {
    if (!id || !placed.has(id)) return;
    moved.current = true;
    onFocusCard(id);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const onCard = (e.target as HTMLElement).getAttribute('role') === 'treeitem';
    const key = e.key;
    let handled = true;
    if (key === '+' || key === '=') zoom.zoomBy(1.25);
    else if (key === '-' || key === '_') zoom.zoomBy(0.8);
    else if (key === '0') zoom.fit(layout.bounds);
    else if (key === 'Home') {
      go(model.homeId);
      centre(model.homeId);
    } else if (onCard) handled = treeKey(key);
    else if (key === 'ArrowLeft') zoom.panBy(80, 0);
    else if (key === 'ArrowRight') zoom.panBy(-80, 0);
    else if (key === 'ArrowUp') zoom.panBy(0, 80);
    else if (key === 'ArrowDown') zoom.panBy(0, -80);
    else handled = false;
    if (handled) e.preventDefault();
  };

  const treeKey = (key: string): boolean => {
    const card = model.byId.get(focusedId);
    if (!card) return false;
    const siblings = card.parentId ? model.children.get(card.parentId) ?? [] : [];
    const kids = model.children.get(card.id) ?? [];
    const at = siblings.indexOf(card.id);
    if (key === 'ArrowUp') go(card.parentId ?? undefined);
    else if (key === 'ArrowDown') {
      if (kids.length && collapsed.has(card.id)) onToggle(card.id);
      if (kids.length) {
        moved.current = true;
        onFocusCard(kids[0]);
      }
    } else if (key === 'ArrowLeft') go(siblings[at - 1]);
    else if (key === 'ArrowRight') go(siblings[at + 1]);
    else if (key === 'End') go(siblings.at(-1));
    else if (key === ' ' && kids.length) onToggle(card.id);
    else if (key === 'Enter') {
      if (card.kind === 'unit') router.push(`/units/${card.id}`);
      else if (card.kind === 'person') router.push(`/members/${card.id}`);
    } else return false;
    return true;
  };

  // The browser may still scroll the clipped area (find in page, a focused card's scrollIntoView):
  // the scroll becomes a pan, so the drawing and the zoom's transform stay one.
  const onScroll = () => {
    const el = container.current;
    if (!el || (el.scrollLeft === 0 && el.scrollTop === 0)) return;
    const { scrollLeft, scrollTop } = el;
    el.scrollLeft = 0;
    el.scrollTop = 0;
    zoom.panBy(-scrollLeft, -scrollTop);
  };

  const detail = drawn?.detail ?? 'near';
  return (
    <div
      ref={container}
      tabIndex={0}
      role="region"
      aria-label={`${label}: drag or use the arrow keys to pan, + and − to zoom, 0 to fit, Home for your place`}
      aria-roledescription="chart"
      onKeyDown={onKeyDown}
      onScroll={onScroll}
      className="relative h-full w-full cursor-grab touch-none overflow-hidden bg-zinc-50 outline-none select-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-emerald-500 active:cursor-grabbing dark:bg-zinc-950"
      data-chart-canvas
    >
      {/* Only the cards near the view are in the tree (a large chart stays fast); the keys reach the rest. */}
      <p id={keysId} className="sr-only">
        Only the cards near the view are listed. On a card: Up goes to its parent, Down to its first child, Left and Right to its
        siblings, Space folds or unfolds, Enter opens its page, Home returns to your place.
      </p>
      <div ref={layer} className="absolute top-0 left-0 origin-top-left" data-chart-layer>
        {drawn && (
          <svg
            aria-hidden="true"
            className="pointer-events-none absolute overflow-visible"
            style={{ left: drawn.x0, top: drawn.y0, width: drawn.x1 - drawn.x0, height: drawn.y1 - drawn.y0 }}
            viewBox={`${drawn.x0} ${drawn.y0} ${drawn.x1 - drawn.x0} ${drawn.y1 - drawn.y0}`}
          >
            <path d={connectors.solid} fill="none" className="stroke-zinc-400 dark:stroke-zinc-600" strokeWidth={detail === 'far' ? 4 : 1.5} />
            {connectors.dashed && <path d={connectors.dashed} fill="none" strokeDasharray="6 4" className="stroke-amber-600 dark:stroke-amber-500" strokeWidth={detail === 'far' ? 4 : 1.5} />}
            {boxes && <path d={boxes} className="fill-white stroke-zinc-400 dark:fill-zinc-800 dark:stroke-zinc-600" strokeWidth={4} data-far-boxes />}
          </svg>
        )}
        <div role="tree" aria-label={label} aria-describedby={keysId}>
          {visible.map((n) => {
            const card = model.byId.get(n.id)!;
            if (card.kind === 'org' && detail !== 'far') return <OrgBanner key={n.id} name={card.name} box={n} />;
            // At far zoom only the focused card stays a card, for the keyboard and screen readers.
            if (detail === 'far' && n.id !== focusedId) return null;
            if (card.kind === 'org') return null;
            const pos = treePosition(model, n.id, levels.get(n.id) ?? 1);
            return (
              <ChartCardView
                key={n.id}
                card={card}
                box={n}
                detail={detail === 'far' ? 'mid' : detail}
                {...pos}
                branch={model.children.has(n.id)}
                folded={collapsed.has(n.id)}
                focused={n.id === focusedId}
                highlighted={n.id === highlightId}
                viewer={n.id === model.homeId}
                onToggle={onToggle}
                onSelect={onFocusCard}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
}

/** The people chart's top when several lines start there: the organization, not a person. */
function OrgBanner({ name, box }: { name: string; box: PlacedNode }) {
  return (
    <div aria-hidden="true" style={{ left: box.x, top: box.y, width: box.width, height: box.height }} className="absolute flex items-center justify-center rounded-lg bg-emerald-700 px-3 text-sm font-semibold text-white">
      {name}
    </div>
  );
}
