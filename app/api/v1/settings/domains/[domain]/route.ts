// DELETE /api/v1/settings/domains/<domain> – remove a domain: a waiting one's challenge, or a
// verified one's claim (its people no longer sign in here)
import { z } from 'zod';
import { withActor } from '@/lib/api/with-actor';
import { field } from '@/lib/validation';
import { removeDomain } from '@/lib/domains';

export const DELETE = withActor({ params: z.object({ domain: field.text(253) }) }, async ({ db, actor, params, authorize }) => {
  authorize('sso.manage', {});
  await removeDomain(db, actor, params.domain);
  return { removed: params.domain };
});
