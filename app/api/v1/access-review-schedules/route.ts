// GET /api/v1/access-review-schedules – the organization's access review schedules
// POST /api/v1/access-review-schedules – schedule reviews with these settings
import { withActor } from '@/lib/api/with-actor';
import { accessReviewSchedules } from '@/lib/api/operations/access-review-schedules';
import { createSchedule, listSchedules } from '@/lib/access-reviews';

export const GET = withActor(accessReviewSchedules.list, async (ctx) => {
  ctx.authorize('accessReview.manage', {});
  return { schedules: await listSchedules(ctx.db) };
});

export const POST = withActor(accessReviewSchedules.create, async (ctx) => {
  ctx.authorize('accessReview.manage', {});
  return createSchedule(ctx.db, { actor: ctx.actor, access: ctx.actor }, ctx.body);
});
