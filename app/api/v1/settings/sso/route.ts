// GET /api/v1/settings/sso – the organization's SSO connection as the settings form shows it
// (never the client secret)
// PUT /api/v1/settings/sso – register or replace the connection (issuer, client, secret
// (write-only; omitted keeps the stored one), domains, just-in-time provisioning)
import { z } from 'zod';
import { withActor } from '@/lib/api/with-actor';
import { auditEntryPut } from '@/lib/audit';
import { transactWrite } from '@/lib/db';
import { getConnection, setConnection, type SsoConnection } from '@/lib/sso';
import { platformDb } from '@/lib/tenancy';
import type { SsoConnectionView } from '@/lib/screens/settings';

const view = (c: SsoConnection): SsoConnectionView => ({
  issuer: c.issuer, clientId: c.clientId, domains: c.domains, jit: c.jit, version: c.version, updatedAt: c.updatedAt, hasSecret: Boolean(c.clientSecret),
});

export const GET = withActor({}, async (ctx) => {
  ctx.authorize('sso.manage', {});
  const connection = await getConnection(platformDb(), ctx.actor.tenantId);
  return { connection: connection ? view(connection) : null };
});

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
  async (ctx) => {
    ctx.authorize('sso.manage', {});
    const { clientSecret, ...rest } = ctx.body;
    const newSecret = clientSecret?.trim() ? clientSecret : undefined;
    const saved = await setConnection(platformDb(), ctx.actor.tenantId, { ...rest, clientSecret: newSecret });
    // The connection is a platform item, so its change can't share a transaction with the
    // tenant's audit trail; the entry follows it (never with the secret).
    await transactWrite(ctx.db, [
      auditEntryPut(ctx.db, {
        actor: ctx.actor, action: 'sso.update', target: { type: 'tenant', id: ctx.actor.tenantId, label: saved.issuer },
        after: { issuer: saved.issuer, clientId: saved.clientId, domains: saved.domains, jit: saved.jit, secretChanged: Boolean(newSecret) },
      }),
    ]);
    return { connection: view(saved) };
  },
);
