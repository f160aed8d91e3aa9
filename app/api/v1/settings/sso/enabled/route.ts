// PUT /api/v1/settings/sso/enabled – switch the connection on (sign-ins of the organization's
// domains go to it) or off, at the version read
import { withActor } from '@/lib/api/with-actor';
import { sso } from '@/lib/api/operations/sso';
import { toSsoConnectionView } from '@/lib/screens/sso';
import { switchConnection } from '@/lib/domains';

export const PUT = withActor(sso.setEnabled, async ({ db, actor, body, authorize }) => {
  authorize('sso.manage', {});
  return { connection: toSsoConnectionView(await switchConnection(db, actor, body.enabled, body.expectedVersion)) };
});
