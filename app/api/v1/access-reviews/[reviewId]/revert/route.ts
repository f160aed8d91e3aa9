// POST /api/v1/access-reviews/[reviewId]/revert – draft the change set giving back what it removed (owners)
import { withActor } from '@/lib/api/with-actor';
import { accessReviews } from '@/lib/api/operations/access-reviews';
import { revert } from '@/lib/screens/access-review-requests';

export const POST = withActor(accessReviews.revert, async (ctx) => revert(ctx, ctx.params.reviewId));
