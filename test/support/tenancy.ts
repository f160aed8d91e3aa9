// Database access for behaviour tests exactly as the app gets it: through the local STS emulator
// and the IAM-enforcing gateway, with real tenant-scoped, platform and operator credentials.
// A repository that forgets the tenant prefix (or an index key without it) fails here.
import { ulid } from 'ulid';
import type { PlatformDb, TenantDb } from '../../lib/db';
import { createTenancy, tenancy, tenancySettingsFromConfig, type Tenancy, type TenancySettings } from '../../lib/tenancy';

/** A TenantDb whose credentials are ready (one AssumeRole for a cold tenant). */
export const testTenantDb = (tenantId: string, userId?: string): Promise<TenantDb> => tenancy().tenantDb(tenantId, { userId });

/** The same, without waiting: the first request assumes the role. */
export const scopedTestTenantDb = (tenantId: string): TenantDb => tenancy().scopedTenantDb(tenantId);

/** The runtime's own credentials: platform items (P1–P3) only. */
export const testPlatformDb = (): PlatformDb => tenancy().platformDb();

/** The operator's admin credentials (P4, seeds, set-up that spans tenants). */
export const testOperatorDb = (): PlatformDb => tenancy().operatorDb();

/** A separate tenancy with its own caches and counters (tests that count AssumeRole calls). */
export const isolatedTenancy = (overrides: Partial<TenancySettings> = {}): Tenancy =>
  createTenancy({ ...tenancySettingsFromConfig(), ...overrides });

export const newTenantId = () => ulid();

/** Three fresh tenant ids, the first a prefix of the other two: `<ulid>`, `<ulid>X`, `<ulid>-x`. */
export function prefixSharingTenantIds(): [string, string, string] {
  const base = ulid();
  return [base, `${base}X`, `${base}-x`];
}

/** DynamoDB refused the request on IAM grounds (what the gateway answers, as AWS does). */
export const isAccessDenied = (e: unknown) => (e as { name?: string })?.name === 'AccessDeniedException';
