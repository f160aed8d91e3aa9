// GET /api/v1/settings/sso – the organization's SSO connection as the settings form shows it
// (never the client secret)
// PUT /api/v1/settings/sso – register or replace the connection (issuer, client, secret
// (write-only; omitted keeps the stored one), domains, just-in-time provisioning)
import { z } from 'zod';
import { withActor } from '@/lib/api/with-actor';
import { field } from '@/lib/validation';
import { loadSsoConnection, toSsoConnectionView } from '@/lib/screens/settings';
import { saveConnection } from '@/lib/sso';

export const GET = withActor({}, async (ctx) => ({ connection: await loadSsoConnection(ctx) }));

export const PUT = withActor(
  {
    body: z.strictObject({
      issuer: field.text(2048),
      clientId: field.text(1024),
      clientSecret: field.text(4096).optional(),
      domains: z.array(field.text(253)).max(50),
      jit: z.boolean(),
      expectedVersion: field.version.optional(),
    }),
  },
  async ({ db, actor, body, authorize }) => {
    authorize('sso.manage', {});
    return { connection: toSsoConnectionView(await saveConnection(db, actor, body)) };
  },
);
