'use client';
// The unit page's edit buttons, each shown only when the server said the person may use it.
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import type { UnitPermissions } from '@/lib/screens/unit-page';
import type { UnitRow } from '@/lib/screens/unit-view';
import { CreateUnitDialog } from './create-unit-dialog';
import { DeleteUnitDialog } from './delete-unit-dialog';
import { MoveUnitDialog } from './move-unit-dialog';

type Open = 'create' | 'move' | 'delete' | undefined;

export function UnitActions({ unit, can }: { unit: UnitRow; can: UnitPermissions }) {
  const [open, setOpen] = useState<Open>();
  if (!can.create && !can.move && !can.delete) return null;
  const locked = unit.locked ? 'This unit is being moved or deleted; try again in a moment.' : undefined;
  return (
    <div className="flex flex-wrap gap-2">
      {can.create && (
        <Button variant="primary" onClick={() => setOpen('create')} disabled={unit.locked} title={locked}>
          New sub-unit
        </Button>
      )}
      {can.move && (
        <Button onClick={() => setOpen('move')} disabled={unit.locked} title={locked}>
          Move…
        </Button>
      )}
      {can.delete && (
        <Button className="text-red-700! dark:text-red-400!" onClick={() => setOpen('delete')} disabled={unit.locked} title={locked}>
          Delete…
        </Button>
      )}
      {can.create && <CreateUnitDialog parent={unit} open={open === 'create'} onClose={() => setOpen(undefined)} />}
      {can.move && <MoveUnitDialog unit={unit} open={open === 'move'} onClose={() => setOpen(undefined)} />}
      {can.delete && <DeleteUnitDialog unit={unit} open={open === 'delete'} onClose={() => setOpen(undefined)} />}
    </div>
  );
}
