// POST /api/v1/settings/deletion – schedule the organization's deletion after the grace period (owners, name typed to confirm)
// DELETE /api/v1/settings/deletion – cancel it while the grace period lasts
import { withActor } from '@/lib/api/with-actor';
import { settings } from '@/lib/api/operations/settings';
import { cancelTenantDeletion, scheduleTenantDeletion } from '@/lib/offboarding';

export const POST = withActor(settings.scheduleDeletion, async ({ db, actor, body, authorize }) => {
  authorize('tenant.delete', {});
  const scheduled = await scheduleTenantDeletion(db, actor, { confirmName: body.confirmName });
  return { dueAt: scheduled.dueAt, scheduledAt: scheduled.scheduledAt };
});

export const DELETE = withActor(settings.cancelDeletion, async ({ db, actor, authorize }) => {
  authorize('tenant.delete', {});
  await cancelTenantDeletion(db, actor);
});
