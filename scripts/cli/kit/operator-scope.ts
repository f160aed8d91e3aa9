// A tenant's and the platform's databases with the operator's credentials, as the commands that
// act for the operator in one tenant pass them to lib/ (the operator reads the whole table).
import type { TenantDb } from '../../../lib/db';
import { operatorDb } from '../../../lib/tenancy';

export function operatorScope(tenantId: string) {
  const operator = operatorDb();
  return { tenant: { ...operator, tenantId } satisfies TenantDb, platform: operator };
}
