// The first page of a unit's sub-units (T3), each a link to its page with its counts.
import { Link } from '@/components/ui/link';
import { DirectoryBadge } from '@/components/ui/directory-badge';
import { EmptyState } from '@/components/ui/empty-state';
import type { UnitRow } from '@/lib/screens/unit-view';
import { plural } from '@/lib/text/plural';

export function SubUnitsList({ items, more, total, canCreate }: { items: UnitRow[]; more: boolean; total: number; canCreate: boolean }) {
  if (items.length === 0) {
    return (
      <EmptyState title="No sub-units yet">
        {canCreate ? 'Use “New sub-unit” to add one, or drag a unit here in the tree.' : 'Units created below this one will show here.'}
      </EmptyState>
    );
  }
  return (
    <div>
      <ul className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
        {items.map((u) => (
          <li key={u.id}>
            <Link
              href={`/units/${u.id}`}
              className="flex items-center justify-between gap-3 px-3 py-2 text-sm hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-emerald-600 dark:hover:bg-zinc-900"
            >
              <span className="flex min-w-0 items-center gap-2">
                <span className="truncate font-medium">{u.name}</span>
                {u.managedBy === 'directory' && <DirectoryBadge />}
              </span>
              <span className="shrink-0 text-xs text-zinc-600 tabular-nums dark:text-zinc-400">
                {plural(u.childCount, 'sub-unit')} · {plural(u.memberCount, 'member')}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {more && (
        <p className="mt-2 text-xs text-zinc-600 dark:text-zinc-400">
          Showing {items.length} of {total.toLocaleString('en')}. The tree on the left lists them all.
        </p>
      )}
    </div>
  );
}
