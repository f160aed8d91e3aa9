'use client';
// A small form in a dialog that adds something to the draft: its fields, a submit button, and
// the server's refusal shown inside it (the dialog stays open so the person can fix it).
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { ApiError } from '@/lib/api/client';

export interface FormDialogProps {
  open: boolean;
  title: string;
  description?: ReactNode;
  submitLabel: string;
  canSubmit: boolean;
  onClose(): void;
  /** Resolves when done (the dialog closes), throws the refusal to show. */
  onSubmit(): Promise<void>;
  children?: ReactNode;
  destructive?: boolean;
  /** The submit button while the request runs. */
  busyLabel?: string;
}

export function FormDialog({ open, title, description, submitLabel, canSubmit, onClose, onSubmit, children, destructive, busyLabel = 'Adding…' }: FormDialogProps) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function close() {
    setError(null);
    onClose();
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!canSubmit || busy) return;
    setBusy(true);
    setError(null);
    try {
      await onSubmit();
      close();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Something went wrong. Try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open={open} onClose={close} title={title} description={description}>
      <form onSubmit={submit} className="space-y-4">
        {children}
        {error && <p role="alert" className="text-sm text-red-700 dark:text-red-400">{error}</p>}
        <div className="flex justify-end gap-2">
          <Button onClick={close} disabled={busy}>Cancel</Button>
          <Button type="submit" variant={destructive ? 'danger' : 'primary'} disabled={busy || !canSubmit}>{busy ? busyLabel : submitLabel}</Button>
        </div>
      </form>
    </Modal>
  );
}
