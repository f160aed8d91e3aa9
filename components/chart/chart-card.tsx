// One card of the interactive chart, a treeitem of the chart's ARIA tree: full at near zoom
// (name, leaders with initials, counts, the fold toggle), the name alone at mid zoom.
import { Link } from '@/components/ui/link';
import { memo } from 'react';
import type { PlacedNode } from '@/lib/chart';
import type { ChartCard as Card } from './chart-model';
import { plural } from '@/lib/text/plural';
import type { Detail } from './use-chart-zoom';

export interface CardProps {
  card: Card;
  box: PlacedNode;
  detail: Detail;
  level: number;
  posinset: number;
  setsize: number;
  /** Has children in the data: a fold toggle, and aria-expanded. */
  branch: boolean;
  folded: boolean;
  focused: boolean;
  highlighted: boolean;
  viewer: boolean;
  onToggle: (id: string) => void;
  onSelect: (id: string) => void;
}

/** Memoized: a re-chosen window re-renders only the cards whose props changed. */
export const ChartCardView = memo(function ChartCardView({ card, box, detail, level, posinset, setsize, branch, folded, focused, highlighted, viewer, onToggle, onSelect }: CardProps) {
  const near = detail === 'near';
  return (
    <div
      role="treeitem"
      id={`chart-card-${card.id}`}
      data-card-id={card.id}
      data-highlighted={highlighted || undefined}
      aria-label={describe(card, branch, folded)}
      aria-level={level}
      aria-posinset={posinset}
      aria-setsize={setsize}
      aria-expanded={branch ? !folded : undefined}
      aria-selected={focused}
      tabIndex={focused ? 0 : -1}
      onClick={() => onSelect(card.id)}
      style={{ left: box.x, top: box.y, width: box.width, height: box.height }}
      className={[
        'absolute flex cursor-pointer flex-col overflow-hidden rounded-lg border bg-white text-left shadow-sm outline-none dark:bg-zinc-900',
        'focus-visible:ring-4 focus-visible:ring-emerald-500/60',
        highlighted ? 'border-amber-500 ring-4 ring-amber-400/70' : viewer ? 'border-emerald-500' : 'border-zinc-300 dark:border-zinc-700',
        near ? 'p-3' : 'items-center justify-center p-2',
      ].join(' ')}
    >
      {near ? <NearCard card={card} /> : <span className="line-clamp-2 text-center text-[22px] leading-tight font-semibold text-zinc-900 dark:text-zinc-100">{card.name}</span>}
      {branch && (
        // Pointer only: keyboard users fold with the arrow keys and Space, as in any tree.
        <span
          aria-hidden="true"
          data-fold-toggle
          title={folded ? 'Expand' : 'Collapse'}
          onClick={(e) => { e.stopPropagation(); onToggle(card.id); }}
          onPointerDown={(e) => e.stopPropagation()}
          className={`absolute right-2 bottom-2 flex h-5 min-w-5 items-center justify-center rounded-full border border-zinc-300 bg-white px-1 text-[11px] leading-none text-zinc-700 hover:bg-zinc-100 dark:border-zinc-600 dark:bg-zinc-800 dark:text-zinc-200 ${near ? '' : 'origin-bottom-right scale-150'}`}
        >
          {folded ? '+' : '−'}
        </span>
      )}
    </div>
  );
});

function NearCard({ card }: { card: Card }) {
  if (card.kind === 'org') return <span className="text-sm font-semibold">{card.name}</span>;
  if (card.kind === 'person') {
    const { person } = card;
    return (
      <>
        <div className="flex items-center gap-2">
          <Initials text={person.initials} />
          <Link href={`/members/${person.userId}`} tabIndex={-1} className="truncate text-sm font-semibold text-zinc-900 hover:underline dark:text-zinc-100">{person.name}</Link>
        </div>
        <div className="mt-1 truncate text-xs text-zinc-500 dark:text-zinc-400">
          {person.unit?.name ?? 'No unit'}{person.reportCount > 0 && ` · ${plural(person.reportCount, 'report')}`}
        </div>
        {person.managerElsewhere && card.managerName && (
          <div className="truncate text-[11px] text-amber-700 dark:text-amber-400">Manager in another unit</div>
        )}
      </>
    );
  }
  const { unit } = card;
  return (
    <>
      <Link href={`/units/${unit.id}`} tabIndex={-1} className="truncate text-sm font-semibold text-zinc-900 hover:underline dark:text-zinc-100">{unit.name}</Link>
      <div className="mt-1 flex min-h-7 items-center gap-1">
        {unit.leaders.map((l) => <Initials key={l.userId} text={l.initials} title={`${l.name} (${l.roleName})`} />)}
        {unit.leaderCount > unit.leaders.length && <span className="text-[11px] text-zinc-500">+{unit.leaderCount - unit.leaders.length}</span>}
        <span className="ml-1 truncate text-xs text-zinc-600 dark:text-zinc-300">{unit.leaders.map((l) => l.name).join(', ')}</span>
      </div>
      <div className="mt-auto text-[11px] text-zinc-500 dark:text-zinc-400">
        {plural(unit.memberCount, 'member')} · {plural(unit.childCount, 'sub-unit')}
      </div>
    </>
  );
}

function Initials({ text, title }: { text: string; title?: string }) {
  return (
    <span title={title} className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-[11px] font-semibold text-emerald-800 dark:bg-emerald-900 dark:text-emerald-100">
      {text}
    </span>
  );
}

/** What a screen reader says for the card (its content is not read out piece by piece). */
function describe(card: Card, branch: boolean, folded: boolean): string {
  const more = branch && folded ? ', collapsed' : '';
  if (card.kind === 'org') return card.name;
  if (card.kind === 'person') {
    const p = card.person;
    const parts = [p.name, p.unit?.name, p.reportCount ? plural(p.reportCount, 'report') : undefined, p.managerElsewhere ? 'manager in another unit' : undefined];
    return parts.filter(Boolean).join(', ') + more;
  }
  const u = card.unit;
  const led = u.leaders.length ? `, led by ${u.leaders.map((l) => l.name).join(', ')}${u.leaderCount > u.leaders.length ? ` and ${u.leaderCount - u.leaders.length} more` : ''}` : '';
  return `${u.name}, ${plural(u.memberCount, 'member')}, ${plural(u.childCount, 'sub-unit')}${led}${more}`;
}
