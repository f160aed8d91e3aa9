'use client';
// A change set's state as a small coloured label: draft, scheduled for <time>, applying (n of m),
// applied, failed, rejected. The time is the reader's local time once in the browser.
import { useHydrated } from '@/components/shell/use-hydrated';
import type { ChangeSetView } from '@/lib/change-sets';

const TONES: Record<ChangeSetView['status'], string> = {
  draft: 'bg-zinc-100 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200',
  scheduled: 'bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-200',
  applying: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200',
  applied: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-200',
  failed: 'bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-200',
  rejected: 'bg-violet-100 text-violet-900 dark:bg-violet-900/40 dark:text-violet-200',
};

/** "12 Mar, 14:30" in the reader's zone (the server renders UTC, marked as such). */
export function useWhen() {
  const local = useHydrated();
  return (iso: string) =>
    local
      ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })
      : `${new Date(iso).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export function statusText(set: Pick<ChangeSetView, 'status' | 'scheduledAt' | 'run' | 'operationCount'>, when: (iso: string) => string): string {
  switch (set.status) {
    case 'scheduled':
      return set.scheduledAt ? `scheduled for ${when(set.scheduledAt)}` : 'scheduled';
    case 'applying':
      return set.run ? `applying (${Math.min(set.run.next, set.operationCount)} of ${set.operationCount})` : 'applying';
    default:
      return set.status;
  }
}

export function StatusBadge({ set }: { set: Pick<ChangeSetView, 'status' | 'scheduledAt' | 'run' | 'operationCount'> }) {
  const when = useWhen();
  return (
    <span data-testid="change-set-status" className={`inline-flex rounded px-1.5 py-0.5 text-xs font-medium whitespace-nowrap ${TONES[set.status]}`}>
      {statusText(set, when)}
    </span>
  );
}
