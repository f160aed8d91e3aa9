// /reviews/[reviewId] – one access review for its owners: progress, a page of items with filters, evidence.
import { actorContext } from '@/lib/api/with-actor';
import { loadReviewScreen, type ReviewFilters } from '@/lib/screens/access-reviews';
import { ReviewDetail } from '@/components/access-reviews/review-detail';
import { ReviewActions } from '@/components/access-reviews/review-actions';
import { Link } from '@/components/ui/link';
import { loadOrRefuse, ScreenRefusal } from '@/components/shell/screen-refusal';

export const metadata = { title: 'Access review – Arbor' };

type Search = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (typeof v === 'string' && v ? v : undefined);

// A cursor is the Query's own (opaque, a few hundred characters); anything longer is not one.
const cursorOf = (q: Search) => {
  const c = one(q.cursor);
  return c && c.length <= 2_000 ? c : undefined;
};

function filtersOf(q: Search): ReviewFilters {
  return { reviewer: one(q.reviewer)?.slice(0, 40), undecided: one(q.decision) === 'undecided' };
}

export default async function ReviewPage({ params, searchParams }: { params: Promise<{ reviewId: string }>; searchParams: Promise<Search> }) {
  const [{ reviewId }, query] = await Promise.all([params, searchParams]);
  const ctx = await actorContext();
  const result = await loadOrRefuse(() => loadReviewScreen(ctx, reviewId, filtersOf(query), cursorOf(query)));
  if (result.refusal) return <ScreenRefusal {...result.refusal} />;
  return (
    <main className="mx-auto max-w-5xl space-y-4 p-4 sm:p-6">
      <Link href="/reviews" className="text-sm underline">All reviews</Link>
      <ReviewDetail view={result.data} actions={<ReviewActions review={result.data.review} />} />
    </main>
  );
}
