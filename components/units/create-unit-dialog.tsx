'use client';
// New sub-unit: a name, checked by the server (unique among its siblings, ignoring case).
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api/client';
import type { UnitRow } from '@/lib/screens/unit-view';
import { useUnitEdits } from './use-unit-edits';

export function CreateUnitDialog({ parent, open, onClose }: { parent: UnitRow; open: boolean; onClose(): void }) {
  const edits = useUnitEdits();
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  function close() {
    setName('');
    setError(undefined);
    onClose();
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await edits.create(parent, name);
      close();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The unit could not be created. Try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open={open} onClose={close} title={`New unit in ${parent.name}`}>
      <form onSubmit={submit} className="space-y-4">
        <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} error={error} autoFocus required maxLength={200} />
        <div className="flex justify-end gap-2">
          <Button onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={busy || name.trim() === ''}>
            {busy ? 'Creating…' : 'Create unit'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
