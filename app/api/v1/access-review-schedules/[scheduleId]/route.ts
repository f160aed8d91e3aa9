// PATCH /api/v1/access-review-schedules/[scheduleId] – change, pause or resume a schedule
// DELETE /api/v1/access-review-schedules/[scheduleId]?expectedVersion= – remove it
import { withActor } from '@/lib/api/with-actor';
import { accessReviewSchedules } from '@/lib/api/operations/access-review-schedules';
import { deleteSchedule, updateSchedule } from '@/lib/access-reviews';

export const PATCH = withActor(accessReviewSchedules.update, async (ctx) => {
  ctx.authorize('accessReview.manage', {});
  const { expectedVersion, ...change } = ctx.body;
  return updateSchedule(ctx.db, { actor: ctx.actor, access: ctx.actor }, ctx.params.scheduleId, expectedVersion, change);
});

export const DELETE = withActor(accessReviewSchedules.delete, async (ctx) => {
  ctx.authorize('accessReview.manage', {});
  await deleteSchedule(ctx.db, { actor: ctx.actor, access: ctx.actor }, ctx.params.scheduleId, ctx.query.expectedVersion);
});
