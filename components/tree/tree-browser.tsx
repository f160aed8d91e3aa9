'use client';
// The org tree pane: a flattened, virtualized WAI-ARIA tree (role=tree with treeitems carrying
// aria-level/setsize/posinset/expanded; focus stays on the tree and aria-activedescendant names
// the active row, which is always rendered), lazy children with "Load more" rows, keyboard
// navigation (arrows, Home/End, Enter, type-ahead, `*`), and drag and drop to move units (each
// drop asks first, naming where from and where to, as a drop is easily made by mistake).
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { useParams, useRouter } from 'next/navigation';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { startNavigationProgress } from '@/components/shell/navigation-progress';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/toaster';
import { useUnitEdits } from '@/components/units/use-unit-edits';
import { ApiError } from '@/lib/api/client';
import type { UnitRow } from '@/lib/screens/unit-view';
import type { FlatRow } from './flatten-tree';
import { moveRefusal } from './move-rules';
import { useTreeStore } from './tree-provider';
import { MoreRowView, TreeRowView } from './tree-row';

export const ROW_HEIGHT = 32;
const TYPEAHEAD_MS = 600;
const HOVER_EXPAND_MS = 800;

export const rowDomId = (key: string) => `tree-row-${key}`;

interface DropTarget {
  key: string;
  refusal?: string;
}

/** A drop waiting for the person's yes: the unit, where it is now and where it would go. */
interface PendingMove {
  unit: UnitRow;
  fromName: string;
  target: UnitRow;
}

