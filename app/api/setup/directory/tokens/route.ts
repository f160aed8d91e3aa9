// POST /api/setup/directory/tokens – a directory (SCIM) token for the IT admin's provisioning
// app, shown once; the base URL comes with it
import { createScimToken, scimBaseUrl } from '@/lib/scim';
import { setup } from '@/lib/api/operations/setup';
import { withSetupSession } from '@/lib/api/setup-entry';
import { platformDb } from '@/lib/tenancy';

export const POST = withSetupSession(setup.createDirectoryToken, async ({ session, body }) => ({
  ...(await createScimToken({ tenant: session.db, platform: platformDb() }, { label: body.label, actor: session.actor })),
  baseUrl: scimBaseUrl(),
}));
