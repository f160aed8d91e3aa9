// /reorganizations/* while the server loads the list or a change set and its preview.
import { Skeleton, SkeletonRows } from '@/components/ui/skeleton';

export default function Loading() {
  return (
    <main className="mx-auto max-w-5xl space-y-4 p-6">
      <Skeleton className="h-8 w-56" />
      <SkeletonRows rows={8} />
    </main>
  );
}
