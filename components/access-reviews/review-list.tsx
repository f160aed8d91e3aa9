'use client';
// The owners' list of reviews: name, status, progress, deadline and what was kept and removed.
import { Link } from '@/components/ui/link';
import { EmptyState } from '@/components/ui/empty-state';
import { STATUS_WORDS } from '@/lib/access-reviews/words';
import type { ReviewHeader } from '@/lib/access-reviews/types';
import { ReviewProgress } from './progress';

export const formatDay = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

export function ReviewList({ reviews }: { reviews: ReviewHeader[] }) {
  if (reviews.length === 0) {
    return <EmptyState title="No review yet">Start one to have each person&apos;s elevated access confirmed by someone who can judge it.</EmptyState>;
  }
  return (
    <ul aria-label="Access reviews" className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
      {reviews.map((r) => (
        <li key={r.reviewId} className="flex flex-wrap items-center justify-between gap-3 p-3">
          <div className="min-w-0 space-y-1">
            <Link href={`/reviews/${r.reviewId}`} className="font-medium underline break-words">{r.name}</Link>
            <p className="text-xs text-zinc-600 dark:text-zinc-400">
              {STATUS_WORDS[r.status]} · {r.status === 'open' ? `ends ${formatDay(r.dueAt)}` : r.completedAt ? `ended ${formatDay(r.completedAt)}` : `started ${formatDay(r.startedAt)}`}
              {' · '}{r.counts.keep} kept, {r.counts.remove} to remove{r.status === 'completed' ? `, ${r.counts.removed} removed` : ''}
            </p>
          </div>
          <ReviewProgress counts={r.counts} label={`Progress of ${r.name}`} />
        </li>
      ))}
    </ul>
  );
}
