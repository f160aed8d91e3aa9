// /audit while the server loads the first page.
import { Skeleton, SkeletonRows } from '@/components/ui/skeleton';

export default function Loading() {
  return (
    <main className="mx-auto max-w-4xl space-y-4 p-6">
      <Skeleton className="h-8 w-40" />
      <SkeletonRows rows={10} />
    </main>
  );
}
