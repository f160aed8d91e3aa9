// The one place tests build a TenantDb. Today it is the unrestricted local client; switching the
// behaviour suites to tenant-scoped credentials is a change to this file only.
import type { TenantDb } from '../../lib/db';
import { directClient, tableName } from './stack';

export function tenantDbFor(tenantId: string): TenantDb {
  return { client: directClient(), tableName: tableName(), tenantId };
}
