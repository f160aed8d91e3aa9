// The health answers (docs/operations.md):
// - liveness: the process is up and answering; depends on nothing, so a DynamoDB or STS outage
//   never makes the container platform restart healthy instances;
// - readiness: this instance can serve tenants: one platform read (runtime credentials) and one
//   tenant-scoped read (STS AssumeRole + session policy), both of items that never exist, so a 200
//   proves configuration, credentials and the table without touching anyone's data. A 503 names
//   the check that failed; the load balancer stops sending traffic until it passes again.
import 'server-only';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../db/keys';
import { log } from '../observability';
import type { PlatformDb, TenantDb } from '../db';
import { platformDb, tenantDb } from '../tenancy';

/** A tenant id no tenant ever has (tenant ids are ULIDs); its credentials are cached like any tenant's. */
const PROBE_TENANT = 'health-probe';

const NO_STORE = { 'cache-control': 'no-store' };

export type CheckState = 'ok' | 'failed' | 'unknown';

export function livenessResponse(): Response {
  return Response.json({ status: 'ok' }, { headers: NO_STORE });
}

export interface ReadinessDeps {
  platformDb(): PlatformDb;
  tenantDb(tenantId: string): Promise<TenantDb>;
}

export async function readinessResponse(deps: ReadinessDeps = { platformDb, tenantDb: (t) => tenantDb(t) }): Promise<Response> {
  const checks: Record<'platform' | 'tenant', CheckState> = { platform: 'unknown', tenant: 'unknown' };
  try {
    const platform = deps.platformDb();
    await platform.client.send(new GetCommand({ TableName: platform.tableName, Key: keys.domainClaim('health.invalid') }));
    checks.platform = 'ok';
    const tenant = await deps.tenantDb(PROBE_TENANT);
    await tenant.client.send(new GetCommand({ TableName: tenant.tableName, Key: keys.tenantSettings(PROBE_TENANT) }));
    checks.tenant = 'ok';
    return Response.json({ status: 'ok', checks }, { headers: NO_STORE });
  } catch (e) {
    const failed = checks.platform === 'ok' ? 'tenant' : 'platform';
    checks[failed] = 'failed';
    // The error's name says throttling, AccessDenied, an expired token…; an outage, not a bug: no stack.
    log.error({ type: 'health', check: failed, errorName: (e as Error)?.name, errorMessage: (e as Error)?.message }, `health: ${failed} read failed`);
    return Response.json({ status: 'unavailable', checks }, { status: 503, headers: NO_STORE });
  }
}
