'use client';
// Settings → the danger zone, for owners: delete the organization after a grace period. The
// owner types the organization's name to confirm; until the date any owner can cancel (here or
// from the console's banner). The server checks both the role and the name (lib/offboarding).
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toaster';
import { call } from '@/lib/api/client';
import { formatDeletionDate } from '@/components/shell/deletion-date';

export function DeleteOrganization({ name, deletion }: { name: string; deletion?: { dueAt: string; started: boolean } }) {
  const router = useRouter();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function schedule() {
    setBusy(true);
    setError(null);
    try {
      const result = await call('settings.scheduleDeletion', { body: { confirmName: typed } });
      toast.success(`${name} will be deleted on ${formatDeletionDate(result.dueAt)}. Every owner was emailed.`);
      setTyped('');
      router.refresh();
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Could not schedule the deletion.');
    } finally {
      setBusy(false);
    }
  }

  async function cancel() {
    setBusy(true);
    setError(null);
    try {
      await call('settings.cancelDeletion');
      toast.success(`The deletion of ${name} was cancelled.`);
      router.refresh();
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Could not cancel the deletion.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="danger-zone" className="space-y-3 rounded-lg border border-red-300 p-4 dark:border-red-800">
      <h2 id="danger-zone" className="text-lg font-semibold text-red-800 dark:text-red-300">Delete organization</h2>
      {deletion ? (
        <>
          <p className="text-sm">
            {deletion.started
              ? `The deletion of ${name} has started and can no longer be cancelled.`
              : `${name} will be deleted on ${formatDeletionDate(deletion.dueAt)}. Until then any owner can cancel it.`}
          </p>
          {!deletion.started && (
            <Button onClick={cancel} disabled={busy}>{busy ? 'Cancelling…' : 'Cancel deletion'}</Button>
          )}
          {error && <p role="alert" className="text-sm text-red-700 dark:text-red-400">{error}</p>}
        </>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            schedule();
          }}
          className="space-y-3"
        >
          <p className="text-sm text-zinc-700 dark:text-zinc-300">
            Deletes every unit, membership, invitation, audit entry, API key, webhook, sign-in setting and domain of the
            organization for good, after a grace period during which any owner can cancel. Export the organization first if you
            need its data (Import and export).
          </p>
          <TextField
            label={`Type ${name} to confirm`}
            className="w-full max-w-sm"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoComplete="off"
            error={error ?? undefined}
          />
          <Button type="submit" variant="danger" disabled={busy || typed.trim() !== name}>
            {busy ? 'Scheduling…' : 'Delete organization'}
          </Button>
        </form>
      )}
    </section>
  );
}
