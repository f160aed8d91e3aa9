'use client';
// Delete a unit, saying first how many units and memberships go with it (countSubtree); a
// non-empty unit is deleted with everything below it. A large delete (LARGE_DELETE_UNITS units or
// more, or any membership) asks for the unit's name to be typed: people are not undone.
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ApiError } from '@/lib/api/client';
import type { SubtreeCounts } from '@/lib/org/count-subtree';
import type { UnitRow } from '@/lib/screens/unit-view';
import { getSubtreeCounts } from './unit-api';
import { plural, useUnitEdits } from './use-unit-edits';

/** From this many units (the unit itself included), a delete asks for the unit's name. */
export const LARGE_DELETE_UNITS = 10;

export function DeleteUnitDialog({ unit, open, onClose }: { unit: UnitRow; open: boolean; onClose(): void }) {
  const edits = useUnitEdits();
  const [counts, setCounts] = useState<SubtreeCounts>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setCounts(undefined);
    setError(undefined);
    let live = true;
    getSubtreeCounts(unit.id)
      .then((c) => live && setCounts(c))
      .catch((e) => live && setError(e instanceof ApiError ? e.message : 'Could not count what would be deleted. Try again.'));
    return () => {
      live = false;
    };
  }, [open, unit.id]);

  const below = counts ? counts.units - 1 : 0;
  const empty = counts !== undefined && below === 0 && counts.memberships === 0;
  const large = counts !== undefined && (counts.units >= LARGE_DELETE_UNITS || counts.memberships > 0);

  async function confirm() {
    if (!counts) return;
    setBusy(true);
    setError(undefined);
    try {
      await edits.remove(unit, !empty);
      onClose();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'The unit could not be deleted. Try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <ConfirmDialog
      open={open}
      title={`Delete ${unit.name}?`}
      confirmLabel={empty || !counts ? 'Delete unit' : `Delete ${plural(counts.units, 'unit')}`}
      busy={busy || (!counts && !error)}
      typeToConfirm={large ? unit.name : undefined}
      onCancel={onClose}
      onConfirm={() => void confirm()}
      description={
        <span className="block space-y-2">
          {!counts && !error && <span className="block">Counting what would be deleted…</span>}
          {counts && empty && <span className="block">{unit.name} has no sub-units and no members. This can't be undone.</span>}
          {counts && !empty && (
            <span className="block" data-testid="delete-counts">
              This deletes {unit.name} with {plural(below, 'sub-unit')} and {plural(counts.memberships, 'membership')}. People keep their
              memberships elsewhere. This can't be undone.
            </span>
          )}
          {error && (
            <span role="alert" className="block text-red-700 dark:text-red-400">
              {error}
            </span>
          )}
        </span>
      }
    />
  );
}
