// How a refusal names a permission and a region: Arbor's by the console's label, a tenant's by its
// description when that is short enough to read in a sentence, else by its key.
import { ARBOR_PERMISSIONS, isArborPermission, type Reach, type RoleCatalogue } from './role-catalogue';
import type { UnitRef } from './actions';
import { label } from './unit-words';

const SHORT = 60;

export function permissionWords(permission: string, catalogue: RoleCatalogue | undefined): string {
  if (isArborPermission(permission)) return `“${ARBOR_PERMISSIONS[permission].label}”`;
  const description = catalogue && Object.hasOwn(catalogue.permissions, permission) ? catalogue.permissions[permission].description.trim() : '';
  return `“${description && description.length <= SHORT ? description : permission}”`;
}

/** "across Sales and below", "at Sales", "in the units below Sales". */
export function regionWords(reach: Reach, unit: UnitRef): string {
  if (reach === 'unit') return `at ${label(unit)}`;
  if (reach === 'below') return `in the units below ${label(unit)}`;
  return `across ${label(unit)} and below`;
}
