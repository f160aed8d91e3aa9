// POST /api/v1/settings/sso/test – start a Test connection in this browser: a real sign-in
// through the IdP that creates no session and comes back to Settings → Single sign-on with
// what the IdP sent and what Arbor would do
import { withActor } from '@/lib/api/with-actor';
import { sso } from '@/lib/api/operations/sso';
import { beginTestSignIn } from '@/lib/auth/test-sign-in';

export const POST = withActor(sso.test, async ({ actor, authorize }) => {
  authorize('sso.manage', {});
  return beginTestSignIn(actor.tenantId, (testId) => `/settings/sso?test=${testId}`);
});
