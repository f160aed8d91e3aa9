'use client';
// "New change set": a name and an optional description; created as an empty draft, then opened.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { startNavigationProgress } from '@/components/shell/navigation-progress';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { inputClass, TextField } from '@/components/ui/text-field';
import { createChangeSet } from './change-set-api';

export function NewChangeSetDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const router = useRouter();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function close() {
    setName('');
    setDescription('');
    setError(null);
    onClose();
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const set = await createChangeSet(name.trim(), description.trim());
      const href = `/reorganizations/${set.setId}`;
      startNavigationProgress(href);
      router.push(href);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Could not create the reorganization.');
      setBusy(false);
    }
  }

  return (
    <Modal open={open} onClose={close} title="New reorganization" description="A draft of changes to the tree and its people, previewed and approved before it is applied.">
      <form onSubmit={submit} className="space-y-4">
        <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} required maxLength={100} autoFocus />
        <div>
          <label htmlFor="change-set-description" className="mb-1 block text-sm font-medium">Description <span className="font-normal text-zinc-600 dark:text-zinc-400">(optional)</span></label>
          <textarea id="change-set-description" className={inputClass} rows={3} value={description} onChange={(e) => setDescription(e.target.value)} maxLength={4000} />
        </div>
        {error && <p role="alert" className="text-sm text-red-700 dark:text-red-400">{error}</p>}
        <div className="flex justify-end gap-2">
          <Button onClick={close} disabled={busy}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={busy || !name.trim()}>{busy ? 'Creating…' : 'Create'}</Button>
        </div>
      </form>
    </Modal>
  );
}
