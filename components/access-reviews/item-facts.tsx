'use client';
// One review item's facts as a reviewer and an owner read them: whose access, what, where, why it
// exists (the explain path), and when it was last used.
import { KIND_WORDS, lastActivityWords, OUTCOME_WORDS } from '@/lib/access-reviews/words';
import type { ReviewItem } from '@/lib/access-reviews/types';

export function ItemFacts({ item, headingLevel = 3 }: { item: ReviewItem; headingLevel?: 2 | 3 }) {
  const H = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="min-w-0 space-y-1">
      <H className="font-medium break-words">
        {item.subject.label}
        {item.subject.email && item.subject.email !== item.subject.label && <span className="font-normal text-zinc-600 dark:text-zinc-400"> · {item.subject.email}</span>}
      </H>
      <p className="text-sm">
        <span className="rounded bg-zinc-100 px-1.5 py-0.5 text-xs dark:bg-zinc-800">{KIND_WORDS[item.kind]}</span> {item.access.description}
        {item.unit ? <> in <span className="font-medium">{item.unit.name}</span></> : null}
      </p>
      {item.why.length > 0 && (
        <details className="text-sm">
          <summary className="min-h-11 cursor-pointer py-2 text-zinc-700 underline dark:text-zinc-300">Why they have it</summary>
          <ol className="ml-5 list-decimal space-y-0.5 text-zinc-700 dark:text-zinc-300">
            {item.why.map((line, k) => <li key={k}>{line}</li>)}
          </ol>
        </details>
      )}
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        Last activity: {lastActivityWords({ ...item.lastActivity, at: item.lastActivity.at ? new Date(item.lastActivity.at).toLocaleDateString('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }) : undefined })}
        {item.delegatedBy && <> · handed over by {item.delegatedBy.name || item.delegatedBy.email}</>}
      </p>
      {item.decision && (
        <p className="text-sm">
          <span className={item.decision.value === 'remove' ? 'font-medium text-red-800 dark:text-red-300' : 'font-medium text-emerald-800 dark:text-emerald-300'}>
            {item.decision.value === 'remove' ? 'Remove' : 'Keep'}
          </span>
          {item.decision.automatic ? ' (the deadline\u2019s default)' : ` by ${item.decision.by.name || item.decision.by.email}`}
          {item.decision.reason && <>: {item.decision.reason}</>}
        </p>
      )}
      {item.outcome && (
        <p className="text-sm">Outcome: {OUTCOME_WORDS[item.outcome.state]}{item.outcome.detail ? ` (${item.outcome.detail})` : ''}</p>
      )}
    </div>
  );
}
