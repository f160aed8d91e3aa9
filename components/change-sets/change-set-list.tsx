'use client';
// The change sets the actor may see, newest first: name (a link to its page), state, author,
// operations and last change; "New change set" for anyone who administers a unit.
import { Link } from '@/components/ui/link';
import { useState } from 'react';
import { RelativeTime } from '@/components/audit/relative-time';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { useMorePages } from '@/components/ui/use-more-pages';
import { call } from '@/lib/api/client';
import type { ChangeSetsScreen } from '@/lib/screens/change-sets';
import { plural } from '@/lib/text/plural';
import { NewChangeSetDialog } from './new-change-set-dialog';
import { StatusBadge } from './status-badge';

export function ChangeSetList({ screen }: { screen: ChangeSetsScreen }) {
  const [creating, setCreating] = useState(false);
  const { more, cursor, loading, loadMore } = useMorePages(screen.nextCursor, (after) => call('changeSets.list', { query: { cursor: after } }), 'Could not load more reorganizations.');
  const sets = [...screen.sets, ...more];

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">Reorganizations</h1>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            Reorganizations: many changes to the tree and its people, previewed, approved by both sides and applied at once.
          </p>
        </div>
        {screen.canCreate && <Button variant="primary" onClick={() => setCreating(true)}>New reorganization</Button>}
      </div>
      {sets.length === 0 ? (
        <EmptyState title="No reorganization yet">
          {screen.canCreate ? 'Start one to plan a reorganization without touching the live tree.' : 'Reorganizations that touch the units you administer appear here.'}
        </EmptyState>
      ) : (
        <DataTable caption="Reorganizations" columns={['Name', 'State', 'Author', 'Operations', 'Changed']}>
          {sets.map((s) => (
            <tr key={s.setId} className="align-top">
              <td className="px-3 py-2">
                <Link href={`/reorganizations/${s.setId}`} className="font-medium text-emerald-800 underline underline-offset-2 dark:text-emerald-400">{s.name}</Link>
                {s.description && <p className="text-xs text-zinc-600 dark:text-zinc-400">{s.description}</p>}
              </td>
              <td className="px-3 py-2"><StatusBadge set={s} /></td>
              <td className="px-3 py-2">{s.author.name || s.author.email}</td>
              <td className="px-3 py-2 tabular-nums">{plural(s.operationCount, 'operation')}</td>
              <td className="px-3 py-2"><RelativeTime iso={s.updatedAt} serverNow={screen.now} /></td>
            </tr>
          ))}
        </DataTable>
      )}
      {cursor && <Button onClick={() => void loadMore()} disabled={loading}>{loading ? 'Loading…' : 'Older reorganizations'}</Button>}
      <NewChangeSetDialog open={creating} onClose={() => setCreating(false)} />
    </div>
  );
}
