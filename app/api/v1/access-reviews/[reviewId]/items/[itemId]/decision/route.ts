// POST /api/v1/access-reviews/[reviewId]/items/[itemId]/decision – keep or remove (the item's reviewer)
import { withActor } from '@/lib/api/with-actor';
import { accessReviews } from '@/lib/api/operations/access-reviews';
import { decide } from '@/lib/screens/access-review-requests';

export const POST = withActor(accessReviews.decide, async (ctx) => decide(ctx, ctx.params.reviewId, ctx.params.itemId, ctx.body));
