'use client';
// The org tree pane: the virtualized WAI-ARIA tree of use-virtual-tree (keyboard, active row) over
// the tree store, with lazy children whose "Load more" rows load when scrolled into view, Enter
// opening the unit's page, and drag and drop to move units (each drop asks first, naming where
// from and where to, as a drop is easily made by mistake).
import { useParams, useRouter } from 'next/navigation';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { startNavigationProgress } from '@/components/shell/navigation-progress';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/toaster';
import { useUnitEdits } from '@/components/units/use-unit-edits';
import { ApiError } from '@/lib/api/client';
import type { UnitRow } from '@/lib/screens/unit-view';
import type { FlatRow } from './flatten-tree';
import { moveRefusal } from './move-rules';
import { useTreeStore } from './tree-provider';
import { TreeRowView } from './tree-row';
import { useTreeDrag } from './use-tree-drag';
import { useVirtualTree } from './use-virtual-tree';
import { VirtualTreeView } from './virtual-tree-view';

/** A drop waiting for the person's yes: the unit, where it is now and where it would go. */
interface PendingMove {
  unit: UnitRow;
  fromName: string;
  target: UnitRow;
}

export function TreeBrowser() {
  const store = useTreeStore();
  const router = useRouter();
  const edits = useUnitEdits();
  const { unitId: selectedId } = useParams<{ unitId?: string }>();
  // Drag and drop: rows the actor may move are draggable; a row accepts the drop when the move
  // rules allow it, otherwise it says why.
  const drag = useTreeDrag((unit, target) => {
    if (target.locked) return `${target.name} is being moved or deleted; try again in a moment.`;
    return moveRefusal(store.scopes, unit, target);
  });
  const tree = useVirtualTree({
    idPrefix: 'tree-row',
    selectedKey: selectedId,
    keepKeys: [drag.dragId],
    onOpen: (row) => {
      startNavigationProgress(`/units/${row.id}`);
      router.push(`/units/${row.id}`);
    },
  });
  const { rows, items, virtualizer, indexOf, setActiveKey } = tree;
  // Kept after the answer so the dialog keeps its text while it closes.
  const [pending, setPending] = useState<PendingMove>();
  const [asking, setAsking] = useState(false);
  const [moving, setMoving] = useState(false);
  const scrolledFor = useRef(0);

  // Opening a unit (link, breadcrumb, search, deep link) expands the way down to it; it and a
  // unit moved here are scrolled into view and made the active row once their row exists.
  useEffect(() => {
    if (!selectedId) return;
    setActiveKey(selectedId);
    void store.reveal(selectedId);
  }, [selectedId, store, setActiveKey]);
  const focus = store.focus;
  const focusIndex = indexOf(focus?.id);
  useEffect(() => {
    if (!focus || focusIndex < 0 || scrolledFor.current === focus.seq) return;
    scrolledFor.current = focus.seq;
    setActiveKey(focus.id);
    virtualizer.scrollToIndex(focusIndex, { align: 'auto' });
  }, [focus, focusIndex, virtualizer, setActiveKey]);

  // A "Load more" row scrolled into view loads the next page by itself.
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

  /** A drop the rules allow asks first, naming where from and where to. */
  function onDrop(row: FlatRow & { kind: 'unit' }, e: DragEvent) {
    const move = drag.dropOn(row, e);
    if (!move) return;
    const { unit, target } = move;
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

  return (
    <>
      <VirtualTreeView
        tree={tree}
        label="Organization tree"
        status={drag.status('')}
        renderUnit={(row, unit, frame) => (
          <TreeRowView
            key={row.key}
            {...frame}
            row={row}
            unit={unit}
            selected={row.id === selectedId}
            draggable={unit.canEdit && !unit.locked && unit.parentId !== null}
            dropHint={drag.dragged && drag.dragged.id !== unit.id ? (drag.refusalFor(unit) ? 'refused' : 'allowed') : undefined}
            drop={drag.dropStateOf(row.key)}
            onToggle={() => store.toggle(row.id)}
            onActivate={() => tree.activate(row.key)}
            onDragStart={(e) => drag.startDrag(unit, e)}
            onDragOver={(e) => drag.dragOver(row, e)}
            onDrop={(e) => onDrop(row, e)}
            onDragEnd={() => {
              if (drag.drop?.refusal) toast.error(drag.drop.refusal);
              drag.endDrag();
            }}
          />
        )}
      />
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
    </>
  );
}
