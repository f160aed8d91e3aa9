// /reviews/to-review – the items the signed-in person reviews, across open reviews, undecided first.
import { actorContext } from '@/lib/api/with-actor';
import { loadToReviewScreen } from '@/lib/screens/access-reviews';
import { ToReviewList } from '@/components/access-reviews/to-review-list';
import { loadOrRefuse, ScreenRefusal } from '@/components/shell/screen-refusal';

export const metadata = { title: 'To review – Arbor' };

export default async function ToReviewPage({ searchParams }: { searchParams: Promise<{ cursor?: string }> }) {
  const { cursor } = await searchParams;
  const ctx = await actorContext();
  const result = await loadOrRefuse(() => loadToReviewScreen(ctx, typeof cursor === 'string' ? cursor : undefined));
  if (result.refusal) return <ScreenRefusal {...result.refusal} />;
  return (
    <main className="mx-auto max-w-3xl space-y-4 p-4 sm:p-6">
      <div>
        <h1 className="text-2xl font-semibold">To review</h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">Access you were asked to confirm: keep what is still needed, remove what is not.</p>
      </div>
      <ToReviewList view={result.data} />
    </main>
  );
}
