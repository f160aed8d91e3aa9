// The soak's organizations, and what each gives the traffic: seeded trees of 1,000 units, an SSO
// connection to the local IdP for two of their people (the owner and an admin), an API key and a
// check key, a webhook endpoint and an HTTPS audit-stream destination pointing at the local
// receivers; the last one also syncs its directory over SCIM.
import { randomBytes } from 'node:crypto';
import { createApiKey } from '../../lib/api-keys';
import { createDestination } from '../../lib/audit-streaming';
import { setConnection } from '../../lib/domains';
import { createScimToken, saveDirectoryConfig } from '../../lib/scim';
import { OPERATOR_ACTOR } from '../../lib/tenants';
import { createEndpoint } from '../../lib/webhooks';
import type { StreamReceiver } from '../../test/support/stream-receivers';
import type { BenchContext } from '../support/context';
import { DENSITY } from '../seed/seed-all';
import { seedTenant, type SeededTenant } from '../seed/seed-tenant';
import { startAuditReceiver, type WebhookReceiver } from './receivers';
import type { SoakTenant } from './traffic';

export const UNITS_PER_TENANT = 1000;

export interface SoakOrganization {
  seeded: SeededTenant;
  tenant: SoakTenant;
  people: { email: string; password: string }[];
  apiKey: string;
  checkKey: string;
  auditReceiver: StreamReceiver;
  /** Where its audit stream starts: entries after this id are expected at the receiver. */
  streamCursor: string;
}

export async function setUpOrganization(ctx: BenchContext, label: string, webhooks: WebhookReceiver, idpClient: { clientId: string; clientSecret: string }): Promise<SoakOrganization> {
  const seeded = await seedTenant(ctx.direct, { label, seed: 37, ...DENSITY, shape: (plan) => plan.grow(plan.rootUnit, UNITS_PER_TENANT - 1) });
  const tenantId = seeded.tenantId;
  const stores = { tenant: await ctx.tenancy.tenantDb(tenantId), platform: ctx.tenancy.platformDb() };

  const signers = [{ email: seeded.owner.email, name: seeded.owner.name }, { email: seeded.people[0].email, name: seeded.people[0].name }];
  const people = signers.map((p) => {
    const password = randomBytes(9).toString('base64url');
    ctx.stack.oidc.addUser({ ...p, password });
    return { email: p.email, password };
  });
  await setConnection(stores.platform, tenantId, { issuer: ctx.stack.oidc.issuer, ...idpClient, domains: [seeded.domain], jit: false });

  const root = { id: seeded.rootUnitId, path: `/${seeded.rootUnitId}/` };
  const actor = { userId: seeded.owner.id, email: seeded.owner.email };
  const key = (name: string, scope: 'full' | 'check') => createApiKey(stores, { name, role: 'admin', scope, unit: root, expiresInDays: 1, actor });
  const [apiKey, checkKey] = await Promise.all([key('Soak integration', 'full'), key('Soak checks', 'check')]);

  const endpoint = await createEndpoint(stores, OPERATOR_ACTOR, { url: `${webhooks.url}/${tenantId}` }, { allowPrivateNetworks: true });
  webhooks.secrets.set(`/${tenantId}`, endpoint.secret);
  const auditReceiver = await startAuditReceiver();
  const { destination, signingSecret } = await createDestination(
    stores.tenant, OPERATOR_ACTOR, { name: 'Soak receiver', settings: { kind: 'https', url: auditReceiver.url } },
    { platform: stores.platform, policy: { allowPrivateNetworks: true } },
  );
  auditReceiver.secret = signingSecret!;

  return {
    seeded, people, apiKey: apiKey.secret, checkKey: checkKey.secret, auditReceiver, streamCursor: destination.cursor ?? '0',
    tenant: {
      tenantId, rootUnitId: seeded.rootUnitId, unitIds: seeded.units.map((u) => u.id),
      userIds: [seeded.owner.id, ...seeded.people.map((p) => p.id)],
    },
  };
}

/** A SCIM token and the department rule (users placed in the tree by their department path). */
export async function enableDirectorySync(ctx: BenchContext, tenantId: string): Promise<string> {
  const db = await ctx.tenancy.tenantDb(tenantId);
  const { token } = await createScimToken({ tenant: db, platform: ctx.tenancy.platformDb() }, { label: 'soak', actor: OPERATOR_ACTOR });
  await saveDirectoryConfig(db, OPERATOR_ACTOR, { provider: 'entra', rules: { groups: [], departments: { separator: '/' } }, expectedVersion: 0 });
  return token;
}
