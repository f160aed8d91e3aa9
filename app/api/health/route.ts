// GET /api/health – readiness for the load balancer: one platform read (runtime credentials) and
// one tenant-scoped read (STS AssumeRole + session policy), both of items that never exist, so a
// 200 proves configuration, credentials and the table without touching anyone's data.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '@/lib/db/keys';
import { platformDb, tenantDb } from '@/lib/tenancy';

export const dynamic = 'force-dynamic';

/** A tenant id no tenant ever has (tenant ids are ULIDs); its credentials are cached like any tenant's. */
const PROBE_TENANT = 'health-probe';

export async function GET() {
  const checks = { platform: 'unknown', tenant: 'unknown' };
  try {
    const platform = platformDb();
    await platform.client.send(new GetCommand({ TableName: platform.tableName, Key: keys.domainClaim('health.invalid') }));
    checks.platform = 'ok';
    const tenant = await tenantDb(PROBE_TENANT);
    await tenant.client.send(new GetCommand({ TableName: tenant.tableName, Key: keys.tenantSettings(PROBE_TENANT) }));
    checks.tenant = 'ok';
    return Response.json({ status: 'ok', checks }, { headers: { 'cache-control': 'no-store' } });
  } catch (e) {
    const failed = checks.platform === 'ok' ? 'tenant' : 'platform';
    checks[failed] = 'failed';
    // One line for the logs (the error's name says throttling, AccessDenied, expired token…).
    console.error(`[arbor] health: ${failed} read failed: ${(e as Error)?.name}: ${(e as Error)?.message}`);
    return Response.json({ status: 'unavailable', checks }, { status: 503, headers: { 'cache-control': 'no-store' } });
  }
}
