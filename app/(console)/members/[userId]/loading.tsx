// /members/[userId] while the server loads the person's memberships.
import { Skeleton, SkeletonRows } from '@/components/ui/skeleton';

export default function Loading() {
  return (
    <main className="mx-auto max-w-4xl space-y-4 p-6">
      <Skeleton className="h-8 w-64" />
      <Skeleton className="h-4 w-48" />
      <SkeletonRows rows={5} />
    </main>
  );
}
