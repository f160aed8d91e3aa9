// POST /api/v1/access-reviews/[reviewId]/complete – complete it now (owners)
import { withActor } from '@/lib/api/with-actor';
import { accessReviews } from '@/lib/api/operations/access-reviews';
import { complete } from '@/lib/screens/access-review-requests';

export const POST = withActor(accessReviews.complete, async (ctx) => complete(ctx, ctx.params.reviewId, ctx.body.expectedVersion));
