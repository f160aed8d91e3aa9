'use client';
// Planning mode's tree: the live org tree (components/tree's store, rows and lazy loading, and the
// keyboard of use-virtual-tree) where nothing is changed directly. Clicking or Enter selects a
// unit for the panel beside it (its actions and people); dragging a unit onto another adds a move
// to the draft. Each row shows what the draft does to it (moves to …, renamed to …, deleted),
// from the preview.
import { Chevron, INDENT, rowTone, unitItemAria } from '@/components/tree/tree-row';
import { useTreeDrag } from '@/components/tree/use-tree-drag';
import { useVirtualTree } from '@/components/tree/use-virtual-tree';
import { VirtualTreeView } from '@/components/tree/virtual-tree-view';
import type { Mark } from '@/lib/change-sets/tree-changes';
import type { UnitRow } from '@/lib/screens/unit-view';

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
  const drag = useTreeDrag(planningMoveRefusal);
  const tree = useVirtualTree({
    idPrefix: 'plan-row',
    selectedKey: selectedId,
    keepKeys: [drag.dragId],
    onOpen: (row) => onSelect(tree.store.units.get(row.id)!),
  });
  const { store } = tree;
  return (
    <VirtualTreeView
      tree={tree}
      label="Planning tree"
      status={drag.status(' in this reorganization')}
      renderUnit={(row, unit, frame) => {
        const draft = marks.get(unit.id);
        const selected = unit.id === selectedId;
        const dropState = drag.dropStateOf(row.key);
        const draftText = draft?.marks.map((m) => markText(m, draft.note)).join(', ');
        return (
          <div
            key={row.key}
            id={frame.id}
            {...unitItemAria(row, selected)}
            aria-label={unit.name}
            aria-description={draftText ? `In this reorganization: ${draftText}` : undefined}
            data-drop={dropState}
            draggable={editable && unit.canEdit && unit.parentId !== null && !unit.locked}
            onDragStart={(e) => drag.startDrag(unit, e)}
            onDragOver={(e) => drag.dragOver(row, e)}
            onDrop={(e) => {
              const move = drag.dropOn(row, e);
              if (move) onMove(move.unit, move.target);
            }}
            onDragEnd={drag.endDrag}
            onClick={() => {
              tree.activate(row.key);
              onSelect(unit);
            }}
            className={`absolute left-0 top-0 flex w-full cursor-pointer select-none items-center gap-1 rounded-md pr-2 text-sm ${rowTone(dropState, selected)} ${frame.active ? 'outline-2 -outline-offset-2 outline-emerald-600' : ''}`}
            style={{ ...frame.style, paddingLeft: (row.level - 1) * INDENT + 4 }}
          >
            <span
              aria-hidden="true"
              onClick={(e) => {
                e.stopPropagation();
                if (row.expandable) store.toggle(row.id);
                tree.setActiveKey(row.key);
              }}
              className={`flex size-5 shrink-0 items-center justify-center rounded text-zinc-500 ${row.expandable ? 'hover:bg-zinc-200 dark:hover:bg-zinc-700' : ''}`}
            >
              {row.expandable && <Chevron expanded={row.expanded} busy={row.busy} />}
            </span>
            <span className={`min-w-0 flex-1 truncate py-1.5 ${draft?.marks.includes('deleted') ? 'line-through' : ''}`} title={unit.name}>{unit.name}</span>
            {draft?.marks.map((m) => (
              <span key={m} aria-hidden="true" className={`shrink-0 truncate rounded px-1.5 py-0.5 text-xs font-medium ${MARK_TONES[m]}`}>
                {markText(m, draft.note)}
              </span>
            ))}
          </div>
        );
      }}
    />
  );
}
