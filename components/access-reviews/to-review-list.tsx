'use client';
// A reviewer's list: one card per item (who, what, where, why, last activity), Keep or Remove with a
// reason (required to remove), Delegate to someone who can judge it; several selected at once with
// a confirmation that says how many and what. Cards and 44 px targets: usable on a phone.
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Modal } from '@/components/ui/modal';
import { inputClass } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toaster';
import { useAction } from '@/components/ui/use-action';
import { call } from '@/lib/api/client';
import { REVIEW_LIMITS } from '@/lib/access-reviews/limits';
import type { ReviewItem, ReviewPerson } from '@/lib/access-reviews/types';
import type { ToReviewScreenView } from '@/lib/screens/access-reviews';
import { DelegatePicker } from './delegate-picker';
import { ItemFacts } from './item-facts';
import { formatDay } from './review-list';

type Row = ToReviewScreenView['items'][number];
type Deciding = { rows: Row[]; value: 'keep' | 'remove' };

const target = 'min-h-11 min-w-11';
const whatFor = (rows: Row[], value: 'keep' | 'remove') =>
  rows.length === 1 ? `${value === 'remove' ? 'Remove' : 'Keep'} ${rows[0]!.access.description} of ${rows[0]!.subject.label}` : `${value === 'remove' ? 'Remove access for' : 'Keep access of'} ${rows.length} ${rows.length === 1 ? 'item' : 'items'}`;

