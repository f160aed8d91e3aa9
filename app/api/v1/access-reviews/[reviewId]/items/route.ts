// GET /api/v1/access-reviews/[reviewId]/items – its items (owners: all; a reviewer: their own)
import { withActor } from '@/lib/api/with-actor';
import { accessReviews } from '@/lib/api/operations/access-reviews';
import { loadReviewItems } from '@/lib/screens/access-review-requests';

export const GET = withActor(accessReviews.items, async (ctx) => loadReviewItems(ctx, ctx.params.reviewId, ctx.query));
