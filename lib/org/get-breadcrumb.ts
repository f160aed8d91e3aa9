// T5: the ancestors of a unit, root first, with names: one BatchGetItem of the ids in its path.
// Server-only.
import { keys, type TenantDb } from '../db';
import { batchGet } from './unit-reads';
import { pathIds, type Unit } from './unit-item';

export interface Crumb {
  id: string;
  name: string;
}

/** Root → parent (the unit itself excluded); empty for the root. */
export async function getBreadcrumb(db: TenantDb, unit: Pick<Unit, 'id' | 'path'>): Promise<Crumb[]> {
  const ids = pathIds(unit.path).slice(0, -1);
  if (ids.length === 0) return [];
  const items = await batchGet(db, ids.map((id) => keys.unit(db.tenantId, id)), { projection: ['unitId', 'name'] });
  const names = new Map(items.map((i) => [i.unitId as string, i.name as string]));
  // An ancestor deleted a moment ago is left out rather than shown without a name.
  return ids.flatMap((id) => (names.has(id) ? [{ id, name: names.get(id)! }] : []));
}
