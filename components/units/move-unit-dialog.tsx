'use client';
// Move a unit: a lazily loaded tree of the places the person may move it to (the server says
// per row whether the move is allowed there: lib/authz 'unit.move', not into itself or below,
// not where it already is); the unit itself and disallowed places can't be chosen. A search box
// above it finds a destination by name in trees too large to browse.
import { useEffect, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { SkeletonRows } from '@/components/ui/skeleton';
import { ApiError, call } from '@/lib/api/client';
import type { PickerRow } from '@/lib/screens/tree';
import type { UnitRow } from '@/lib/screens/unit-view';
import { MoveDestinationSearch } from './move-destination-search';
import { getMovePicker } from './unit-api';
import { useUnitEdits } from './use-unit-edits';

interface Branch {
  items: PickerRow[];
  nextCursor?: string;
  loading: boolean;
}

export function MoveUnitDialog({ unit, open, onClose }: { unit: UnitRow; open: boolean; onClose(): void }) {
  const edits = useUnitEdits();
  const [tops, setTops] = useState<PickerRow[]>();
  const [branches, setBranches] = useState<Record<string, Branch>>({});
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const [choice, setChoice] = useState<PickerRow>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setTops(undefined);
    setBranches({});
    setExpanded(new Set());
    setChoice(undefined);
    setError(undefined);
    let live = true;
    getMovePicker(unit.id)
      .then(async (picker) => {
        if (!live) return;
        setTops(picker.tops);
        // Open the first level so the usual destinations are one click away.
        for (const t of picker.tops.slice(0, 3)) if (t.childCount > 0) await load(t.id);
      })
      .catch((e) => live && setError(e instanceof ApiError ? e.message : 'Could not load where this unit can go. Try again.'));
    return () => {
      live = false;
    };
  }, [open, unit.id]);

  async function load(parentId: string, cursor?: string) {
    setBranches((b) => ({ ...b, [parentId]: { items: b[parentId]?.items ?? [], nextCursor: b[parentId]?.nextCursor, loading: true } }));
    setExpanded((s) => new Set(s).add(parentId));
    try {
      const page = await call('units.children', { params: { unitId: parentId }, query: { moving: unit.id, ...(cursor ? { cursor } : {}) } });
      setBranches((b) => ({
        ...b,
        [parentId]: { items: [...(cursor ? b[parentId]?.items ?? [] : []), ...page.items], nextCursor: page.nextCursor, loading: false },
      }));
    } catch (e) {
      setBranches((b) => ({ ...b, [parentId]: { items: b[parentId]?.items ?? [], loading: false } }));
      setError(e instanceof ApiError ? e.message : 'Could not load the sub-units. Try again.');
    }
  }

  function toggle(id: string) {
    if (expanded.has(id)) {
      setExpanded((s) => {
        const next = new Set(s);
        next.delete(id);
        return next;
      });
    } else if (branches[id]) {
      setExpanded((s) => new Set(s).add(id));
    } else {
      void load(id);
    }
  }

  async function submit() {
    if (!choice) return;
    setBusy(true);
    setError(undefined);
    try {
      await edits.move(unit, choice);
      onClose();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'The unit could not be moved. Try again.');
    } finally {
      setBusy(false);
    }
  }

  function rows(items: PickerRow[], level: number): ReactNode {
    return items.map((row) => {
      const self = row.id === unit.id;
      const here = row.id === unit.parentId;
      const branch = branches[row.id];
      const canOpen = !self && row.childCount > 0;
      const isOpen = canOpen && expanded.has(row.id);
      const note = self ? 'the unit you are moving' : here ? 'where it is now' : !row.canMoveHere ? 'not allowed' : undefined;
      return (
        <li key={row.id}>
          <div className="flex items-center gap-1 rounded py-0.5 hover:bg-zinc-50 dark:hover:bg-zinc-800/50" style={{ paddingLeft: level * 16 }}>
            {canOpen ? (
              <button
                type="button"
                onClick={() => toggle(row.id)}
                aria-expanded={isOpen}
                aria-label={`${isOpen ? 'Hide' : 'Show'} units in ${row.name}`}
                className="flex size-6 items-center justify-center rounded text-zinc-500 hover:bg-zinc-200 focus-visible:outline-2 focus-visible:outline-emerald-600 dark:hover:bg-zinc-700"
              >
                <svg viewBox="0 0 16 16" className={`size-3.5 transition-transform ${isOpen ? 'rotate-90' : ''}`} fill="currentColor" aria-hidden="true">
                  <path d="M6 3.5 11 8l-5 4.5z" />
                </svg>
              </button>
            ) : (
              <span className="size-6" />
            )}
            <label className={`flex flex-1 items-center gap-2 text-sm ${row.canMoveHere ? 'cursor-pointer' : 'cursor-not-allowed text-zinc-500'}`}>
              <input
                type="radio"
                name="destination"
                value={row.id}
                disabled={!row.canMoveHere}
                checked={choice?.id === row.id}
                onChange={() => setChoice(row)}
                className="accent-emerald-700 dark:scheme-dark"
              />
              <span className="truncate">{row.name}</span>
              {note && <span className="text-xs text-zinc-500">({note})</span>}
            </label>
          </div>
          {isOpen && branch && (
            <ul>
              {rows(branch.items, level + 1)}
              {branch.loading && <li className="py-1 text-xs text-zinc-500" style={{ paddingLeft: (level + 1) * 16 + 28 }}>Loading…</li>}
              {branch.nextCursor && !branch.loading && (
                <li style={{ paddingLeft: (level + 1) * 16 + 24 }}>
                  <Button variant="ghost" size="sm" onClick={() => void load(row.id, branch.nextCursor)}>
                    Load more
                  </Button>
                </li>
              )}
            </ul>
          )}
        </li>
      );
    });
  }

  return (
    <Modal
      open={open}
      onClose={onClose}
      size="lg"
      title={`Move ${unit.name}`}
      description="Choose the unit to move it into, or search for it. Everything below it moves along. Places you can't move it to can't be chosen."
      footer={
        <>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button variant="primary" onClick={() => void submit()} disabled={busy || !choice}>
            {busy ? 'Moving…' : choice ? `Move to ${choice.name}` : 'Move here'}
          </Button>
        </>
      }
    >
      <MoveDestinationSearch unitId={unit.id} unitName={unit.name} open={open} chosenId={choice?.id} onChoose={setChoice}>
        <fieldset className="max-h-[50vh] overflow-auto rounded-md border border-zinc-200 p-2 dark:border-zinc-800">
          <legend className="sr-only">New place for {unit.name}</legend>
          {tops === undefined && !error ? <SkeletonRows rows={5} /> : <ul>{rows(tops ?? [], 0)}</ul>}
        </fieldset>
      </MoveDestinationSearch>
      {error && (
        <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </Modal>
  );
}
