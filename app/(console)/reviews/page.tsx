// /reviews – the owners' access reviews: the reviews, and the schedules that start them.
import { actorContext } from '@/lib/api/with-actor';
import { loadReviewsScreen } from '@/lib/screens/access-reviews';
import { ReviewList } from '@/components/access-reviews/review-list';
import { SchedulesCard } from '@/components/access-reviews/schedules-card';
import { StartReview } from '@/components/access-reviews/start-review';
import { Link } from '@/components/ui/link';
import { loadOrRefuse, ScreenRefusal } from '@/components/shell/screen-refusal';

export const metadata = { title: 'Access reviews – Arbor' };

export default async function ReviewsPage({ searchParams }: { searchParams: Promise<{ cursor?: string }> }) {
  const { cursor } = await searchParams;
  const ctx = await actorContext();
  const result = await loadOrRefuse(() => loadReviewsScreen(ctx, typeof cursor === 'string' ? cursor : undefined));
  if (result.refusal) return <ScreenRefusal {...result.refusal} />;
  const view = result.data;
  return (
    <main className="mx-auto max-w-5xl space-y-6 p-4 sm:p-6">
      <div>
        <h1 className="text-2xl font-semibold">Access reviews</h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Who holds elevated access, confirmed by someone who can judge it. Each item goes to the nearest administrator above it, or to the owners; nobody reviews their own access.
        </p>
      </div>
      <section aria-labelledby="reviews" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="reviews" className="text-lg font-semibold">Reviews</h2>
          <StartReview choices={{ customRoles: view.customRoles, permissions: view.permissions }} />
        </div>
        <ReviewList reviews={view.reviews} />
        {view.nextCursor && <Link href={`/reviews?cursor=${encodeURIComponent(view.nextCursor)}`} className="text-sm underline">Older reviews</Link>}
      </section>
      <SchedulesCard schedules={view.schedules} maxSchedules={view.maxSchedules} choices={{ customRoles: view.customRoles, permissions: view.permissions }} />
    </main>
  );
}
