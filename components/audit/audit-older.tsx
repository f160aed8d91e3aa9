'use client';
// The audit trail's older pages, fetched on request (GET /api/v1/audit) and shown below the lines
// the list was given. The given lines arrive as children: on /audit they are the server's, and
// hydrating them runs none of their rendering code here.
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { useMorePages } from '@/components/ui/use-more-pages';
import { call } from '@/lib/api/client';
import type { AuditLineView } from '@/lib/screens/audit';
import type { AuditQuery } from '@/lib/screens/audit-query';
import { AuditLine } from './audit-line';

export interface AuditOlderProps {
  children: ReactNode;
  /** Where the pages after the given lines start; absent when there are none. */
  cursor?: string;
  unitId?: string;
  filter?: Omit<AuditQuery, 'unitId'>;
}

export function AuditOlder({ children, cursor: first, unitId, filter }: AuditOlderProps) {
  const { more: older, cursor, loading, loadMore } = useMorePages<{ line: AuditLineView; now: string }>(
    first,
    async (after) => {
      const page = await call('audit.list', { query: { ...filter, cursor: after, ...(unitId ? { unitId } : {}) } });
      return { items: page.lines.map((line) => ({ line, now: page.now })), nextCursor: page.nextCursor };
    },
    'Could not load more history.',
  );

  return (
    <>
      <ol className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
        {children}
        {older.map(({ line, now }) => <AuditLine key={line.id} line={line} now={now} unitId={unitId} />)}
      </ol>
      {cursor && (
        <Button size="sm" onClick={() => void loadMore()} disabled={loading}>
          {loading ? 'Loading…' : 'Show older'}
        </Button>
      )}
    </>
  );
}
