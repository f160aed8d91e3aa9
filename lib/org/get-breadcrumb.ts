// T5: the ancestors of a unit, root first, with names: one BatchGetItem of the ids in its path.
// `getAncestors` is the same request with the ancestors' paths and administrators, for
// "who can administer this" (lib/authz). Server-only.
import { batchGet, keys, type TenantDb } from '../db';
import { pathIds, type Unit, type UnitAdministrator } from './unit-item';

export interface Crumb {
  id: string;
  name: string;
}

export interface Ancestor extends Crumb {
  path: string;
  administrators: Record<string, UnitAdministrator>;
}

async function readAncestors(db: TenantDb, unit: Pick<Unit, 'id' | 'path'>, projection: string[]) {
  const ids = pathIds(unit.path).slice(0, -1);
  if (ids.length === 0) return [];
  const items = await batchGet(db, ids.map((id) => keys.unit(db.tenantId, id)), { projection: ['unitId', ...projection] });
  const byId = new Map(items.map((i) => [i.unitId as string, i]));
  // An ancestor deleted a moment ago is left out rather than shown without a name.
  return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}

/** Root → parent (the unit itself excluded); empty for the root. */
export async function getBreadcrumb(db: TenantDb, unit: Pick<Unit, 'id' | 'path'>): Promise<Crumb[]> {
  return (await readAncestors(db, unit, ['name'])).map((i) => ({ id: i.unitId as string, name: i.name as string }));
}

/** Root → parent with paths and administrators; the same single BatchGetItem as the breadcrumb. */
export async function getAncestors(db: TenantDb, unit: Pick<Unit, 'id' | 'path'>): Promise<Ancestor[]> {
  return (await readAncestors(db, unit, ['name', 'path', 'administrators'])).map((i) => ({
    id: i.unitId as string,
    name: i.name as string,
    path: i.path as string,
    administrators: (i.administrators as Record<string, UnitAdministrator> | undefined) ?? {},
  }));
}