export function TreeBrowser() {
  const store = useTreeStore();
  const rows = store.flatRows();
  const router = useRouter();
  const edits = useUnitEdits();
  const { unitId: selectedId } = useParams<{ unitId?: string }>();
  const scrollRef = useRef<HTMLDivElement>(null);
  const treeRef = useRef<HTMLDivElement>(null);
  const [activeKey, setActiveKey] = useState<string | undefined>(selectedId);
  const [focused, setFocused] = useState(false);
  const [dragId, setDragId] = useState<string>();
  const [drop, setDrop] = useState<DropTarget>();
  // Kept after the answer so the dialog keeps its text while it closes.
  const [pending, setPending] = useState<PendingMove>();
  const [asking, setAsking] = useState(false);
  const [moving, setMoving] = useState(false);
  const typeahead = useRef({ text: '', at: 0 });
  const hoverTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const scrolledFor = useRef(0);

  const indexOf = useCallback((key: string | undefined) => (key ? rows.findIndex((r) => r.key === key) : -1), [rows]);
  const selectedIndex = indexOf(selectedId);
  const activeIndex = indexOf(activeKey) >= 0 ? indexOf(activeKey) : Math.max(0, selectedIndex);
  const dragIndex = indexOf(dragId);

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    getItemKey: (i) => rows[i].key,
    // The active row (named by aria-activedescendant), the selected one and the one being
    // dragged stay rendered even when scrolled away.
    rangeExtractor: useCallback(
      (range: Range) => {
        const keep = new Set(defaultRangeExtractor(range));
        for (const i of [activeIndex, selectedIndex, dragIndex]) if (i >= 0 && i < range.count) keep.add(i);
        return [...keep].sort((a, b) => a - b);
      },
      [activeIndex, selectedIndex, dragIndex],
    ),
  });

  // Opening a unit (link, breadcrumb, search, deep link) expands the way down to it; it and a
  // unit moved here are scrolled into view and made the active row once their row exists.
  useEffect(() => {
    if (!selectedId) return;
    setActiveKey(selectedId);
    void store.reveal(selectedId);
  }, [selectedId, store]);
  const focus = store.focus;
  const focusIndex = indexOf(focus?.id);
  useEffect(() => {
    if (!focus || focusIndex < 0 || scrolledFor.current === focus.seq) return;
    scrolledFor.current = focus.seq;
    setActiveKey(focus.id);
    virtualizer.scrollToIndex(focusIndex, { align: 'auto' });
  }, [focus, focusIndex, virtualizer]);

  // A "Load more" row scrolled into view loads the next page by itself.
  const items = virtualizer.getVirtualItems();
  const range = virtualizer.range;
  const moreInView = items
    .flatMap((item) => {
      const r = rows[item.index];
      const inView = range && item.index >= range.startIndex && item.index <= range.endIndex;
      return inView && r?.kind === 'more' && !r.loading ? [r.parentId] : [];
    })
    .join(' ');
  useEffect(() => {
    for (const parentId of moreInView.split(' ').filter(Boolean)) void store.loadMore(parentId);
  }, [moreInView, store]);

  const moveTo = (index: number) => {
    if (rows.length === 0) return;
    const i = Math.min(rows.length - 1, Math.max(0, index));
    setActiveKey(rows[i].key);
    virtualizer.scrollToIndex(i, { align: 'auto' });
  };

  const open = (row: FlatRow) => {
    if (row.kind === 'more') void store.loadMore(row.parentId);
    else {
      startNavigationProgress(`/units/${row.id}`);
      router.push(`/units/${row.id}`);
    }
  };

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const row = rows[activeIndex];
    if (!row) return;
    let handled = true;
    switch (e.key) {
      case 'ArrowDown':
        moveTo(activeIndex + 1);
        break;
      case 'ArrowUp':
        moveTo(activeIndex - 1);
        break;
      case 'Home':
        moveTo(0);
        break;
      case 'End':
        moveTo(rows.length - 1);
        break;
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
        open(row);
        break;
      case '*':
        if (row.kind === 'unit') void store.expandSiblings(row.id);
        break;
      default:
        // `/` is the console's search shortcut (tree-search.tsx), from the tree too.
        handled = e.key.length === 1 && e.key !== '/' && !e.ctrlKey && !e.metaKey && !e.altKey && typeAhead(e.key);
    }
    if (handled) e.preventDefault();
  }

  /** Moves to the next unit whose name starts with what was typed in the last moment. */
  function typeAhead(char: string): boolean {
    const now = Date.now();
    const t = typeahead.current;
    t.text = now - t.at < TYPEAHEAD_MS ? t.text + char.toLocaleLowerCase() : char.toLocaleLowerCase();
    t.at = now;
    // Repeating one letter cycles through the names starting with it.
    const needle = [...t.text].every((c) => c === t.text[0]) ? t.text[0] : t.text;
    const start = needle.length === 1 ? activeIndex + 1 : activeIndex;
    for (let n = 0; n < rows.length; n++) {
      const i = (start + n) % rows.length;
      const r = rows[i];
      if (r.kind === 'unit' && store.units.get(r.id)?.name.toLocaleLowerCase().startsWith(needle)) {
        moveTo(i);
        return true;
      }
    }
    return needle.length === 1;
  }

  // Drag and drop: rows the actor may move are draggable; a row accepts the drop when the move
  // rules allow it, otherwise it says why.
  const dragged = dragId ? store.units.get(dragId) : undefined;
  const refusalFor = (target: UnitRow): string | undefined => {
    if (!dragged) return undefined;
    if (target.locked) return `${target.name} is being moved or deleted; try again in a moment.`;
    return moveRefusal(store.scopes, dragged, target);
  };

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

  function onDrop(row: FlatRow & { kind: 'unit' }, e: React.DragEvent) {
    e.preventDefault();
    const target = store.units.get(row.id);
    const unit = dragged;
    endDrag();
    if (!unit || !target || refusalFor(target)) return;
    setPending({ unit, target, fromName: (unit.parentId && store.units.get(unit.parentId)?.name) || 'its parent' });
    setAsking(true);
  }

  async function confirmMove() {
    if (!pending) return;
    setMoving(true);
    try {
      // The unit as the tree has it now: its version is the one the move is checked against.
      await edits.move(store.units.get(pending.unit.id) ?? pending.unit, pending.target);
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : 'The unit could not be moved. Try again.');
    } finally {
      setMoving(false);
      setAsking(false);
    }
  }

  function endDrag(explain = false) {
    clearTimeout(hoverTimer.current);
    if (explain && drop?.refusal) toast.error(drop.refusal);
    setDragId(undefined);
    setDrop(undefined);
  }

  const active = rows[activeIndex];
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div ref={scrollRef} className="min-h-0 flex-1 overflow-auto px-2 py-1">
        <div
          ref={treeRef}
          role="tree"
          aria-label="Organization tree"
          tabIndex={0}
          aria-activedescendant={focused && active ? rowDomId(active.key) : undefined}
          onKeyDown={onKeyDown}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          className="relative outline-none"
          style={{ height: virtualizer.getTotalSize() }}
        >
          {items.map((item) => {
            const row = rows[item.index];
            const style = { height: ROW_HEIGHT, transform: `translateY(${item.start}px)` };
            const isActive = item.index === activeIndex;
            if (row.kind === 'more') {
              return (
                <MoreRowView
                  key={row.key}
                  id={rowDomId(row.key)}
                  row={row}
                  style={style}
                  active={isActive && focused}
                  onActivate={() => {
                    setActiveKey(row.key);
                    void store.loadMore(row.parentId);
                    treeRef.current?.focus({ preventScroll: true });
                  }}
                />
              );
            }
            const unit = store.units.get(row.id)!;
            return (
              <TreeRowView
                key={row.key}
                id={rowDomId(row.key)}
                row={row}
                unit={unit}
                style={style}
                active={isActive && focused}
                selected={row.id === selectedId}
                draggable={unit.canEdit && !unit.locked && unit.parentId !== null}
                dropHint={dragged && dragged.id !== unit.id ? (refusalFor(unit) ? 'refused' : 'allowed') : undefined}
                drop={drop?.key === row.key ? (drop.refusal ? 'refused' : 'allowed') : undefined}
                onToggle={() => store.toggle(row.id)}
                onActivate={() => {
                  setActiveKey(row.key);
                  treeRef.current?.focus({ preventScroll: true });
                }}
                onDragStart={(e) => {
                  e.dataTransfer.effectAllowed = 'move';
                  e.dataTransfer.setData('text/plain', unit.name);
                  setDragId(unit.id);
                }}
                onDragOver={(e) => onDragOver(row, e)}
                onDrop={(e) => void onDrop(row, e)}
                onDragEnd={() => endDrag(true)}
              />
            );
          })}
        </div>
      </div>
      <p aria-live="polite" className="min-h-5 px-3 pb-1 text-xs text-zinc-600 dark:text-zinc-400">
        {dragged
          ? drop?.refusal
            ? `Can't move here: ${drop.refusal}`
            : `Moving ${dragged.name}: drop it on a highlighted unit.`
          : ''}
      </p>
      <ConfirmDialog
        open={asking}
        title={pending ? `Move ${pending.unit.name}?` : ''}
        description={
          pending && (
            <>
              From {pending.fromName} to {pending.target.name}. Everything below {pending.unit.name} moves along, and who can
              administer it changes with its new place.
            </>
          )
        }
        confirmLabel={pending ? `Move to ${pending.target.name}` : 'Move'}
        destructive={false}
        busy={moving}
        onConfirm={() => void confirmMove()}
        onCancel={() => setAsking(false)}
      />
    </div>
  );
}
