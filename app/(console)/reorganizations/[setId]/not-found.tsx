// A change set that is not here for this person (deleted, a mistyped link, or one that touches no
// part of the organization they may see: such a set is answered as missing, never as forbidden).
import { Link } from '@/components/ui/link';
import { EmptyState } from '@/components/ui/empty-state';

export default function ChangeSetNotFound() {
  return (
    <main className="mx-auto max-w-4xl p-6">
      <h1 className="sr-only">Reorganization not found</h1>
      <EmptyState
        title="This reorganization isn't here"
        action={
          <Link href="/reorganizations" className="text-sm font-medium text-emerald-700 hover:underline dark:text-emerald-400">
            Go to reorganizations
          </Link>
        }
      >
        It may have been deleted, the link may be mistyped, or it changes no part of the organization you can see.
      </EmptyState>
    </main>
  );
}
