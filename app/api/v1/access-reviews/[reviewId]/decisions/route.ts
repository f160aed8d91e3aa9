// POST /api/v1/access-reviews/[reviewId]/decisions – one decision for several items, each answered alone
import { withActor } from '@/lib/api/with-actor';
import { accessReviews } from '@/lib/api/operations/access-reviews';
import { decideMany } from '@/lib/screens/access-review-requests';

export const POST = withActor(accessReviews.decideMany, async (ctx) => decideMany(ctx, ctx.params.reviewId, ctx.body));
