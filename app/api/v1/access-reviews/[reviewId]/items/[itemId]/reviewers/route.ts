// GET /api/v1/access-reviews/[reviewId]/items/[itemId]/reviewers – who the item may be handed to
import { withActor } from '@/lib/api/with-actor';
import { accessReviews } from '@/lib/api/operations/access-reviews';
import { loadEligibleReviewers } from '@/lib/screens/access-review-requests';

export const GET = withActor(accessReviews.eligibleReviewers, async (ctx) => loadEligibleReviewers(ctx, ctx.params.reviewId, ctx.params.itemId, ctx.query.email));
