// GET /api/v1/settings/sso – the organization's SSO connection as the settings form shows it
// (never the client secret)
// PUT /api/v1/settings/sso – register or replace the connection (issuer, client, secret
// (write-only; omitted keeps the stored one), domains, just-in-time provisioning)
import { z } from 'zod';
import { withActor } from '@/lib/api/with-actor';
import { loadSsoConnection, saveSsoConnection } from '@/lib/screens/settings';

export const GET = withActor({}, async (ctx) => ({ connection: await loadSsoConnection(ctx) }));

export const PUT = withActor(
  {
    body: z.object({
      issuer: z.string(),
      clientId: z.string(),
      clientSecret: z.string().optional(),
      domains: z.array(z.string()).max(50),
      jit: z.boolean(),
      expectedVersion: z.number().int().positive().optional(),
    }),
  },
  async (ctx) => ({ connection: await saveSsoConnection(ctx, ctx.body) }),
);
