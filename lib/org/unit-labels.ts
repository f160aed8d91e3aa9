// Units' names and paths by id, for screens that name units they did not read whole.
import 'server-only';
import { batchGet, keys, type TenantDb } from '../db';

export interface UnitLabel {
  name: string;
  path: string;
}

/** One eventually consistent BatchGetItem per 100 ids; ids of deleted units are absent. */
export async function unitLabels(db: TenantDb, ids: Iterable<string>): Promise<Map<string, UnitLabel>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const items = await batchGet(db, unique.map((id) => keys.unit(db.tenantId, id)), { consistent: false, projection: ['unitId', 'name', 'path'] });
  return new Map(items.map((i) => [i.unitId as string, { name: i.name as string, path: i.path as string }]));
}