export function ToReviewList({ view }: { view: ToReviewScreenView }) {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  const [reason, setReason] = useState('');
  const [delegating, setDelegating] = useState<Row | null>(null);
  const [to, setTo] = useState<ReviewPerson | null>(null);
  const { busy, run } = useAction();
  const undecided = view.items.filter((i) => !i.decision);
  const chosen = undecided.filter((i) => selected.has(i.itemId));

  function open(rows: Row[], value: 'keep' | 'remove') {
    setReason('');
    setDeciding({ rows, value });
  }

  function decide() {
    if (!deciding) return;
    const { rows, value } = deciding;
    // Items of one review go in one bulk call (at most 100); each answers on its own.
    const decideAll = async () => {
      let failed = 0;
      const byReview = new Map<string, Row[]>();
      for (const r of rows) byReview.set(r.reviewId, [...(byReview.get(r.reviewId) ?? []), r]);
      for (const [reviewId, group] of byReview) {
        for (let k = 0; k < group.length; k += REVIEW_LIMITS.maxBulk) {
          const part = group.slice(k, k + REVIEW_LIMITS.maxBulk);
          const { results } = await call('accessReviews.decideMany', {
            params: { reviewId }, body: { items: part.map((r) => ({ itemId: r.itemId, expectedVersion: r.version })), value, reason: reason.trim() || undefined },
          });
          failed += results.filter((x) => x.error).length;
        }
      }
      return failed;
    };
    return run(decideAll, null, {
      then: (failed) => {
        if (failed) toast.error(`${failed} of ${rows.length} could not be decided (changed meanwhile): the list shows them as they are now.`);
        else toast.success(rows.length === 1 ? 'Decided.' : `${rows.length} items decided.`);
        setDeciding(null);
        setSelected(new Set());
      },
    });
  }

  function delegate() {
    if (!delegating || !to) return;
    const body = { toUserId: to.userId, reason: reason.trim(), expectedVersion: delegating.version };
    return run(() => call('accessReviews.delegate', { params: { reviewId: delegating.reviewId, itemId: delegating.itemId }, body }), `Handed over to ${to.name || to.email}.`, {
      then: () => setDelegating(null),
    });
  }

  if (view.items.length === 0) {
    return <EmptyState title="Nothing to review">When an access review gives you something to judge, it is listed here and you get an email.</EmptyState>;
  }
  const needsReason = deciding?.value === 'remove';
  return (
    <div className="space-y-4">
      <p className="text-sm" aria-live="polite">{undecided.length} {undecided.length === 1 ? 'item waits' : 'items wait'} for your decision.</p>
      {undecided.length > 1 && (
        <div className="flex flex-wrap items-center gap-2 rounded-lg border border-zinc-200 p-2 dark:border-zinc-800">
          <label className={`flex items-center gap-2 px-2 text-sm ${target}`}>
            <input type="checkbox" className="h-5 w-5 accent-emerald-700" checked={chosen.length === undecided.length}
              onChange={(e) => setSelected(new Set(e.target.checked ? undecided.map((i) => i.itemId) : []))} />
            Select all
          </label>
          <Button className={target} disabled={chosen.length === 0} onClick={() => open(chosen, 'keep')}>Keep {chosen.length || ''}</Button>
          <Button className={target} variant="danger" disabled={chosen.length === 0} onClick={() => open(chosen, 'remove')}>Remove {chosen.length || ''}</Button>
        </div>
      )}
      <ul aria-label="Items to review" className="space-y-3">
        {view.items.map((i) => (
          <li key={i.itemId} className="rounded-lg border border-zinc-200 p-3 dark:border-zinc-800">
            <div className="flex items-start gap-3">
              {!i.decision && undecided.length > 1 && (
                <input type="checkbox" className="mt-3 h-5 w-5 shrink-0 accent-emerald-700" aria-label={`Select ${i.subject.label}: ${i.access.description}`}
                  checked={selected.has(i.itemId)}
                  onChange={(e) => setSelected((s) => { const n = new Set(s); if (e.target.checked) n.add(i.itemId); else n.delete(i.itemId); return n; })} />
              )}
              <div className="min-w-0 flex-1 space-y-2">
                <ItemFacts item={i as ReviewItem} headingLevel={2} />
                <p className="text-xs text-zinc-600 dark:text-zinc-400">{i.review.name} · decide by {formatDay(i.review.dueAt)}</p>
                {!i.decision && (
                  <div className="flex flex-wrap gap-2">
                    <Button className={target} onClick={() => open([i], 'keep')} aria-label={`Keep: ${i.subject.label}, ${i.access.description}`}>Keep</Button>
                    <Button className={target} variant="danger" onClick={() => open([i], 'remove')} aria-label={`Remove: ${i.subject.label}, ${i.access.description}`}>Remove</Button>
                    <Button className={target} variant="ghost" onClick={() => { setReason(''); setTo(null); setDelegating(i); }} aria-label={`Delegate: ${i.subject.label}, ${i.access.description}`}>Delegate</Button>
                  </div>
                )}
              </div>
            </div>
          </li>
        ))}
      </ul>
      {view.nextCursor && <a className="text-sm underline" href={`/reviews/to-review?cursor=${encodeURIComponent(view.nextCursor)}`}>More items</a>}

      <Modal
        open={Boolean(deciding)} onClose={() => setDeciding(null)}
        title={deciding ? `${whatFor(deciding.rows, deciding.value)}?` : ''}
        description={deciding?.value === 'remove' ? 'The access ends when the review completes.' : 'The access stays as it is.'}
        footer={
          <>
            <Button onClick={() => setDeciding(null)} disabled={busy}>Cancel</Button>
            <Button variant={deciding?.value === 'remove' ? 'danger' : 'primary'} disabled={busy || (needsReason && !reason.trim())} onClick={() => void decide()}>
              {busy ? 'Working…' : deciding ? whatFor(deciding.rows, deciding.value) : 'Decide'}
            </Button>
          </>
        }
      >
        <label htmlFor="decision-reason" className="mb-1 block text-sm font-medium">Reason{needsReason ? ' (required)' : ' (optional)'}</label>
        <textarea id="decision-reason" className={inputClass} rows={3} maxLength={REVIEW_LIMITS.maxReasonLength} value={reason} onChange={(e) => setReason(e.target.value)} required={needsReason} />
      </Modal>
      <Modal
        open={Boolean(delegating)} onClose={() => setDelegating(null)}
        title={delegating ? `Delegate ${delegating.subject.label}'s ${delegating.access.description}` : 'Delegate'}
        description="To someone who administers its unit (an owner or admin for organization-wide items), never the person whose access it is. They get an email."
        footer={
          <>
            <Button onClick={() => setDelegating(null)}>Cancel</Button>
            <Button variant="primary" disabled={busy || !to || !reason.trim()} onClick={() => void delegate()}>Delegate</Button>
          </>
        }
      >
        <div className="space-y-3">
          {delegating && <DelegatePicker key={delegating.itemId} reviewId={delegating.reviewId} itemId={delegating.itemId} value={to} onChange={setTo} />}
          <label htmlFor="delegate-reason" className="block text-sm font-medium">Reason (required)</label>
          <textarea id="delegate-reason" className={inputClass} rows={2} maxLength={REVIEW_LIMITS.maxReasonLength} value={reason} onChange={(e) => setReason(e.target.value)} />
        </div>
      </Modal>
    </div>
  );
}
