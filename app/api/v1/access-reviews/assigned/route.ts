// GET /api/v1/access-reviews/assigned – the caller's undecided items across open reviews
import { withActor } from '@/lib/api/with-actor';
import { accessReviews } from '@/lib/api/operations/access-reviews';
import { loadAssigned } from '@/lib/screens/access-review-requests';

export const GET = withActor(accessReviews.assigned, async (ctx) => loadAssigned(ctx, ctx.query));
