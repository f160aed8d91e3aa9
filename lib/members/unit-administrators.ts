// Keeps a unit's `administrators` map (lib/org/unit-item.ts) in step with the memberships held
// directly on it: every membership write that adds, changes or removes an owner, admin or
// manager updates the map in the same transaction as the membership items.
import type { Role } from './membership-items';

const ADMINISTERING: readonly Role[] = ['owner', 'admin', 'manager'];
export const administers = (role: Role) => ADMINISTERING.includes(role);

/**
 * The update-expression clause for one person's entry on the unit item: SET when their new role
 * administers, REMOVE otherwise (absent entries remove as a no-op). Merge `names`/`values` into
 * the unit Update's own.
 */
export function administratorClause(userId: string, after?: { role: Role; name: string; email: string }) {
  const names = { '#adm': 'administrators', '#admUser': userId };
  if (after && administers(after.role)) {
    return { set: '#adm.#admUser = :admEntry', names, values: { ':admEntry': { role: after.role, name: after.name, email: after.email } } };
  }
  return { remove: '#adm.#admUser', names, values: {} };
}
