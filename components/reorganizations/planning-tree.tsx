'use client';
// Planning mode's tree: the live org tree (components/tree's store, rows and lazy loading) where
// nothing is changed directly. Clicking or Enter selects a unit for the panel beside it (its
// actions and people); dragging a unit onto another adds a move to the draft. Each row shows
// what the draft does to it (moves to …, renamed to …, deleted), from the preview.
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { useCallback, useRef, useState, type KeyboardEvent } from 'react';
import type { FlatRow } from '@/components/tree/flatten-tree';
import { useTreeStore } from '@/components/tree/tree-provider';
import type { Mark } from '@/lib/reorganizations/tree-changes';
import type { UnitRow } from '@/lib/screens/unit-view';

/** As the console's tree (components/tree/tree-browser). */
const ROW_HEIGHT = 32;
const INDENT = 16;
const HOVER_EXPAND_MS = 800;
const rowId = (key: string) => `plan-row-${key}`;

/** What the draft does to a live unit: its marks and, for a move or a rename, where or what to. */
export type DraftMarks = Map<string, { marks: Mark[]; note?: string }>;

export function markText(mark: Mark, note?: string): string {
  switch (mark) {
    case 'renamed':
      return note ? `renamed to ${note}` : 'renamed';
    case 'moved':
      return note ? `moves to ${note}` : 'moves';
    case 'deleted':
      return 'deleted';
    case 'created':
      return 'new';
  }
}

export const MARK_TONES: Record<Mark, string> = {
  created: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-200',
  renamed: 'bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-200',
  moved: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200',
  deleted: 'bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-200',
};

/** Why the draft can't take this move, in words (the server decides again). */
export function planningMoveRefusal(unit: UnitRow, target: UnitRow): string | undefined {
  if (unit.parentId === null) return 'The top unit of the organization cannot be moved.';
  if (target.path.startsWith(unit.path)) return "A unit can't be moved into itself or into one of its own sub-units.";
  if (target.id === unit.parentId) return `${unit.name} is already in ${target.name}.`;
  if (!unit.canEdit) return `You need to manage a unit above ${unit.name} to move it.`;
  return undefined;
}

export interface PlanningTreeProps {
  marks: DraftMarks;
  selectedId?: string;
  onSelect(unit: UnitRow): void;
  /** Edits allowed: rows can be dragged. */
  editable: boolean;
  onMove(unit: UnitRow, target: UnitRow): void;
}

