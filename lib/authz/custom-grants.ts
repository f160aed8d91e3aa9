// What a membership's custom roles grant (docs/authorization.md, "Custom roles"): each Arbor
// action maps to the permission that grants it, held by one of the membership's custom roles with
// a reach from the membership's unit that covers the place. Built-in roles keep their own rules
// (rules.ts); this is consulted only for a membership whose built-in role does not grant the
// action, so a tenant where nobody holds a custom role decides exactly as before.
import { depthOf } from '../db';
import type { Action, PlaceOf, UnitRef } from './actions';
import type { ActorAccess, Grant } from './grants';
import { customPowers, firstNotHeld, firstNotHeldEverywhere, reaches } from './holds';

/** The key of the membership's first custom role holding `permission` at every one of `units`. */
export function roleHolding(g: Grant, access: ActorAccess, permission: string, ...units: UnitRef[]): string | undefined {
  return customPowers(g, permission, access.catalogue).find((p) => units.every((u) => reaches(p.reach, g.unitPath, u.path)))?.customRole;
}

/** Custom roles manage plain memberships only; the built-in manager, admin and owner stay the built-in rules'. */
const onlyMembers = (...roles: string[]) => roles.every((r) => r === 'member');

type CustomRule<A extends Action> = (g: Grant, place: PlaceOf<A>, access: ActorAccess) => string | undefined;

const CUSTOM_RULES: { [A in Action]?: CustomRule<A> } = {
  'tree.read': (g, { unit }, access) => roleHolding(g, access, 'tree.read', unit),
  'members.read': (g, { unit }, access) => roleHolding(g, access, 'tree.read', unit),
  'unit.create': (g, { parent }, access) => roleHolding(g, access, 'unit.create', parent),
  'unit.rename': (g, { unit }, access) => roleHolding(g, access, 'unit.rename', unit),
  'unit.delete': (g, { unit }, access) => roleHolding(g, access, 'unit.delete', unit),
  // One role of one membership reaches both ends, as the built-in rule asks of one manager.
  'unit.move': (g, { unit, destination }, access) => roleHolding(g, access, 'unit.move', unit, destination),
  'membership.add': (g, { unit, role }, access) => (onlyMembers(role) ? roleHolding(g, access, 'members.manage', unit) : undefined),
  'membership.remove': (g, { unit, role }, access) => (onlyMembers(role) ? roleHolding(g, access, 'members.manage', unit) : undefined),
  'membership.changeRole': (g, { unit, from, to }, access) => (onlyMembers(from, to) ? roleHolding(g, access, 'members.manage', unit) : undefined),
  'invitation.create': (g, { unit, role }, access) => (onlyMembers(role) ? roleHolding(g, access, 'members.manage', unit) : undefined),
  'invitation.revoke': (g, { unit, role }, access) => (onlyMembers(role) ? roleHolding(g, access, 'members.manage', unit) : undefined),
  'audit.read': (g, { unit }, access) => (unit ? roleHolding(g, access, 'audit.read', unit) : undefined),
  // As the built-in rule: about anyone with access.explain; about oneself wherever one may look.
  'access.explain': (g, { unit, userId }, access) =>
    roleHolding(g, access, 'access.explain', unit) ?? (userId === access.userId ? roleHolding(g, access, 'tree.read', unit) : undefined),
  // access.explain held anywhere, with any reach.
  'checks.run': (g, _place, access) => customPowers(g, 'access.explain', access.catalogue)[0]?.customRole,
  // Held on the top unit with a reach that includes it; and nobody puts in a role what they do not hold everywhere.
  'roles.manage': (g, { permissions }, access) => {
    const top: UnitRef = { id: g.unitId, path: g.unitPath };
    const key = depthOf(g.unitPath) === 0 ? roleHolding(g, access, 'roles.manage', top) : undefined;
    return key && !firstNotHeldEverywhere(access, permissions ?? []) ? key : undefined;
  },
  // members.manage at the unit, and every permission of the role over the role's reach from it.
  'role.assign': (g, { unit, role }, access) => {
    const key = roleHolding(g, access, 'members.manage', unit);
    return key && !firstNotHeld(access, role.permissions, unit, role.reach) ? key : undefined;
  },
};

/** The custom role of this membership that grants the action at the place, if any. */
export function customGrant<A extends Action>(g: Grant, action: A, place: PlaceOf<A>, access: ActorAccess): string | undefined {
  if (!g.roles?.length || !access.catalogue) return undefined;
  return (CUSTOM_RULES[action] as CustomRule<A> | undefined)?.(g, place, access);
}
