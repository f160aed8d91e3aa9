// Shown while a unit page loads; the tree beside it stays as it was.
import { Skeleton, SkeletonRows } from '@/components/ui/skeleton';

export default function LoadingUnit() {
  return (
    <main className="mx-auto max-w-5xl space-y-8 px-6 py-5">
      <div className="space-y-3">
        <Skeleton className="h-4 w-64" />
        <Skeleton className="h-8 w-80" />
        <Skeleton className="h-4 w-48" />
      </div>
      <SkeletonRows rows={5} />
    </main>
  );
}
