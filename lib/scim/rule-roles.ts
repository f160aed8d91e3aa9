// Saving a rule that gives custom roles is giving them (docs/roles.md: nobody grants what they do
// not hold), so each is decided as `role.assign` on the rule's unit, as if the admin gave it to a
// person there by hand. The people are not known yet: the decision is about the directory's.
import 'server-only';
import { batchGet, keys, type TenantDb } from '../db';
import type { Authorize, RoleCatalogue } from '../authz';
import { badRules } from './errors';
import type { DirectoryRules } from './rules';

/** Who a rule's decision names as the person given the role (no person raises their own role). */
const DIRECTORY_PEOPLE = 'directory';

/**
 * Decides `role.assign` for every custom role the rules give, each on its unit read now (one
 * BatchGetItem). A rule that creates a new unit is decided on the unit it goes under, reaching
 * below it: that covers the new unit wherever its own reach ends.
 */
export async function authorizeRuleRoles(db: TenantDb, rules: DirectoryRules, catalogue: RoleCatalogue, authorize: Authorize): Promise<void> {
  const giving = rules.groups.filter((g) => g.roles?.length);
  if (giving.length === 0) return;
  const items = await batchGet(db, [...new Set(giving.map((g) => g.unitId))].map((id) => keys.unit(db.tenantId, id)), { projection: ['unitId', 'name', 'path'] });
  const units = new Map(items.map((i) => [String(i.unitId), { id: String(i.unitId), name: String(i.name), path: String(i.path) }]));
  for (const g of giving) {
    const unit = units.get(g.unitId);
    if (!unit) throw badRules('A group mapping points at a unit that no longer exists; pick another.');
    for (const key of g.roles!) {
      const role = catalogue.roles[key]!;
      authorize('role.assign', { unit, userId: DIRECTORY_PEOPLE, role: g.newUnit ? { ...role, reach: 'below' } : role });
    }
  }
}
