// GET /api/v1/access-reviews/[reviewId]/evidence?format=csv|pdf – the review's evidence as an attachment (owners)
import { withActor } from '@/lib/api/with-actor';
import { accessReviewSchedules } from '@/lib/api/operations/access-review-schedules';
import { evidenceFileName, readReview, reviewEvidenceCsv, reviewEvidencePdf } from '@/lib/access-reviews';

export const GET = withActor(accessReviewSchedules.evidence, async (ctx) => {
  ctx.authorize('accessReview.manage', {});
  const { reviewId } = ctx.params;
  const review = await readReview(ctx.db, reviewId);
  const pdf = ctx.query.format === 'pdf';
  const body = pdf ? await reviewEvidencePdf(ctx.db, reviewId) : new TextEncoder().encode(await reviewEvidenceCsv(ctx.db, reviewId));
  const name = evidenceFileName(review, pdf ? 'pdf' : 'csv');
  return new Response(new Uint8Array(body), {
    headers: {
      'content-type': pdf ? 'application/pdf' : 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${name}"`,
      'content-length': String(body.length),
      'cache-control': 'no-store',
    },
  });
});
