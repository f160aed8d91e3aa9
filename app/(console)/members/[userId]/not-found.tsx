// A person who is not in this organization (removed, never here, or a mistyped link).
import { Link } from '@/components/ui/link';
import { EmptyState } from '@/components/ui/empty-state';

export default function MemberNotFound() {
  return (
    <main className="mx-auto max-w-4xl p-6">
      <h1 className="sr-only">Member not found</h1>
      <EmptyState
        title="This person isn't in this organization"
        action={
          <Link href="/members" className="text-sm font-medium text-emerald-700 hover:underline dark:text-emerald-400">
            Go to members
          </Link>
        }
      >
        They may have been removed, or the link is mistyped.
      </EmptyState>
    </main>
  );
}
