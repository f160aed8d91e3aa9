// DELETE /api/v1/settings/domains/<domain> – remove a domain: a waiting one's challenge, or a
// verified one's claim (its people no longer sign in here)
import { withActor } from '@/lib/api/with-actor';
import { sso } from '@/lib/api/operations/sso';
import { removeDomain } from '@/lib/domains';

export const DELETE = withActor(sso.removeDomain, async ({ db, actor, params, authorize }) => {
  authorize('sso.manage', {});
  await removeDomain(db, actor, params.domain);
  return { removed: params.domain };
});
