// POST /api/v1/access-reviews/[reviewId]/items/[itemId]/delegate – hand it to another reviewer
import { withActor } from '@/lib/api/with-actor';
import { accessReviews } from '@/lib/api/operations/access-reviews';
import { delegate } from '@/lib/screens/access-review-requests';

export const POST = withActor(accessReviews.delegate, async (ctx) => delegate(ctx, ctx.params.reviewId, ctx.params.itemId, ctx.body));