export function PlanningTree({ marks, selectedId, onSelect, editable, onMove }: PlanningTreeProps) {
  const store = useTreeStore();
  const rows = store.flatRows();
  const scrollRef = useRef<HTMLDivElement>(null);
  const treeRef = useRef<HTMLDivElement>(null);
  const [activeKey, setActiveKey] = useState<string>();
  const [focused, setFocused] = useState(false);
  const [dragId, setDragId] = useState<string>();
  const [drop, setDrop] = useState<{ key: string; refusal?: string }>();
  const hoverTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const indexOf = useCallback((key: string | undefined) => (key ? rows.findIndex((r) => r.key === key) : -1), [rows]);
  const activeIndex = Math.max(0, indexOf(activeKey) >= 0 ? indexOf(activeKey) : indexOf(selectedId));
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    getItemKey: (i) => rows[i].key,
    rangeExtractor: useCallback(
      (range: Range) => {
        const keep = new Set(defaultRangeExtractor(range));
        if (activeIndex < range.count) keep.add(activeIndex);
        return [...keep].sort((a, b) => a - b);
      },
      [activeIndex],
    ),
  });

  const moveTo = (index: number) => {
    if (rows.length === 0) return;
    const i = Math.min(rows.length - 1, Math.max(0, index));
    setActiveKey(rows[i].key);
    virtualizer.scrollToIndex(i, { align: 'auto' });
  };

  const activate = (row: FlatRow) => {
    if (row.kind === 'more') void store.loadMore(row.parentId);
    else onSelect(store.units.get(row.id)!);
  };

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const row = rows[activeIndex];
    if (!row) return;
    let handled = true;
    switch (e.key) {
      case 'ArrowDown': moveTo(activeIndex + 1); break;
      case 'ArrowUp': moveTo(activeIndex - 1); break;
      case 'Home': moveTo(0); break;
      case 'End': moveTo(rows.length - 1); break;
      case 'ArrowRight':
        if (row.kind === 'unit' && row.expandable && !row.expanded) void store.expand(row.id);
        else if (row.kind === 'unit' && row.expanded) moveTo(activeIndex + 1);
        break;
      case 'ArrowLeft':
        if (row.kind === 'unit' && row.expanded) store.collapse(row.id);
        else if (row.parentId) moveTo(indexOf(row.parentId));
        break;
      case 'Enter':
      case ' ':
        activate(row);
        break;
      default:
        handled = false;
    }
    if (handled) e.preventDefault();
  }

  const dragged = dragId ? store.units.get(dragId) : undefined;
  const refusalFor = (target: UnitRow) => (dragged ? planningMoveRefusal(dragged, target) : undefined);

  function onDragOver(row: FlatRow & { kind: 'unit' }, e: React.DragEvent) {
    const target = store.units.get(row.id);
    if (!dragged || !target) return;
    const refusal = refusalFor(target);
    if (!refusal) {
      e.preventDefault();
      e.dataTransfer.dropEffect = 'move';
    }
    if (drop?.key !== row.key) {
      setDrop({ key: row.key, refusal });
      clearTimeout(hoverTimer.current);
      if (row.expandable && !row.expanded) hoverTimer.current = setTimeout(() => void store.expand(row.id), HOVER_EXPAND_MS);
    }
  }

  function endDrag() {
    clearTimeout(hoverTimer.current);
    setDragId(undefined);
    setDrop(undefined);
  }

  const items = virtualizer.getVirtualItems();
  const active = rows[activeIndex];
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div ref={scrollRef} className="min-h-0 flex-1 overflow-auto px-2 py-1">
        <div
          ref={treeRef}
          role="tree"
          aria-label="Planning tree"
          tabIndex={0}
          aria-activedescendant={focused && active ? rowId(active.key) : undefined}
          onKeyDown={onKeyDown}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          className="relative outline-none"
          style={{ height: virtualizer.getTotalSize() }}
        >
          {items.map((item) => {
            const row = rows[item.index];
            const style = { height: ROW_HEIGHT, transform: `translateY(${item.start}px)` };
            const isActive = focused && item.index === activeIndex;
            const base = `absolute left-0 top-0 flex w-full select-none items-center gap-1 rounded-md pr-2 text-sm ${isActive ? 'outline-2 -outline-offset-2 outline-emerald-600' : ''}`;
            if (row.kind === 'more') {
              return (
                <div
                  key={row.key} id={rowId(row.key)} role="treeitem" aria-level={row.level} aria-setsize={row.setsize} aria-posinset={row.posinset}
                  onClick={() => { setActiveKey(row.key); void store.loadMore(row.parentId); }}
                  className={`${base} cursor-pointer text-emerald-800 hover:bg-zinc-100 dark:text-emerald-300 dark:hover:bg-zinc-800/60`}
                  style={{ ...style, paddingLeft: (row.level - 1) * INDENT + 28 }}
                >
                  {row.loading ? 'Loading…' : 'Load more'}
                </div>
              );
            }
            const unit = store.units.get(row.id)!;
            const draft = marks.get(unit.id);
            const selected = unit.id === selectedId;
            const dropState = drop?.key === row.key ? (drop.refusal ? 'refused' : 'allowed') : undefined;
            const tone = dropState
              ? dropState === 'allowed' ? 'bg-emerald-100 ring-2 ring-emerald-600 dark:bg-emerald-900/40' : 'bg-red-50 ring-2 ring-red-600 dark:bg-red-950/40'
              : selected ? 'bg-emerald-50 font-medium text-emerald-900 dark:bg-emerald-900/30 dark:text-emerald-100' : 'hover:bg-zinc-100 dark:hover:bg-zinc-800/60';
            const draftText = draft?.marks.map((m) => markText(m, draft.note)).join(', ');
            return (
              <div
                key={row.key}
                id={rowId(row.key)}
                role="treeitem"
                aria-level={row.level}
                aria-setsize={row.setsize}
                aria-posinset={row.posinset}
                aria-expanded={row.expandable ? row.expanded : undefined}
                aria-selected={selected}
                aria-label={unit.name}
                aria-description={draftText ? `In this change set: ${draftText}` : undefined}
                data-drop={dropState}
                draggable={editable && unit.canEdit && unit.parentId !== null && !unit.locked}
                onDragStart={(e) => {
                  e.dataTransfer.effectAllowed = 'move';
                  e.dataTransfer.setData('text/plain', unit.name);
                  setDragId(unit.id);
                }}
                onDragOver={(e) => onDragOver(row, e)}
                onDrop={(e) => {
                  e.preventDefault();
                  const target = store.units.get(row.id);
                  const moving = dragged;
                  endDrag();
                  if (moving && target && !planningMoveRefusal(moving, target)) onMove(moving, target);
                }}
                onDragEnd={endDrag}
                onClick={() => {
                  setActiveKey(row.key);
                  onSelect(unit);
                  treeRef.current?.focus({ preventScroll: true });
                }}
                className={`${base} cursor-pointer ${tone}`}
                style={{ ...style, paddingLeft: (row.level - 1) * INDENT + 4 }}
              >
                <span
                  aria-hidden="true"
                  onClick={(e) => {
                    e.stopPropagation();
                    if (row.expandable) store.toggle(row.id);
                    setActiveKey(row.key);
                  }}
                  className={`flex size-5 shrink-0 items-center justify-center rounded text-zinc-500 ${row.expandable ? 'hover:bg-zinc-200 dark:hover:bg-zinc-700' : ''}`}
                >
                  {row.expandable && (
                    <svg viewBox="0 0 16 16" className={`size-3.5 transition-transform ${row.expanded ? 'rotate-90' : ''}`} fill="currentColor">
                      <path d="M6 3.5 11 8l-5 4.5z" />
                    </svg>
                  )}
                </span>
                <span className={`min-w-0 flex-1 truncate py-1.5 ${draft?.marks.includes('deleted') ? 'line-through' : ''}`} title={unit.name}>{unit.name}</span>
                {draft?.marks.map((m) => (
                  <span key={m} aria-hidden="true" className={`shrink-0 truncate rounded px-1.5 py-0.5 text-xs font-medium ${MARK_TONES[m]}`}>
                    {markText(m, draft.note)}
                  </span>
                ))}
              </div>
            );
          })}
        </div>
      </div>
      <p aria-live="polite" className="min-h-5 px-3 pb-1 text-xs text-zinc-600 dark:text-zinc-400">
        {dragged ? (drop?.refusal ? `Can't move here: ${drop.refusal}` : `Moving ${dragged.name} in this change set: drop it on a highlighted unit.`) : ''}
      </p>
    </div>
  );
}
