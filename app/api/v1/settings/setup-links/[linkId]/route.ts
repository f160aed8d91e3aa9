// DELETE /api/v1/settings/setup-links/<linkId> – revoke a setup link; its session ends at once
import { z } from 'zod';
import { withActor } from '@/lib/api/with-actor';
import { revokeSetupLink } from '@/lib/setup-links';
import { platformDb } from '@/lib/tenancy';
import { field } from '@/lib/validation';

export const DELETE = withActor({ params: z.object({ linkId: field.id('setup link') }) }, async ({ db, actor, params, authorize }) => {
  authorize('sso.manage', {});
  await revokeSetupLink(db, platformDb(), actor, params.linkId);
});
