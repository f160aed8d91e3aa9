// T5: the ancestors of a unit, root first, with names: one BatchGetItem of the ids in its path.
// `getAncestors` is the same request for the whole items (their paths and administrators, for
// "who can administer this" in lib/authz): a page's other parts asking for the same units in the
// same request get them from it (lib/api/read-once.ts).
import 'server-only';
import { batchGet, itemParser, keys, type TenantDb } from '../db';
import { pathIds, storedUnit, type Unit, type UnitAdministrator } from './unit-item';

export interface Crumb {
  id: string;
  name: string;
}

export interface Ancestor extends Crumb {
  path: string;
  administrators: Record<string, UnitAdministrator>;
}

// The unit items are read with a projection: each read parses the attributes it asked for.
const parseCrumb = itemParser('unit', storedUnit.pick({ unitId: true, name: true }));
const parseAncestor = itemParser('unit', storedUnit.pick({ unitId: true, name: true, path: true, administrators: true }));

async function readAncestors<T extends { unitId: string }>(
  db: TenantDb,
  unit: Pick<Unit, 'id' | 'path'>,
  projection: string[] | undefined,
  parse: (item: Record<string, unknown>) => T,
): Promise<T[]> {
  const ids = pathIds(unit.path).slice(0, -1);
  if (ids.length === 0) return [];
  const items = await batchGet(db, ids.map((id) => keys.unit(db.tenantId, id)), projection ? { projection: ['unitId', ...projection] } : {});
  const byId = new Map(items.map(parse).map((a) => [a.unitId, a]));
  // An ancestor deleted a moment ago is left out rather than shown without a name.
  return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}

/** Root → parent (the unit itself excluded); empty for the root. */
export async function getBreadcrumb(db: TenantDb, unit: Pick<Unit, 'id' | 'path'>): Promise<Crumb[]> {
  return (await readAncestors(db, unit, ['name'], parseCrumb)).map((a) => ({ id: a.unitId, name: a.name }));
}

/** Root → parent with paths and administrators; the same single BatchGetItem as the breadcrumb. */
export async function getAncestors(db: TenantDb, unit: Pick<Unit, 'id' | 'path'>): Promise<Ancestor[]> {
  return (await readAncestors(db, unit, undefined, parseAncestor)).map((a) => ({
    id: a.unitId,
    name: a.name,
    path: a.path,
    administrators: a.administrators ?? {},
  }));
}
