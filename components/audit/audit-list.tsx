'use client';
// An audit trail, newest first: "Alice renamed Cloud → Cloud Platform · 2 min ago", with the
// recorded before/after on demand and more pages on request. The first page comes from the
// server (lib/screens/audit.ts); later ones from GET /api/v1/audit.
import { Link } from '@/components/ui/link';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { toast } from '@/components/ui/toaster';
import { call } from '@/lib/api/client';
import type { AuditLineView, AuditPageView } from '@/lib/screens/audit';
import type { AuditQuery } from '@/lib/screens/audit-query';
import { RelativeTime } from './relative-time';

export interface AuditListProps {
  initial: AuditPageView;
  /** The unit whose history this is; absent for the whole organization. */
  unitId?: string;
  /** Heading shown above the list (omit when the page has its own). */
  title?: string;
  /** The filters the first page answers, kept for later pages. */
  filter?: Omit<AuditQuery, 'unitId'>;
}

const actorName = (l: AuditLineView) => (l.actor.userId === 'operator' ? 'The operator' : l.actor.name || l.actor.email);

function Change({ line }: { line: AuditLineView }) {
  if (!line.before && !line.after) return null;
  const keys = [...new Set([...Object.keys(line.before ?? {}), ...Object.keys(line.after ?? {})])];
  const show = (v: unknown) => (v === undefined ? '—' : typeof v === 'string' ? v : JSON.stringify(v));
  return (
    <details className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
      <summary className="cursor-pointer select-none">Details</summary>
      <table className="mt-1">
        <thead className="sr-only">
          <tr><th scope="col">Field</th><th scope="col">Before</th><th scope="col">After</th></tr>
        </thead>
        <tbody>
          {keys.map((k) => (
            <tr key={k}>
              <th scope="row" className="pr-3 text-left font-medium">{k}</th>
              <td className="pr-3 break-all">{show(line.before?.[k])}</td>
              <td className="break-all">→ {show(line.after?.[k])}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

export function AuditList({ initial, unitId, title, filter }: AuditListProps) {
  const [lines, setLines] = useState(initial.lines);
  const [cursor, setCursor] = useState(initial.nextCursor);
  const [now, setNow] = useState(initial.now);
  const [loading, setLoading] = useState(false);

  async function more() {
    if (!cursor) return;
    setLoading(true);
    try {
      const page = await call('audit.list', { query: { ...filter, cursor, ...(unitId ? { unitId } : {}) } });
      setLines((prev) => [...prev, ...page.lines]);
      setCursor(page.nextCursor);
      setNow(page.now);
    } catch (e) {
      toast.error(e instanceof Error ? e.message : 'Could not load more history.');
    } finally {
      setLoading(false);
    }
  }

  return (
    <section aria-label={title ?? 'History'} className="space-y-3">
      {title && <h2 className="text-lg font-semibold">{title}</h2>}
      {lines.length === 0 ? (
        filter ? (
          <EmptyState title="No changes match these filters">Widen the dates or clear a filter.</EmptyState>
        ) : (
          <EmptyState title="No changes recorded yet">Changes to units and memberships appear here as they happen.</EmptyState>
        )
      ) : (
        <ol className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
          {lines.map((line) => (
            <li key={line.id} className="px-3 py-2 text-sm">
              <p>
                <span className="font-medium" title={line.actor.email}>{actorName(line)}</span>{' '}
                <span>{line.summary}</span>
                <span className="text-zinc-600 dark:text-zinc-400">
                  {' · '}
                  <RelativeTime iso={line.at} serverNow={now} />
                </span>
                {(line.changeSetId || line.target?.type === 'changeSet') && (
                  <>
                    {' · '}
                    {/* A change made by applying a reorganization, or a step of the reorganization itself. */}
                    <Link href={`/reorganizations/${line.changeSetId ?? line.target!.id}`} className="text-emerald-800 underline underline-offset-2 dark:text-emerald-400">
                      {line.changeSetId ? 'part of a reorganization' : 'Open the reorganization'}
                    </Link>
                  </>
                )}
                {line.unit && line.unit.id !== unitId && (
                  <>
                    {' · '}
                    <Link href={`/units/${line.unit.id}`} className="text-emerald-800 underline underline-offset-2 dark:text-emerald-400">
                      Open {line.unit.name}
                    </Link>
                  </>
                )}
              </p>
              <Change line={line} />
            </li>
          ))}
        </ol>
      )}
      {cursor && (
        <Button size="sm" onClick={more} disabled={loading}>
          {loading ? 'Loading…' : 'Show older'}
        </Button>
      )}
    </section>
  );
}
