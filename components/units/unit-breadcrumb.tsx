// The unit's place in the tree (T5): ancestors from the top, each a link when the person may open
// it (ancestors above their own units are shown by name only), then the unit itself.
import { Link } from '@/components/ui/link';
import type { CrumbView } from '@/lib/screens/unit-page';

export function UnitBreadcrumb({ crumbs, current }: { crumbs: CrumbView[]; current: string }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-zinc-600 dark:text-zinc-400">
      <ol className="flex flex-wrap items-center gap-1">
        {crumbs.map((c) => (
          <li key={c.id} className="flex min-w-0 items-center gap-1">
            {c.canOpen ? (
              <Link href={`/units/${c.id}`} className="max-w-48 truncate hover:text-zinc-900 hover:underline dark:hover:text-zinc-100">
                {c.name}
              </Link>
            ) : (
              <span className="max-w-48 truncate">{c.name}</span>
            )}
            <span aria-hidden="true" className="text-zinc-400">
              /
            </span>
          </li>
        ))}
        <li aria-current="page" className="max-w-64 truncate font-medium text-zinc-900 dark:text-zinc-100">
          {current}
        </li>
      </ol>
    </nav>
  );
}
