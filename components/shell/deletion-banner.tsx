'use client';
// The console's banner while the organization's deletion is scheduled: the date, and for owners a
// "Cancel deletion" button (DELETE /api/v1/settings/deletion; the server checks the role again).
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toaster';
import { call } from '@/lib/api/client';
import { formatDeletionDate } from './deletion-date';

export function DeletionBanner({ dueAt, started, canCancel }: { dueAt: string; started: boolean; canCancel: boolean }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);

  async function cancel() {
    setBusy(true);
    try {
      await call('settings.cancelDeletion');
      toast.success('The deletion was cancelled.');
      router.refresh();
    } catch (e) {
      toast.error(e instanceof Error ? e.message : 'Could not cancel the deletion.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div role="status" aria-label="Organization deletion" className="flex flex-wrap items-center gap-3 border-b border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900 md:px-6 dark:border-red-800 dark:bg-red-950/40 dark:text-red-100">
      <p className="min-w-0 flex-1">
        {started
          ? 'This organization is being deleted.'
          : `This organization will be deleted on ${formatDeletionDate(dueAt)}.`}
      </p>
      {canCancel && !started && (
        <Button size="sm" onClick={cancel} disabled={busy}>{busy ? 'Cancelling…' : 'Cancel deletion'}</Button>
      )}
    </div>
  );
}
