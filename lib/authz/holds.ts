// Holding a permission (docs/roles.md, "Holding a permission"): what each membership gives, as a
// permission with a reach from the membership's unit, from its built-in role and from the custom
// roles it holds; and whether the actor holds a permission over a region of the tree. Regions are
// compared by path arithmetic only (no tree reads): a region is a unit, the units below it, or both.
import { isWithin, pathIds } from '../db';
import type { Reach, RoleCatalogue } from './role-catalogue';
import { effectiveRole, isTenantWide, type ActorAccess, type Grant } from './grants';

/** One permission as a membership gives it: how far it reaches, and the custom role it comes from. */
export interface Power {
  reach: Reach;
  /** The custom role's key; absent when the built-in role gives it. */
  customRole?: string;
}

/** What the built-in roles below the tenant roles give, and how far (owners and admins: everything, everywhere). */
const BUILT_IN_POWERS: Record<'manager' | 'member', Readonly<Record<string, Reach>>> = {
  manager: {
    'tree.read': 'subtree',
    'members.manage': 'subtree',
    'audit.read': 'subtree',
    'access.explain': 'subtree',
    'unit.create': 'subtree',
    // A manager's unit itself belongs to the level above (docs/authorization.md).
    'unit.rename': 'below',
    'unit.move': 'below',
    'unit.delete': 'below',
  },
  member: { 'tree.read': 'subtree' },
};

/** Does a role of reach `reach` held on the unit at `heldPath` reach the unit at `path`? */
export function reaches(reach: Reach, heldPath: string, path: string): boolean {
  if (reach === 'unit') return path === heldPath;
  if (reach === 'below') return path !== heldPath && isWithin(path, heldPath);
  return isWithin(path, heldPath);
}

/** The custom roles of the membership that hold `permission`, with their reach. */
export function customPowers(g: Grant, permission: string, catalogue: RoleCatalogue | undefined): Power[] {
  if (!g.roles?.length || !catalogue) return [];
  const out: Power[] = [];
  for (const key of g.roles) {
    const role = Object.hasOwn(catalogue.roles, key) ? catalogue.roles[key] : undefined;
    if (role?.permissions.includes(permission)) out.push({ reach: role.reach, customRole: key });
  }
  return out;
}

/** Every way the membership gives `permission`: its built-in role first, then its custom roles. */
export function powersOf(g: Grant, permission: string, catalogue: RoleCatalogue | undefined): Power[] {
  const builtIn = builtInReach(g, permission);
  return [...(builtIn ? [{ reach: builtIn }] : []), ...customPowers(g, permission, catalogue)];
}

/** How far a decision's grant (its custom role, else its built-in role) gives `permission`. */
export function reachOf(g: Grant, permission: string, catalogue: RoleCatalogue | undefined): Reach | undefined {
  if (!g.customRole) return builtInReach(g, permission);
  return catalogue && Object.hasOwn(catalogue.roles, g.customRole) ? catalogue.roles[g.customRole].reach : undefined;
}

/** How far the membership's built-in role gives `permission`, if it does. */
function builtInReach(g: Grant, permission: string): Reach | undefined {
  if (isTenantWide(g)) return 'subtree';
  const powers = BUILT_IN_POWERS[effectiveRole(g) as 'manager' | 'member'];
  return Object.hasOwn(powers, permission) ? powers[permission] : undefined;
}

/**
 * Does the actor hold `permission` over `reach` from the unit (default: the unit alone)? The
 * region may be covered by several memberships together: the unit by one, the units below it by
 * another. "Below" is covered only by a power that reaches everything below the unit, since
 * which units lie below is not known from paths.
 */
export function holds(access: ActorAccess, permission: string, unit: { path: string }, reach: Reach = 'unit'): boolean {
  const held = access.memberships.flatMap((g) => powersOf(g, permission, access.catalogue).map((p) => ({ ...p, at: g.unitPath })));
  const unitItself = reach === 'below' || held.some((p) => reaches(p.reach, p.at, unit.path));
  const everythingBelow = reach === 'unit' || held.some((p) => p.reach !== 'unit' && isWithin(unit.path, p.at));
  return unitItself && everythingBelow;
}

/** The top unit's path, from any membership's (every path starts with it). */
export function topPathOf(access: ActorAccess): string | undefined {
  const first = access.memberships[0];
  return first ? `/${pathIds(first.unitPath)[0]}/` : undefined;
}

/** Held at the top unit and everything below it. */
export function holdsEverywhere(access: ActorAccess, permission: string): boolean {
  const top = topPathOf(access);
  return top !== undefined && holds(access, permission, { path: top }, 'subtree');
}

/** The first of `permissions` the actor does not hold over `reach` from the unit, if any. */
export const firstNotHeld = (access: ActorAccess, permissions: readonly string[], unit: { path: string }, reach: Reach) =>
  permissions.find((p) => !holds(access, p, unit, reach));

/** The first of `permissions` the actor does not hold everywhere, if any. */
export const firstNotHeldEverywhere = (access: ActorAccess, permissions: readonly string[]) =>
  permissions.find((p) => !holdsEverywhere(access, p));
