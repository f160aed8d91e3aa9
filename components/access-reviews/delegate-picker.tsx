'use client';
// Whom to hand an item to: the people who can judge it, as the server decides (its unit's
// administrators and those above, or the owners), offered as a list on opening; an exact email
// finds one beyond the list. The hand-over itself is checked again by the delegate operation.
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/ui/text-field';
import { call } from '@/lib/api/client';
import type { ReviewPerson } from '@/lib/access-reviews/types';

const label = (p: ReviewPerson) => p.name || p.email;

export function DelegatePicker({ reviewId, itemId, value, onChange }: {
  reviewId: string; itemId: string; value: ReviewPerson | null; onChange: (p: ReviewPerson | null) => void;
}) {
  const [people, setPeople] = useState<ReviewPerson[] | null>(null);
  const [more, setMore] = useState(false);
  const [status, setStatus] = useState('Loading who can judge it…');
  const [email, setEmail] = useState('');

  useEffect(() => {
    const abort = new AbortController();
    call('accessReviews.eligibleReviewers', { params: { reviewId, itemId }, query: {}, signal: abort.signal })
      .then((r) => {
        setPeople(r.people);
        setMore(r.more);
        setStatus(r.people.length ? '' : 'Nobody else can judge this item: an owner can decide it.');
      })
      .catch((e: unknown) => { if (!abort.signal.aborted) setStatus(e instanceof Error ? e.message : 'Could not load who can judge it.'); });
    return () => abort.abort();
  }, [reviewId, itemId]);

  async function findByEmail() {
    const typed = email.trim();
    if (!typed) return;
    setStatus('Looking…');
    try {
      const r = await call('accessReviews.eligibleReviewers', { params: { reviewId, itemId }, query: { email: typed } });
      const found = r.people[0];
      if (!found) { setStatus(`${typed} cannot judge this item (or is not in this organization).`); return; }
      setPeople((list) => (list?.some((p) => p.userId === found.userId) ? list : [found, ...(list ?? [])]));
      onChange(found);
      setStatus(`${label(found)} chosen.`);
    } catch (e) {
      setStatus(e instanceof Error ? e.message : 'Something went wrong.');
    }
  }

  return (
    <div className="space-y-3">
      <fieldset>
        <legend className="mb-1 text-sm font-medium">To</legend>
        {people && people.length > 0 && (
          <ul className="max-h-64 space-y-1 overflow-auto" aria-label="People who can judge it">
            {people.map((p) => (
              <li key={p.userId}>
                <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded px-2 hover:bg-zinc-50 dark:hover:bg-zinc-800">
                  <input type="radio" name="delegate-to" className="h-5 w-5 shrink-0 accent-emerald-700" checked={value?.userId === p.userId} onChange={() => onChange(p)} />
                  <span className="min-w-0">
                    <span className="block truncate">{label(p)}</span>
                    {p.name && <span className="block truncate text-xs text-zinc-600 dark:text-zinc-400">{p.email}</span>}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
      <div>
        <label htmlFor="delegate-email" className="mb-1 block text-sm font-medium">{more ? 'Someone else: their exact email' : 'Or their exact email'}</label>
        <div className="flex gap-2">
          <input id="delegate-email" type="email" autoComplete="off" className={inputClass} maxLength={320} value={email}
            onChange={(e) => setEmail(e.target.value)} onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); void findByEmail(); } }} />
          <Button className="min-h-11" onClick={() => void findByEmail()} disabled={!email.trim()}>Find</Button>
        </div>
      </div>
      <p aria-live="polite" className="min-h-4 text-xs text-zinc-600 dark:text-zinc-400">{status}</p>
    </div>
  );
}
