// The decision core: from the actor's memberships, an action and a place, decide allow or deny
// and say why — which membership on which unit grants it, or what is missing. Pure and
// synchronous, so routes, the UI, the CLI and the tests all ask the same function.
import { ROLE_RANK, type Role } from './roles';
import type { Action, PlaceOf, UnitRef } from './actions';
import { byNearest, covers, rankAt, type ActorAccess, type Grant } from './grants';
import { RULES, type DenyReason } from './rules';
import { customGrant } from './custom-grants';

export interface Allowed<A extends Action = Action> {
  allowed: true;
  action: A;
  /** The membership the explanation names: the nearest one that grants the action (and the custom role that does, if not its built-in role). */
  grantedBy: Grant;
  /** Every membership that would grant it, nearest first. */
  grants: Grant[];
}

export interface Denied<A extends Action = Action> {
  allowed: false;
  action: A;
  /** The error code a refusal carries (lib/authz/errors.ts). */
  code: `authz.${A}`;
  reason: DenyReason;
  message: string;
}

export type Decision<A extends Action = Action> = Allowed<A> | Denied<A>;

/** The role the action would give its subject, when the subject is the actor (self-grant check). */
function selfGrant(access: ActorAccess, action: Action, place: unknown): { unit: UnitRef; role: Role } | undefined {
  if (action === 'membership.add') {
    const p = place as PlaceOf<'membership.add'>;
    return p.userId === access.userId ? { unit: p.unit, role: p.role } : undefined;
  }
  if (action === 'membership.changeRole') {
    const p = place as PlaceOf<'membership.changeRole'>;
    return p.userId === access.userId ? { unit: p.unit, role: p.to } : undefined;
  }
  return undefined;
}

export function explainAccess<A extends Action>(access: ActorAccess, action: A, place: PlaceOf<A>): Decision<A> {
  const deny = (reason: DenyReason, message: string): Denied<A> => ({ allowed: false, action, code: `authz.${action}`, reason, message });
  const rule = RULES[action];
  if (!rule) return deny('notMember', 'This is not an action Arbor knows.');
  if (access.memberships.length === 0) return deny('notMember', 'You are not a member of this organization.');

  // Nobody raises their own role, whatever else they hold: the rule a compromised manager
  // account would try first. Lowering your own role stays possible (the last-owner guard is
  // the data layer's).
  const self = selfGrant(access, action, place);
  if (self && ROLE_RANK[self.role] > rankAt(access, self.unit.path)) {
    return deny('ownRoleRaise', "You can't give yourself a higher role than the one you already have here.");
  }

  // Each membership's built-in role first; its custom roles only where that does not grant.
  const grants = access.memberships
    .flatMap((g): Grant[] => {
      if (rule.grants(g, place, access)) return [pick(g)];
      const customRole = customGrant(g, action, place, access);
      return customRole ? [{ ...pick(g), customRole }] : [];
    })
    .sort(byNearest);
  if (grants.length > 0) return { allowed: true, action, grantedBy: grants[0], grants };
  const { reason, message } = rule.deny(namesSeen(access, place), access);
  return deny(reason, message);
}

/**
 * The place with the names of units the actor cannot see left out, so a refusal never reveals
 * one (messages then say "this unit"). Seen: units a membership reaches, and their ancestors,
 * whose names the breadcrumb shows anyway.
 */
export function namesSeen<A extends Action>(access: ActorAccess, place: PlaceOf<A>): PlaceOf<A> {
  const seen = (path: string) => access.memberships.some((g) => covers(g, path) || g.unitPath.startsWith(path));
  const out: Record<string, unknown> = { ...place };
  for (const key of ['unit', 'parent', 'destination']) {
    const unit = out[key] as UnitRef | undefined;
    if (unit?.name !== undefined && !seen(unit.path)) out[key] = { id: unit.id, path: unit.path };
  }
  return out as PlaceOf<A>;
}

/** True when the actor may perform the action at the place. */
export const can = <A extends Action>(access: ActorAccess, action: A, place: PlaceOf<A>) =>
  explainAccess(access, action, place).allowed;

/** Only the deciding fields: a full Membership passed in never leaks more than these. */
export const pick = (g: Grant): Grant => ({ unitId: g.unitId, unitPath: g.unitPath, role: g.role });
