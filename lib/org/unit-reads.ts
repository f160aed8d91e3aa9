// A unit as stored: the strongly consistent point read the tree's writes start from (getUnit adds
// what readers should see while a tree job runs).
import 'server-only';
import { getItem, keys, type TenantDb } from '../db';
import { toUnit, type Unit } from './unit-item';

export async function readUnit(db: TenantDb, unitId: string): Promise<Unit | undefined> {
  const item = await getItem(db, keys.unit(db.tenantId, unitId));
  return item ? toUnit(item) : undefined;
}
