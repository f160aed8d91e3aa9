// GET /api/v1/settings/sso – the organization's SSO connection as the settings form shows it
// (never a secret or a private key)
// PUT /api/v1/settings/sso – register or replace the connection, OIDC or SAML, for the
// organization's verified domains (a new one starts switched off, to be tested first)
import { withActor } from '@/lib/api/with-actor';
import { sso } from '@/lib/api/operations/sso';
import { loadSsoConnection } from '@/lib/screens/settings';
import { toSsoConnectionView } from '@/lib/screens/sso';
import { saveConnection } from '@/lib/domains';

export const GET = withActor(sso.getConnection, async (ctx) => ({ connection: await loadSsoConnection(ctx) }));

export const PUT = withActor(sso.saveConnection, async ({ db, actor, body, authorize }) => {
  authorize('sso.manage', {});
  return { connection: toSsoConnectionView(await saveConnection(db, actor, body)) };
});
