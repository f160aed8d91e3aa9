// "Who can administer this unit, and why": everyone whose membership reaches the unit with power
// over it — the tenant's owners and admins (held on the root) and the managers of the unit and
// of each of its ancestors, decided from the administrators copied onto the units of its path.
// lib/org's whoCanAdminister reads that path (docs/authorization.md, "Who can administer").
import { ROLE_RANK, type Role } from './roles';
import { effectiveRole, type Grant } from './grants';

/**
 * Someone holding an administering role (owner, admin, manager) directly on a unit, copied onto
 * the unit item by the membership write itself, so "who can administer this" is read from the
 * unit and its ancestors (the breadcrumb's BatchGetItem) instead of one Query per ancestor.
 */
export interface UnitAdministrator {
  role: Role;
  name: string;
  email: string;
}

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
