// A slug naming no area of the API (mistyped, or an area renamed since the link was made).
import { Link } from '@/components/ui/link';
import { EmptyState } from '@/components/ui/empty-state';

export default function AreaNotFound() {
  return (
    <main className="mx-auto max-w-4xl p-6">
      <h1 className="sr-only">API area not found</h1>
      <EmptyState
        title="The API reference has no such area"
        action={
          <Link href="/developers" className="text-sm font-medium text-emerald-700 hover:underline dark:text-emerald-400">
            Go to the API reference
          </Link>
        }
      >
        The link may be mistyped or out of date.
      </EmptyState>
    </main>
  );
}
