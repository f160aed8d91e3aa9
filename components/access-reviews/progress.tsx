'use client';
// A review's progress: decided of all, as a bar with its words (the bar is decoration; the text is read).
import type { ReviewCounts } from '@/lib/access-reviews/types';

export function ReviewProgress({ counts, label }: { counts: ReviewCounts; label: string }) {
  const share = counts.items === 0 ? 100 : Math.round((counts.decided / counts.items) * 100);
  return (
    <div className="min-w-32">
      <div
        role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={counts.items} aria-valuenow={counts.decided}
        aria-valuetext={`${counts.decided} of ${counts.items} decided`}
        className="h-2 w-full overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
      >
        <div className="h-full bg-emerald-600" style={{ width: `${share}%` }} />
      </div>
      <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">{counts.decided} of {counts.items} decided</p>
    </div>
  );
}
