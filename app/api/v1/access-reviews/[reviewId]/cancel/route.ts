// POST /api/v1/access-reviews/[reviewId]/cancel – cancel an open review (owners)
import { withActor } from '@/lib/api/with-actor';
import { accessReviews } from '@/lib/api/operations/access-reviews';
import { cancel } from '@/lib/screens/access-review-requests';

export const POST = withActor(accessReviews.cancel, async (ctx) => cancel(ctx, ctx.params.reviewId, ctx.body.expectedVersion));
