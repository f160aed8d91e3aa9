// DELETE /api/v1/settings/setup-links/<linkId> – revoke a setup link; its session ends at once
import { withActor } from '@/lib/api/with-actor';
import { settings } from '@/lib/api/operations/settings';
import { revokeSetupLink } from '@/lib/setup-links';
import { platformDb } from '@/lib/tenancy';

export const DELETE = withActor(settings.revokeSetupLink, async ({ db, actor, params, authorize }) => {
  authorize('sso.manage', {});
  await revokeSetupLink(db, platformDb(), actor, params.linkId);
});
