'use client';
// An open review's Complete now (the confirmation says what the default will do) and Cancel; a
// completed one's "Draft a revert" (a change set giving back what it removed, for the usual review).
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useAction } from '@/components/ui/use-action';
import { call } from '@/lib/api/client';
import type { ReviewHeader } from '@/lib/access-reviews/types';

export function ReviewActions({ review }: { review: ReviewHeader }) {
  const [asking, setAsking] = useState<'complete' | 'cancel' | null>(null);
  const { busy, run } = useAction();
  const undecided = review.counts.items - review.counts.decided;

  // What the confirmation asked, done; the dialog closes either way.
  const confirmed = (what: () => Promise<unknown>, done: string) => run(what, done, { settled: () => setAsking(null) });

  const revert = () =>
    run(
      () => call('accessReviews.revert', { params: { reviewId: review.reviewId } }),
      (drafted) => `Revert drafted with ${drafted.operations} ${drafted.operations === 1 ? 'operation' : 'operations'}${drafted.notRevertible.length ? `; ${drafted.notRevertible.length} cannot come back` : ''}.`,
      { open: (drafted) => `/reorganizations/${drafted.changeSetId}` },
    );

  if (review.status === 'completed') {
    if (review.counts.removed === 0) return null;
    return review.revertChangeSetId
      ? <a className="inline-flex min-h-11 items-center px-2 text-sm underline" href={`/reorganizations/${review.revertChangeSetId}`}>The drafted revert</a>
      : <Button className="min-h-11" disabled={busy} onClick={() => void revert()}>Draft a revert</Button>;
  }
  if (review.status !== 'open') return null;
  return (
    <>
      <Button variant="primary" className="min-h-11" disabled={busy} onClick={() => setAsking('complete')}>Complete now</Button>
      <Button className="min-h-11" disabled={busy} onClick={() => setAsking('cancel')}>Cancel review</Button>
      <ConfirmDialog
        open={asking === 'complete'} title={`Complete ${review.name} now?`}
        description={
          undecided === 0
            ? `Every item is decided: the ${review.counts.remove} removals are applied now.`
            : `${undecided} ${undecided === 1 ? 'item is' : 'items are'} undecided and will be ${review.defaultDecision === 'remove' ? 'removed' : 'kept'} (the review's default); the ${review.counts.remove} removals decided are applied now.`
        }
        confirmLabel="Complete now" destructive={review.defaultDecision === 'remove' || review.counts.remove > 0} busy={busy}
        onConfirm={() => void confirmed(() => call('accessReviews.complete', { params: { reviewId: review.reviewId }, body: { expectedVersion: review.version } }), 'Review completed.')}
        onCancel={() => setAsking(null)}
      />
      <ConfirmDialog
        open={asking === 'cancel'} title={`Cancel ${review.name}?`}
        description="Nothing it decided is applied. Reviewers no longer see its items."
        confirmLabel="Cancel review" busy={busy}
        onConfirm={() => void confirmed(() => call('accessReviews.cancel', { params: { reviewId: review.reviewId }, body: { expectedVersion: review.version } }), 'Review cancelled.')}
        onCancel={() => setAsking(null)}
      />
    </>
  );
}
