'use client';
// A still picture of a unit chart: cards and connectors as one SVG, no interaction. The change
// set page draws a reorganization's before and after with it, moved units highlighted.
import { fit, type ChartLayout, type ChartUnit } from '@/lib/chart';
import { plural } from '@/lib/text/plural';

export interface ChartPictureProps {
  units: readonly ChartUnit[];
  layout: ChartLayout;
  /** Unit ids drawn highlighted (moved, renamed, the focus). */
  highlight?: ReadonlySet<string> | readonly string[];
  /** The picture's accessible name ("Before", "After"). */
  label: string;
  className?: string;
}

export function ChartPicture({ units, layout, highlight, label, className }: ChartPictureProps) {
  const names = new Map(units.map((u) => [u.id, u]));
  const marked = highlight instanceof Set ? highlight : new Set(highlight ?? []);
  const { x, y, width, height } = layout.bounds;
  const pad = 16;
  const path = layout.links.map((l) => 'M' + l.points.map(([px, py]) => `${px},${py}`).join('L')).join('');
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`${x - pad} ${y - pad} ${Math.max(width, 1) + pad * 2} ${Math.max(height, 1) + pad * 2}`}
      className={className ?? 'h-auto w-full'}
      preserveAspectRatio="xMidYMin meet"
    >
      <title>{label}</title>
      <path d={path} fill="none" className="stroke-zinc-300 dark:stroke-zinc-600" strokeWidth={1.5} />
      {layout.nodes.map((n) => {
        const unit = names.get(n.id);
        const on = marked.has(n.id);
        return (
          <g key={n.id} transform={`translate(${n.x},${n.y})`} data-unit-id={n.id} data-highlighted={on || undefined}>
            <rect
              width={n.width}
              height={n.height}
              rx={8}
              className={on ? 'fill-amber-50 stroke-amber-500 dark:fill-amber-950' : 'fill-white stroke-zinc-300 dark:fill-zinc-900 dark:stroke-zinc-700'}
              strokeWidth={on ? 3 : 1}
            />
            <text x={12} y={28} className="fill-zinc-900 text-[15px] font-semibold dark:fill-zinc-100">
              {fit(unit?.name ?? n.id, n.width - 24, 15)}
            </text>
            {unit && (
              <text x={12} y={52} className="fill-zinc-500 text-[12px] dark:fill-zinc-400">
                {plural(unit.memberCount, 'member')} · {plural(unit.childCount, 'sub-unit')}
              </text>
            )}
            {unit && unit.leaders.length > 0 && (
              <text x={12} y={74} className="fill-zinc-600 text-[12px] dark:fill-zinc-300">
                {fit(unit.leaders.map((l) => l.name).join(', '), n.width - 24, 12)}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}
