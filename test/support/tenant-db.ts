// The one place tests build a TenantDb: tenant-scoped STS credentials through the local
// IAM-enforcing gateway, as in the app, so a repository that touches another tenant's keys (or
// forgets the tenant prefix) is refused with AccessDeniedException.
import type { TenantDb } from '../../lib/db';
import { scopedTestTenantDb } from './tenancy';

export function tenantDbFor(tenantId: string): TenantDb {
  return scopedTestTenantDb(tenantId);
}
