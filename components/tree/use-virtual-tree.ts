'use client';
// The keyboard and virtualization of a WAI-ARIA tree over the tree store's flattened rows, shared
// by the console's tree and planning mode's: one active row named by aria-activedescendant (focus
// stays on the tree) and always rendered, arrows, Home/End, Enter/Space, `*` and type-ahead.
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { useCallback, useRef, useState, type KeyboardEvent } from 'react';
import type { FlatRow } from './flatten-tree';
import { useTreeStore } from './tree-provider';

export const ROW_HEIGHT = 32;
const TYPEAHEAD_MS = 600;

export interface VirtualTreeOptions {
  /** Prefix of the rows' DOM ids (they must be unique on the page). */
  idPrefix: string;
  /** The row of the open or selected unit: where the tree starts, kept rendered. */
  selectedKey?: string;
  /** More rows kept rendered when scrolled away (e.g. the one being dragged). */
  keepKeys?: readonly (string | undefined)[];
  /** Enter or Space on a unit row (a "Load more" row loads the next page). */
  onOpen(row: FlatRow & { kind: 'unit' }): void;
}

export function useVirtualTree({ idPrefix, selectedKey, keepKeys = [], onOpen }: VirtualTreeOptions) {
  const store = useTreeStore();
  const rows = store.flatRows();
  const scrollRef = useRef<HTMLDivElement>(null);
  const treeRef = useRef<HTMLDivElement>(null);
  const [activeKey, setActiveKey] = useState<string | undefined>(selectedKey);
  const [focused, setFocused] = useState(false);
  const typeahead = useRef({ text: '', at: 0 });

  const indexOf = useCallback((key: string | undefined) => (key ? rows.findIndex((r) => r.key === key) : -1), [rows]);
  const activeIndex = indexOf(activeKey) >= 0 ? indexOf(activeKey) : Math.max(0, indexOf(selectedKey));
  const kept = [activeIndex, ...[selectedKey, ...keepKeys].map(indexOf)];
  const keptText = kept.join(' ');

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    getItemKey: (i) => rows[i].key,
    rangeExtractor: useCallback(
      (range: Range) => {
        const keep = new Set(defaultRangeExtractor(range));
        for (const i of keptText.split(' ').map(Number)) if (i >= 0 && i < range.count) keep.add(i);
        return [...keep].sort((a, b) => a - b);
      },
      [keptText],
    ),
  });

  const rowId = (key: string) => `${idPrefix}-${key}`;

  const moveTo = (index: number) => {
    if (rows.length === 0) return;
    const i = Math.min(rows.length - 1, Math.max(0, index));
    setActiveKey(rows[i].key);
    virtualizer.scrollToIndex(i, { align: 'auto' });
  };

  /** A click on a row: it becomes the active one and the tree keeps the keyboard. */
  const activate = (key: string) => {
    setActiveKey(key);
    treeRef.current?.focus({ preventScroll: true });
  };

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
        if (row.kind === 'more') void store.loadMore(row.parentId);
        else onOpen(row);
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

  const active = rows[activeIndex];
  /** The props of the element with role=tree. */
  const treeProps = {
    ref: treeRef,
    role: 'tree',
    tabIndex: 0,
    'aria-activedescendant': focused && active ? rowId(active.key) : undefined,
    onKeyDown,
    onFocus: () => setFocused(true),
    onBlur: () => setFocused(false),
    className: 'relative outline-none',
    style: { height: virtualizer.getTotalSize() },
  } as const;

  return {
    store, rows, scrollRef, treeProps, virtualizer, items: virtualizer.getVirtualItems(),
    activeIndex, focused, indexOf, rowId, moveTo, activate, setActiveKey,
  };
}

export type VirtualTree = ReturnType<typeof useVirtualTree>;
