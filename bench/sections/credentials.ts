// 5. Credentials (issue 3, "Measured"): AssumeRole calls per 1,000 tenant requests under load
// across 50 tenants, counted at the vendor and at the STS emulator; refreshes with short
// sessions (one AssumeRole per tenant per refresh period, none per request); and the warm-cache
// overhead of a tenant-scoped request against the same request with the operator's own
// credentials through the same gateway, and straight to DynamoDB Local.
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { INDEX, keys, type DocumentClient } from '../../lib/db';
import { createTenancy, tenancySettingsFromConfig } from '../../lib/tenancy';
import { getTenantSettings } from '../../lib/tenants/settings';
import { mapLimit, sleep } from '../../lib/org/map-limit';
import type { BenchContext } from '../support/context';
import { ratio, summarize, timed, type Summary } from '../support/stats';
import { seedSmallTenants } from '../seed/seed-all';

export const LOAD_TENANTS = 50;
const LOAD_CONCURRENCY = 20;

export interface CredentialsResult {
  load: {
    tenants: number;
    requests: number;
    concurrency: number;
    sessionSeconds: number;
    assumeRoleAtVendor: number;
    assumeRoleAtEmulator: number;
    perThousandRequests: number;
    perTenant: number;
    cacheHits: number;
    ms: number;
  };
  refresh: {
    tenants: number;
    sessionSeconds: number;
    refreshAheadSeconds: number;
    seconds: number;
    requests: number;
    assumeRole: number;
    /** One AssumeRole at the first request, then one each time the session enters its refresh-ahead window. */
    expectedPerTenant: number;
    perTenant: number;
    failedRequests: number;
  };
  overhead: {
    query: string;
    requests: number;
    scopedGateway: Summary;
    operatorGateway: Summary;
    direct: Summary;
    /** Isolates the credentials: same gateway, same request, tenant session vs long-term keys. */
    scopedVsOperator: number;
    /** Includes the local gateway's extra hop (which AWS does not have). */
    scopedVsDirect: number;
    /** Warm-cache cost of the credential provider itself, in microseconds per call. */
    providerMicroseconds: number;
  };
}

export async function runCredentials(ctx: BenchContext): Promise<CredentialsResult> {
  ctx.log(`credentials: ${LOAD_TENANTS} tenants`);
  const tenants = await seedSmallTenants(ctx, LOAD_TENANTS);
  const settings = tenancySettingsFromConfig();

  // (a) A fresh server instance (its own cache) under load across 50 tenants.
  const requests = ctx.options.quick ? 2000 : 5000;
  const fresh = createTenancy(settings);
  const emulatorBefore = ctx.stack.aws.stats().assumeRoleCalls;
  const load = await timed(() =>
    mapLimit(Array.from({ length: requests }, (_, i) => tenants[(i * 7919) % tenants.length]), LOAD_CONCURRENCY, async (t) =>
      getTenantSettings(await fresh.tenantDb(t.tenantId)),
    ),
  );
  const vendorStats = fresh.vendor.stats();
  const emulatorCalls = ctx.stack.aws.stats().assumeRoleCalls - emulatorBefore;

  // (b) Short sessions: credentials expire and are refreshed while requests keep coming.
  const refreshTenants = tenants.slice(0, 10);
  const sessionSeconds = 6;
  const loadSeconds = ctx.options.quick ? 8 : 15;
  const short = createTenancy({ ...settings, sessionSeconds });
  const refreshAheadSeconds = sessionSeconds / 2; // the vendor scales its windows to short sessions
  let sent = 0;
  let failed = 0;
  const until = Date.now() + loadSeconds * 1000;
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (Date.now() < until) {
        const t = refreshTenants[sent++ % refreshTenants.length];
        await getTenantSettings(await short.tenantDb(t.tenantId)).catch(() => failed++);
        await sleep(5);
      }
    }),
  );
  await short.vendor.whenIdle();
  const expectedPerTenant = 1 + Math.floor(loadSeconds / (sessionSeconds - refreshAheadSeconds));
  const shortCalls = short.vendor.stats().assumeRoleCalls;

  // (c) Warm-cache overhead: the same Query three ways, interleaved so load changes hit all alike.
  const target = ctx.tenants.get(ctx.options.sizes[0])!;
  const scoped = (await ctx.tenancy.tenantDb(target.tenantId)).client;
  const operator = ctx.tenancy.operatorDb().client;
  const query = (client: DocumentClient) =>
    client.send(
      new QueryCommand({
        TableName: ctx.tableName,
        IndexName: INDEX.gsi2,
        KeyConditionExpression: 'GSI2PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.gsi2.children(target.tenantId, target.rootUnitId) },
        Limit: 50,
      }),
    );
  const paths = { scopedGateway: scoped, operatorGateway: operator, direct: ctx.direct.client };
  const samples: Record<keyof typeof paths, number[]> = { scopedGateway: [], operatorGateway: [], direct: [] };
  const rounds = ctx.options.quick ? 150 : 400;
  for (let i = 0; i < rounds + 20; i++) {
    for (const [name, client] of Object.entries(paths) as [keyof typeof paths, DocumentClient][]) {
      const { ms } = await timed(() => query(client));
      if (i >= 20) samples[name].push(ms); // the first rounds warm connections up
    }
  }
  const provider = await timed(async () => {
    for (let i = 0; i < 100_000; i++) await ctx.tenancy.vendor.credentialsFor(target.tenantId);
  });
  const s = { scopedGateway: summarize(samples.scopedGateway), operatorGateway: summarize(samples.operatorGateway), direct: summarize(samples.direct) };

  return {
    load: {
      tenants: tenants.length, requests, concurrency: LOAD_CONCURRENCY, sessionSeconds: settings.sessionSeconds,
      assumeRoleAtVendor: vendorStats.assumeRoleCalls, assumeRoleAtEmulator: emulatorCalls,
      perThousandRequests: (emulatorCalls / requests) * 1000, perTenant: emulatorCalls / tenants.length,
      cacheHits: vendorStats.cacheHits, ms: load.ms,
    },
    refresh: {
      tenants: refreshTenants.length, sessionSeconds, refreshAheadSeconds, seconds: loadSeconds, requests: sent, assumeRole: shortCalls,
      expectedPerTenant, perTenant: shortCalls / refreshTenants.length, failedRequests: failed,
    },
    overhead: {
      query: 'T3 children of the root (Query on GSI2, up to 50 items)', requests: rounds,
      ...s, scopedVsOperator: ratio(s.scopedGateway, s.operatorGateway), scopedVsDirect: ratio(s.scopedGateway, s.direct),
      providerMicroseconds: (provider.ms * 1000) / 100_000,
    },
  };
}
