// GET /api/setup/sso – the connection, for a setup link's page
// PUT /api/setup/sso – register or replace it (as the console's PUT /api/v1/settings/sso)
import { toSsoConnectionView } from '@/lib/screens/sso';
import { setup } from '@/lib/api/operations/setup';
import { withSetupSession } from '@/lib/api/setup-entry';
import { getConnection } from '@/lib/sso';
import { saveConnection } from '@/lib/domains';
import { platformDb } from '@/lib/tenancy';

export const GET = withSetupSession(setup.getConnection, async ({ session }) => {
  const connection = await getConnection(platformDb(), session.tenantId);
  return { connection: connection ? toSsoConnectionView(connection) : null };
});

export const PUT = withSetupSession(setup.saveConnection, async ({ session, body }) => ({
  connection: toSsoConnectionView(await saveConnection(session.db, session.actor, body)),
}));
