// PUT /api/setup/sso/enabled – switch the connection on or off from a setup link's page
import { toSsoConnectionView } from '@/lib/screens/sso';
import { withSetupSession } from '@/lib/setup-links';
import { enabledBody } from '@/lib/sso';
import { switchConnection } from '@/lib/domains';

export const PUT = withSetupSession({ body: enabledBody }, async ({ session, body }) => ({
  connection: toSsoConnectionView(await switchConnection(session.db, session.actor, body.enabled, body.expectedVersion)),
}));
