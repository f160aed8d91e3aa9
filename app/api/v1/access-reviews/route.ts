// GET /api/v1/access-reviews – the organization's access reviews, newest first (owners)
// POST /api/v1/access-reviews – start one (owners)
import { withActor } from '@/lib/api/with-actor';
import { accessReviews } from '@/lib/api/operations/access-reviews';
import { beginReview, loadReviews } from '@/lib/screens/access-review-requests';

export const GET = withActor(accessReviews.list, async (ctx) => loadReviews(ctx, ctx.query));

export const POST = withActor(accessReviews.start, async (ctx) => beginReview(ctx, ctx.body));
