'use client';
// One review for its owners: its facts, progress and counts (the header's counters), the evidence,
// and a page of its items with filters (reviewer, undecided) sent as a plain form and a link to the
// next page, so they work before any script runs.
import { inputClass } from '@/components/ui/text-field';
import { STATUS_WORDS } from '@/lib/access-reviews/words';
import type { ReviewScreenView } from '@/lib/screens/access-reviews';
import { ItemFacts } from './item-facts';
import { ReviewProgress } from './progress';
import { formatDay } from './review-list';

export function ReviewDetail({ view, actions }: { view: ReviewScreenView; actions?: React.ReactNode }) {
  const { review, items, reviewers, filters, nextCursor, paged } = view;
  const pageHref = (cursor?: string) => {
    const q = new URLSearchParams();
    if (filters.reviewer) q.set('reviewer', filters.reviewer);
    if (filters.undecided) q.set('decision', 'undecided');
    if (cursor) q.set('cursor', cursor);
    const s = q.toString();
    return `/reviews/${review.reviewId}${s ? `?${s}` : ''}`;
  };
  const c = review.counts;
  const evidence = (format: 'csv' | 'pdf') => `/api/v1/access-reviews/${review.reviewId}/evidence?format=${format}`;
  const linkButton = 'inline-flex min-h-11 items-center rounded-md border border-zinc-300 px-3 text-sm font-medium hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-800';
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <h1 className="text-2xl font-semibold break-words">{review.name}</h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {STATUS_WORDS[review.status]} · started {formatDay(review.startedAt)} by {review.startedBy.name || review.startedBy.email}
          {review.scheduleId ? ' (scheduled)' : ''} · {review.status === 'open' ? 'ends' : 'deadline'} {formatDay(review.dueAt)} · undecided items are{' '}
          {review.defaultDecision === 'remove' ? 'removed' : 'kept'} at the deadline
          {review.completedAt && <> · completed {formatDay(review.completedAt)}{review.completedBy ? ` by ${review.completedBy.name || review.completedBy.email}` : ' at the deadline'}</>}
        </p>
        <div className="max-w-md"><ReviewProgress counts={c} label="Progress of the review" /></div>
        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
          <div><dt className="inline text-zinc-600 dark:text-zinc-400">Items </dt><dd className="inline font-medium">{c.items}</dd></div>
          <div><dt className="inline text-zinc-600 dark:text-zinc-400">Undecided </dt><dd className="inline font-medium">{c.items - c.decided}</dd></div>
          <div><dt className="inline text-zinc-600 dark:text-zinc-400">Keep </dt><dd className="inline font-medium">{c.keep}</dd></div>
          <div><dt className="inline text-zinc-600 dark:text-zinc-400">Remove </dt><dd className="inline font-medium">{c.remove}</dd></div>
          {review.status === 'completed' && (
            <>
              <div><dt className="inline text-zinc-600 dark:text-zinc-400">Removed </dt><dd className="inline font-medium">{c.removed}</dd></div>
              <div><dt className="inline text-zinc-600 dark:text-zinc-400">Not removed </dt><dd className="inline font-medium">{c.notRemoved}</dd></div>
            </>
          )}
        </dl>
        <div className="flex flex-wrap gap-2">
          <a className={linkButton} href={evidence('csv')} download>Export CSV</a>
          <a className={linkButton} href={evidence('pdf')} download>Export PDF</a>
          {actions}
        </div>
      </div>

      <section aria-labelledby="items" className="space-y-3">
        <h2 id="items" className="text-lg font-semibold">Items</h2>
        <form method="get" className="flex flex-wrap items-end gap-3" aria-label="Filter the items">
          <div>
            <label htmlFor="f-reviewer" className="mb-1 block text-sm font-medium">Reviewer</label>
            <select id="f-reviewer" name="reviewer" defaultValue={filters.reviewer ?? ''} className={inputClass}>
              <option value="">Everyone</option>
              {reviewers.map((r) => <option key={r.userId} value={r.userId}>{r.label}</option>)}
            </select>
          </div>
          <div>
            <label htmlFor="f-decision" className="mb-1 block text-sm font-medium">Decision</label>
            <select id="f-decision" name="decision" defaultValue={filters.undecided ? 'undecided' : ''} className={inputClass}>
              <option value="">Any</option><option value="undecided">Undecided</option>
            </select>
          </div>
          <button type="submit" className={linkButton}>Filter</button>
        </form>
        {items.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{paged ? 'No more items match.' : 'No item matches.'}</p>
        ) : (
          <ul aria-label="Review items" className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
            {items.map((i) => (
              <li key={i.itemId} className="flex flex-wrap justify-between gap-3 p-3">
                <ItemFacts item={i} />
                <p className="text-sm text-zinc-600 dark:text-zinc-400">
                  Reviewer: {i.reviewer ? i.reviewer.name || i.reviewer.email : 'nobody could review it'}
                </p>
              </li>
            ))}
          </ul>
        )}
        {(nextCursor || paged) && (
          <nav aria-label="Pages of items" className="flex flex-wrap gap-2">
            {paged && <a className={linkButton} href={pageHref()}>First items</a>}
            {nextCursor && <a className={linkButton} href={pageHref(nextCursor)}>Next items</a>}
          </nav>
        )}
      </section>
    </div>
  );
}
