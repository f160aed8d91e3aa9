'use client';
// A destination's health in words and colour: healthy, failing since…, paused, or new (nothing
// sent yet); and the detail behind it (last success, last failure, next attempt).
import { RelativeTime } from '@/components/audit/relative-time';
import type { Destination } from '@/lib/audit-streaming/types';
import { deliveredWords, lagWords, stateOf } from './destination-words';

const TONES = {
  healthy: 'bg-emerald-50 text-emerald-900 ring-emerald-600/30 dark:bg-emerald-950/40 dark:text-emerald-200',
  failing: 'bg-red-50 text-red-900 ring-red-600/30 dark:bg-red-950/40 dark:text-red-200',
  paused: 'bg-zinc-100 text-zinc-800 ring-zinc-500/30 dark:bg-zinc-800 dark:text-zinc-200',
  new: 'bg-sky-50 text-sky-900 ring-sky-600/30 dark:bg-sky-950/40 dark:text-sky-200',
} as const;

export function HealthBadge({ d, now }: { d: Destination; now: string }) {
  const state = stateOf(d);
  const since = d.health.lastSuccessAt ?? d.createdAt;
  return (
    <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${TONES[state]}`}>
      {state === 'healthy' && 'Healthy'}
      {state === 'paused' && 'Paused'}
      {state === 'new' && 'New: nothing sent yet'}
      {state === 'failing' && (
        <>
          Failing since&nbsp;<RelativeTime iso={d.health.lastFailureAt && d.health.failures <= 1 ? d.health.lastFailureAt : since} serverNow={now} />
        </>
      )}
    </span>
  );
}

/** Lag and delivered count, one line under the target. */
export function DeliverySummary({ d }: { d: Destination }) {
  return (
    <span>
      {lagWords(d.lagSeconds)} · {deliveredWords(d.health.delivered)}
    </span>
  );
}

export function HealthDetail({ d, now }: { d: Destination; now: string }) {
  const h = d.health;
  const row = (term: string, value: React.ReactNode) => (
    <div className="flex flex-wrap gap-x-2">
      <dt className="font-medium">{term}</dt>
      <dd>{value}</dd>
    </div>
  );
  return (
    <dl className="space-y-1 text-xs text-zinc-700 dark:text-zinc-300">
      {row('Last delivered', h.lastSuccessAt ? <RelativeTime iso={h.lastSuccessAt} serverNow={now} /> : 'never')}
      {row('Last failure', h.lastFailureAt ? <RelativeTime iso={h.lastFailureAt} serverNow={now} /> : 'none')}
      {h.failures > 0 && row('Failed attempts in a row', h.failures)}
      {h.nextAttemptAt && row('Next attempt', <RelativeTime iso={h.nextAttemptAt} serverNow={now} />)}
      {row('Delivered since added', h.delivered.toLocaleString('en'))}
      {d.cursor && row('Last entry delivered', <code className="break-all">{d.cursor}</code>)}
      {row('Added', <>by {d.createdBy.name ?? d.createdBy.email}, <RelativeTime iso={d.createdAt} serverNow={now} /></>)}
    </dl>
  );
}
