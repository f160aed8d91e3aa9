'use client';
// A change set's before and after as two charts of the affected area (lib/change-sets/pictures.ts),
// side by side, stacked on a phone. Moved units are highlighted by the chart itself; every kind
// of change also gets its own outline and a word on the card, with a legend, so colour is never
// the only cue. The lists beside (preview-panel.tsx) say the same for screen readers.
import { useEffect, useMemo, useRef } from 'react';
import { ChartPicture } from '@/components/chart/chart-picture';
import { fit, layoutChart, UNIT_CARD } from '@/lib/chart';
import type { ChartLayout, ChartUnit } from '@/lib/chart/types';
import type { Mark, PictureSide, PictureUnit, Pictures } from '@/lib/change-sets';
import { plural } from '@/lib/text/plural';

/** Chart pixels to screen pixels: fit the column between these, the rest scrolls (text stays legible). */
const SCALE = { min: 0.6, max: 0.8 };
const PAD = 16;

/** How each kind of change is drawn on its card: an outline, a sign and a word. */
const MARK_STYLE: Record<Mark, { word: string; sign: string; dash?: string; line: string; text: string; explains: string }> = {
  moved: { word: 'Moved', sign: '↪', line: 'stroke-amber-600', text: 'fill-amber-800 dark:fill-amber-300', explains: 'thick outline' },
  created: { word: 'New', sign: '+', dash: '10 6', line: 'stroke-emerald-600', text: 'fill-emerald-800 dark:fill-emerald-300', explains: 'dashed outline' },
  renamed: { word: 'Renamed', sign: '✎', dash: '2 4', line: 'stroke-sky-600', text: 'fill-sky-800 dark:fill-sky-300', explains: 'dotted outline' },
  deleted: { word: 'Deleted', sign: '✕', dash: '14 4 2 4', line: 'stroke-red-600', text: 'fill-red-800 dark:fill-red-300', explains: 'crossed out' },
};
const MARKS: Mark[] = ['moved', 'created', 'renamed', 'deleted'];

function markLine(unit: PictureUnit, side: 'before' | 'after'): string {
  const m = unit.marks[0]!;
  const { word, sign } = MARK_STYLE[m];
  // The note (moved and renamed only) names the other side: where it goes, or where it came from.
  if (!unit.note) return `${sign} ${word}`;
  return `${sign} ${word} ${side === 'before' ? 'to' : 'from'} ${unit.note}`;
}

function toChartUnit(u: PictureUnit): ChartUnit {
  return { id: u.id, parentId: u.parentId, name: u.name, depth: 0, memberCount: u.memberCount ?? 0, childCount: u.childCount ?? 0, leaders: [], leaderCount: 0 };
}

/** The marks drawn over the chart: the same viewBox, so each outline sits on its card. */
function MarkOverlay({ layout, units, side }: { layout: ChartLayout; units: Map<string, PictureUnit>; side: 'before' | 'after' }) {
  const { x, y, width, height } = layout.bounds;
  return (
    <svg aria-hidden="true" className="pointer-events-none absolute inset-0 h-full w-full" preserveAspectRatio="xMidYMin meet"
      viewBox={`${x - PAD} ${y - PAD} ${Math.max(width, 1) + PAD * 2} ${Math.max(height, 1) + PAD * 2}`}>
      {layout.nodes.map((n) => {
        const unit = units.get(n.id);
        if (!unit) return null;
        // A unit outside the viewer's view has no counts to show: its card's counts line is covered.
        const uncounted = unit.memberCount === undefined ? (
          <>
            <rect x={8} y={38} width={n.width - 16} height={20} className={unit.marks.includes('moved') ? 'fill-amber-50 dark:fill-amber-950' : 'fill-white dark:fill-zinc-900'} />
            <text x={12} y={52} className="fill-zinc-500 text-[12px] dark:fill-zinc-400">outside your view</text>
          </>
        ) : null;
        if (unit.marks.length === 0) return uncounted && <g key={n.id} transform={`translate(${n.x},${n.y})`}>{uncounted}</g>;
        const style = MARK_STYLE[unit.marks[0]!];
        return (
          <g key={n.id} transform={`translate(${n.x},${n.y})`} data-mark={unit.marks.join(' ')}>
            {uncounted}
            {!unit.marks.includes('moved') && (
              <rect x={-4} y={-4} width={n.width + 8} height={n.height + 8} rx={11} fill="none" className={style.line} strokeWidth={3} strokeDasharray={style.dash} />
            )}
            {unit.marks.includes('deleted') && <line x1={8} y1={n.height - 8} x2={n.width - 8} y2={8} className={style.line} strokeWidth={2} />}
            <text x={12} y={80} className={`${style.text} text-[13px] font-semibold`}>{fit(markLine(unit, side), n.width - 24, 13)}</text>
          </g>
        );
      })}
    </svg>
  );
}

function Side({ title, side, picture }: { title: string; side: 'before' | 'after'; picture: PictureSide }) {
  const { layout, byId } = useMemo(() => ({
    layout: layoutChart(picture.units.map((u) => ({ id: u.id, parentId: u.parentId, ...UNIT_CARD }))),
    byId: new Map(picture.units.map((u) => [u.id, u])),
  }), [picture]);
  const units = useMemo(() => picture.units.map(toChartUnit), [picture]);
  const moved = useMemo(() => picture.units.filter((u) => u.marks.includes('moved')).map((u) => u.id), [picture]);
  const id = `picture-${side}`;
  const natural = layout.bounds.width + PAD * 2;
  // A wide area opens scrolled to its first change, not to its left edge.
  const scroller = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const box = scroller.current;
    const first = box?.querySelector('[data-mark]');
    if (!box || !first) return;
    const [b, f] = [box.getBoundingClientRect(), first.getBoundingClientRect()];
    box.scrollLeft += f.left - b.left - (b.width - f.width) / 2;
  }, [layout]);
  return (
    <figure aria-labelledby={id} className="min-w-0 space-y-2" data-side={side}>
      <figcaption id={id} className="text-sm font-semibold">{title}</figcaption>
      {picture.units.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">Nothing changes.</p>
      ) : (
        <div ref={scroller} className="max-h-[32rem] overflow-auto rounded-lg border border-zinc-200 bg-zinc-50 p-2 dark:border-zinc-800 dark:bg-zinc-950">
          <div className="relative mx-auto w-full" style={{ minWidth: Math.round(natural * SCALE.min), maxWidth: Math.round(natural * SCALE.max) }}>
            <ChartPicture units={units} layout={layout} highlight={moved} label={title} />
            <MarkOverlay layout={layout} units={byId} side={side} />
          </div>
        </div>
      )}
      {picture.more > 0 && (
        <p className="text-xs text-zinc-600 dark:text-zinc-400">{plural(picture.more, 'more unit')} around the changes not drawn.</p>
      )}
    </figure>
  );
}

export function BeforeAfter({ pictures }: { pictures: Pictures }) {
  return (
    <div className="space-y-3">
      <div className="grid gap-4 md:grid-cols-2" data-testid="before-after">
        <Side title="Before" side="before" picture={pictures.before} />
        <Side title="After" side="after" picture={pictures.after} />
      </div>
      <ul aria-label="Legend" className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-zinc-700 dark:text-zinc-300">
        {MARKS.map((m) => (
          <li key={m}>
            <span className="font-semibold">{MARK_STYLE[m].sign} {MARK_STYLE[m].word}</span>: {MARK_STYLE[m].explains}
          </li>
        ))}
        <li>Cards without a word: unchanged units around the changes.</li>
      </ul>
    </div>
  );
}
