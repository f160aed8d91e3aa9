// /members while the server loads the first page. In its own route group so that it wraps only
// the directory: a loading boundary above /members/[userId] would send that page's status (200)
// before the page could say the person is not there (404).
import { Skeleton, SkeletonRows } from '@/components/ui/skeleton';

export default function Loading() {
  return (
    <main className="mx-auto max-w-5xl space-y-4 p-6">
      <Skeleton className="h-8 w-40" />
      <Skeleton className="h-9 w-full max-w-md" />
      <SkeletonRows rows={8} />
    </main>
  );
}
