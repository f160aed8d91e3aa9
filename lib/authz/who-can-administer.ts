// "Who can administer this unit, and why": everyone whose membership reaches the unit with power
// over it — the tenant's owners and admins (held on the root) and the managers of the unit and
// of each of its ancestors. Server-only.
//
// Cost (docs/authorization.md, "Who can administer"): nothing beyond the unit and its breadcrumb.
// Every membership write keeps the unit item's `administrators` map in step (lib/members), so
// the unit (GetItem) and its ancestors (the breadcrumb's one BatchGetItem, `getAncestors`) carry
// every administering membership on the path.
import { ROLE_RANK } from './roles';
import { getAncestors } from '../org/get-breadcrumb';
import type { Unit, UnitAdministrator } from '../org/unit-item';
import type { TenantDb } from '../db';
import { effectiveRole, type Grant } from './grants';

export interface Administrator {
  userId: string;
  name: string;
  email: string;
  /** The strongest reason: a tenant role first, then the nearest manager role. */
  grantedBy: Grant;
  /** Every membership that lets them administer the unit, strongest first. */
  grants: Grant[];
}

/** A unit on the path with the administering memberships held directly on it. */
export interface PathUnit {
  id: string;
  path: string;
  administrators?: Record<string, UnitAdministrator>;
}

const strongestFirst = (a: Grant, b: Grant) =>
  ROLE_RANK[effectiveRole(b)] - ROLE_RANK[effectiveRole(a)] || b.unitPath.length - a.unitPath.length;

/** The administrators of the last unit of `pathUnits` (root first, the unit last), from their maps. */
export function administratorsOf(pathUnits: PathUnit[]): Administrator[] {
  const people = new Map<string, Administrator>();
  for (const unit of pathUnits) {
    for (const [userId, a] of Object.entries(unit.administrators ?? {})) {
      const grant: Grant = { unitId: unit.id, unitPath: unit.path, role: a.role };
      // Owner/admin anywhere but the root is honoured as nothing more than a membership.
      if (effectiveRole(grant) === 'member') continue;
      const person = people.get(userId);
      if (person) person.grants.push(grant);
      else people.set(userId, { userId, name: a.name, email: a.email, grantedBy: grant, grants: [grant] });
    }
  }
  const list = [...people.values()];
  for (const p of list) {
    p.grants.sort(strongestFirst);
    p.grantedBy = p.grants[0];
  }
  return list.sort((a, b) => strongestFirst(a.grantedBy, b.grantedBy) || a.name.localeCompare(b.name) || a.userId.localeCompare(b.userId));
}

/** The people who can administer `unit` and why: owners, admins, then managers nearest the unit first. */
export async function whoCanAdminister(db: TenantDb, unit: Pick<Unit, 'id' | 'path' | 'administrators'>): Promise<Administrator[]> {
  return administratorsOf([...(await getAncestors(db, unit)), unit]);
}
