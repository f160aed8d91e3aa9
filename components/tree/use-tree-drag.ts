'use client';
// Dragging a unit onto another in a tree over the tree store: the row under the pointer accepts
// the drop when `refusal` has nothing against it, otherwise it says why; hovering a closed unit
// for a moment opens it.
import { useRef, useState, type DragEvent } from 'react';
import type { UnitRow } from '@/lib/screens/unit-view';
import type { FlatRow } from './flatten-tree';
import { useTreeStore } from './tree-provider';

const HOVER_EXPAND_MS = 800;

export type DropState = 'allowed' | 'refused';

export function useTreeDrag(refusal: (unit: UnitRow, target: UnitRow) => string | undefined) {
  const store = useTreeStore();
  const [dragId, setDragId] = useState<string>();
  const [drop, setDrop] = useState<{ key: string; refusal?: string }>();
  const hoverTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const dragged = dragId ? store.units.get(dragId) : undefined;
  const refusalFor = (target: UnitRow) => (dragged ? refusal(dragged, target) : undefined);

  function startDrag(unit: UnitRow, e: DragEvent) {
    e.dataTransfer.effectAllowed = 'move';
    e.dataTransfer.setData('text/plain', unit.name);
    setDragId(unit.id);
  }

  function dragOver(row: FlatRow & { kind: 'unit' }, e: DragEvent) {
    const target = store.units.get(row.id);
    if (!dragged || !target) return;
    const why = refusalFor(target);
    if (!why) {
      e.preventDefault();
      e.dataTransfer.dropEffect = 'move';
    }
    if (drop?.key !== row.key) {
      setDrop({ key: row.key, refusal: why });
      clearTimeout(hoverTimer.current);
      if (row.expandable && !row.expanded) hoverTimer.current = setTimeout(() => void store.expand(row.id), HOVER_EXPAND_MS);
    }
  }

  /** The drop on a row: the dragged unit and the target when the move is allowed. */
  function dropOn(row: FlatRow & { kind: 'unit' }, e: DragEvent): { unit: UnitRow; target: UnitRow } | undefined {
    e.preventDefault();
    const target = store.units.get(row.id);
    const unit = dragged;
    endDrag();
    return unit && target && !refusal(unit, target) ? { unit, target } : undefined;
  }

  function endDrag() {
    clearTimeout(hoverTimer.current);
    setDragId(undefined);
    setDrop(undefined);
  }

  /** A row's state under the pointer while dragging. */
  const dropStateOf = (key: string): DropState | undefined => (drop?.key === key ? (drop.refusal ? 'refused' : 'allowed') : undefined);

  /** What the live region says while dragging. */
  const status = (moving: string) => (dragged ? (drop?.refusal ? `Can't move here: ${drop.refusal}` : `Moving ${dragged.name}${moving}: drop it on a highlighted unit.`) : '');

  return { dragId, dragged, drop, refusalFor, startDrag, dragOver, dropOn, endDrag, dropStateOf, status };
}
