'use client';
// Someone renamed the unit after this person started editing: show both names and let them
// apply theirs on top of the current version, or keep the current name.
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';

export interface RenameConflict {
  mine: string;
  current: string;
  currentVersion: number;
}

export function RenameConflictDialog({
  conflict,
  busy,
  onApply,
  onDiscard,
}: {
  conflict: RenameConflict | undefined;
  busy: boolean;
  onApply(): void;
  onDiscard(): void;
}) {
  return (
    <Modal
      open={Boolean(conflict)}
      onClose={onDiscard}
      title="Someone else renamed this unit"
      description="While you were editing, the unit was renamed. Choose which name to keep."
      footer={
        <>
          <Button onClick={onDiscard} disabled={busy}>
            Keep “{conflict?.current}”
          </Button>
          <Button variant="primary" onClick={onApply} disabled={busy}>
            {busy ? 'Saving…' : `Apply “${conflict?.mine}”`}
          </Button>
        </>
      }
    >
      {conflict && (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-zinc-600 dark:text-zinc-400">Current name</dt>
          <dd className="font-medium" data-testid="conflict-current">
            {conflict.current}
          </dd>
          <dt className="text-zinc-600 dark:text-zinc-400">Your change</dt>
          <dd className="font-medium">{conflict.mine}</dd>
        </dl>
      )}
    </Modal>
  );
}
