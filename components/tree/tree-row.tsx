'use client';
// One row of the tree: indentation, expand chevron, the unit's name (a link to its page) and its
// counts of sub-units and members; and the "Load more" row after a partly loaded child list.
import { Link } from '@/components/ui/link';
import { plural } from '@/lib/text/plural';
import type { CSSProperties, DragEvent } from 'react';
import type { UnitRow } from '@/lib/screens/unit-view';
import type { FlatRow } from './flatten-tree';

export const INDENT = 16;

const base =
  'absolute left-0 top-0 flex w-full select-none items-center gap-1 rounded-md pr-2 text-sm';

export interface TreeRowProps {
  id: string;
  row: FlatRow & { kind: 'unit' };
  unit: UnitRow;
  style: CSSProperties;
  active: boolean;
  selected: boolean;
  draggable: boolean;
  /** While dragging: this row accepts the drop (allowed), refuses it, or is not a candidate. */
  dropHint?: 'allowed' | 'refused';
  /** The row under the pointer while dragging. */
  drop?: 'allowed' | 'refused';
  onToggle(): void;
  onActivate(): void;
  onDragStart(e: DragEvent): void;
  onDragOver(e: DragEvent): void;
  onDrop(e: DragEvent): void;
  onDragEnd(e: DragEvent): void;
}

export function Chevron({ expanded, busy }: { expanded: boolean; busy: boolean }) {
  if (busy) {
    return <span className="size-3 animate-spin rounded-full border-2 border-zinc-400 border-t-transparent" />;
  }
  return (
    <svg viewBox="0 0 16 16" className={`size-3.5 transition-transform ${expanded ? 'rotate-90' : ''}`} fill="currentColor">
      <path d="M6 3.5 11 8l-5 4.5z" />
    </svg>
  );
}

const UnitsIcon = () => (
  <svg viewBox="0 0 16 16" className="size-3" fill="none" stroke="currentColor" strokeWidth="1.5">
    <rect x="5.5" y="1.5" width="5" height="4" rx="1" />
    <rect x="1.5" y="10.5" width="5" height="4" rx="1" />
    <rect x="9.5" y="10.5" width="5" height="4" rx="1" />
    <path d="M8 5.5v2.5M4 10.5V8h8v2.5" />
  </svg>
);

const PeopleIcon = () => (
  <svg viewBox="0 0 16 16" className="size-3" fill="none" stroke="currentColor" strokeWidth="1.5">
    <circle cx="8" cy="5" r="2.75" />
    <path d="M2.5 14.5c.5-3 2.75-4.5 5.5-4.5s5 1.5 5.5 4.5" />
  </svg>
);

/** A unit row's treeitem role and ARIA state: its place among its siblings, open or closed, selected. */
export function unitItemAria(row: FlatRow & { kind: 'unit' }, selected: boolean) {
  return {
    role: 'treeitem',
    'aria-level': row.level,
    'aria-setsize': row.setsize,
    'aria-posinset': row.posinset,
    'aria-expanded': row.expandable ? row.expanded : undefined,
    'aria-selected': selected,
    'aria-busy': row.busy || undefined,
  } as const;
}

/** A row's background: under the pointer while dragging, selected, a candidate drop, or at rest. */
export function rowTone(drop: 'allowed' | 'refused' | undefined, selected: boolean, dropHint?: 'allowed' | 'refused'): string {
  if (drop) return drop === 'allowed' ? 'bg-emerald-100 ring-2 ring-emerald-600 dark:bg-emerald-900/40' : 'bg-red-50 ring-2 ring-red-600 dark:bg-red-950/40';
  if (selected) return 'bg-emerald-50 font-medium text-emerald-900 dark:bg-emerald-900/30 dark:text-emerald-100';
  return dropHint === 'allowed' ? 'bg-emerald-50/60 dark:bg-emerald-950/30' : 'hover:bg-zinc-100 dark:hover:bg-zinc-800/60';
}

export function TreeRowView(p: TreeRowProps) {
  const { row, unit } = p;
  const countsId = `${p.id}-counts`;
  const tone = rowTone(p.drop, p.selected, p.dropHint);
  return (
    <div
      id={p.id}
      {...unitItemAria(row, p.selected)}
      aria-label={unit.name}
      aria-describedby={countsId}
      data-drop={p.drop}
      draggable={p.draggable}
      onDragStart={p.onDragStart}
      onDragOver={p.onDragOver}
      onDrop={p.onDrop}
      onDragEnd={p.onDragEnd}
      onClick={p.onActivate}
      className={`${base} ${tone} ${p.active ? 'outline-2 -outline-offset-2 outline-emerald-600' : ''} ${unit.locked ? 'opacity-60' : ''}`}
      style={{ ...p.style, paddingLeft: (row.level - 1) * INDENT + 4 }}
    >
      <span
        aria-hidden="true"
        onClick={(e) => {
          e.stopPropagation();
          if (row.expandable) p.onToggle();
          p.onActivate();
        }}
        className={`flex size-5 shrink-0 items-center justify-center rounded text-zinc-500 ${row.expandable ? 'cursor-pointer hover:bg-zinc-200 dark:hover:bg-zinc-700' : ''}`}
      >
        {row.expandable && <Chevron expanded={row.expanded} busy={row.busy} />}
      </span>
      <Link href={`/units/${unit.id}`} tabIndex={-1} draggable={false} className="min-w-0 flex-1 truncate py-1.5" title={unit.name}>
        {unit.name}
      </Link>
      <span id={countsId} className="flex shrink-0 items-center gap-2 text-xs tabular-nums text-zinc-500 dark:text-zinc-400">
        <span className="sr-only">
          {plural(unit.childCount, 'sub-unit')}, {plural(unit.memberCount, 'member')}{unit.locked ? ', being moved' : ''}
        </span>
        {unit.childCount > 0 && (
          <span aria-hidden="true" className="flex items-center gap-0.5" title={plural(unit.childCount, 'sub-unit')}>
            <UnitsIcon />
            {unit.childCount}
          </span>
        )}
        {unit.memberCount > 0 && (
          <span aria-hidden="true" className="flex items-center gap-0.5" title={plural(unit.memberCount, 'member')}>
            <PeopleIcon />
            {unit.memberCount}
          </span>
        )}
      </span>
    </div>
  );
}

export function MoreRowView({ id, row, style, active, onActivate }: { id: string; row: FlatRow & { kind: 'more' }; style: CSSProperties; active: boolean; onActivate(): void }) {
  return (
    <div
      id={id}
      role="treeitem"
      aria-level={row.level}
      aria-setsize={row.setsize}
      aria-posinset={row.posinset}
      aria-busy={row.loading || undefined}
      onClick={onActivate}
      className={`${base} cursor-pointer text-emerald-800 hover:bg-zinc-100 dark:text-emerald-300 dark:hover:bg-zinc-800/60 ${active ? 'outline-2 -outline-offset-2 outline-emerald-600' : ''}`}
      style={{ ...style, paddingLeft: (row.level - 1) * INDENT + 28 }}
    >
      {row.loading ? 'Loading…' : 'Load more'}
    </div>
  );
}
