'use client';
// The frame of a tree driven by useVirtualTree: the scroll area, the role=tree element, the
// rendered window of rows ("Load more" rows included) and the live region a drag speaks in.
import type { CSSProperties, ReactNode } from 'react';
import type { UnitRow } from '@/lib/screens/unit-view';
import type { FlatRow } from './flatten-tree';
import { MoreRowView } from './tree-row';
import { ROW_HEIGHT, type VirtualTree } from './use-virtual-tree';

/** Where and how a unit row is drawn: its DOM id, its place in the window, whether it is active. */
export interface RowFrame {
  id: string;
  style: CSSProperties;
  active: boolean;
}

export function VirtualTreeView({ tree, label, status, renderUnit }: {
  tree: VirtualTree;
  label: string;
  /** What the live region under the tree says (while dragging). */
  status: string;
  renderUnit(row: FlatRow & { kind: 'unit' }, unit: UnitRow, frame: RowFrame): ReactNode;
}) {
  const { store, rows } = tree;
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div ref={tree.scrollRef} className="min-h-0 flex-1 overflow-auto px-2 py-1">
        <div {...tree.treeProps} aria-label={label}>
          {tree.items.map((item) => {
            const row = rows[item.index];
            const frame = {
              id: tree.rowId(row.key),
              style: { height: ROW_HEIGHT, transform: `translateY(${item.start}px)` },
              active: tree.focused && item.index === tree.activeIndex,
            };
            if (row.kind === 'unit') return renderUnit(row, store.units.get(row.id)!, frame);
            return (
              <MoreRowView
                key={row.key}
                {...frame}
                row={row}
                onActivate={() => {
                  tree.activate(row.key);
                  void store.loadMore(row.parentId);
                }}
              />
            );
          })}
        </div>
      </div>
      <p aria-live="polite" className="min-h-5 px-3 pb-1 text-xs text-zinc-600 dark:text-zinc-400">
        {status}
      </p>
    </div>
  );
}
