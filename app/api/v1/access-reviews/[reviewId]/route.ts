// GET /api/v1/access-reviews/[reviewId] – one review (owners, and the reviewers of its items)
import { withActor } from '@/lib/api/with-actor';
import { accessReviews } from '@/lib/api/operations/access-reviews';
import { loadReview } from '@/lib/screens/access-review-requests';

export const GET = withActor(accessReviews.get, async (ctx) => loadReview(ctx, ctx.params.reviewId));
