// A small chain of units under a tenant's root, so each tenant's tree is recognisable.
import { createUnit } from '../../lib/org';
import { tenantDb } from '../../lib/tenancy';
import { OPERATOR_ACTOR } from '../../lib/tenants';
import type { E2eTenant } from './fixtures';

export async function createE2eUnits(t: E2eTenant, names: string[]): Promise<string[]> {
  const db = await tenantDb(t.tenantId);
  let parentId = t.rootUnitId;
  for (const name of names) parentId = (await createUnit(db, OPERATOR_ACTOR, { parentId, name })).id;
  return names;
}
