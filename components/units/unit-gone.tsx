// A unit that is not there (deleted, or a mistyped link): the not-found page's content, also
// shown in place when the browser brings back the page of a unit deleted from it (Back).
import { Link } from '@/components/ui/link';
import { EmptyState } from '@/components/ui/empty-state';

export function UnitGone() {
  return (
    <main className="p-6">
      <h1 className="sr-only">Unit not found</h1>
      <EmptyState
        title="This unit doesn't exist"
        action={
          <Link href="/units" className="text-sm font-medium text-emerald-700 hover:underline dark:text-emerald-400">
            Go to the top of the tree
          </Link>
        }
      >
        It may have been deleted, or the link is mistyped. Search for it, or pick one in the tree.
      </EmptyState>
    </main>
  );
}
