// PUT /api/setup/sso/enabled – switch the connection on or off from a setup link's page
import { toSsoConnectionView } from '@/lib/screens/sso';
import { setup } from '@/lib/api/operations/setup';
import { withSetupSession } from '@/lib/api/setup-entry';
import { switchConnection } from '@/lib/domains';

export const PUT = withSetupSession(setup.setEnabled, async ({ session, body }) => ({
  connection: toSsoConnectionView(await switchConnection(session.db, session.actor, body.enabled, body.expectedVersion)),
}));
