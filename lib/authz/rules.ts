// The rule table (docs/authorization.md, "Rules"), one entry per action: which single membership
// grants the action at the place, and, when none does, what is missing in words a person
// understands. Pure: no I/O, no clock.
import type { Role } from './roles';
import type { Action, PlaceOf, UnitRef } from './actions';
import { covers, effectiveRole, isManager, isTenantWide, managesAt, managesInside, type ActorAccess, type Grant } from './grants';
import { label, orAbove } from './unit-words';
import { CHANGE_SET_RULES } from './change-set-rules';
import { ROLE_RULES } from './role-rules';

export type DenyReason =
  /** The actor holds no membership in the tenant at all. */
  | 'notMember'
  /** Needs the tenant owner or admin role. */
  | 'tenantRoleRequired'
  /** Only owners manage owners. */
  | 'ownerRequired'
  /** Not inside any unit the actor belongs to. */
  | 'notVisible'
  /** No manager (or tenant) role on the place or above it. */
  | 'notManager'
  /** The actor manages exactly this unit; the unit itself belongs to the level above. */
  | 'managedUnitItself'
  /** Source and destination of a move are not inside one unit the actor manages. */
  | 'moveAcrossSubtrees'
  /** Nobody can raise their own role. */
  | 'ownRoleRaise'
  /** Belongs to the change set's author (and the owners and admins). */
  | 'notAuthor'
  /** Nobody grants what they do not hold: a permission of the role is not the actor's there. */
  | 'permissionNotHeld'
  /** Nobody reviews their own access. */
  | 'ownAccess'
  /** The review item is another reviewer's (or nobody's). */
  | 'notReviewer';

export interface Denial {
  reason: DenyReason;
  message: string;
}

export interface Rule<A extends Action> {
  /** Does this one membership grant the action at the place? */
  grants(g: Grant, place: PlaceOf<A>, access: ActorAccess): boolean;
  /** Why no membership grants it (called only when none does). */
  deny(place: PlaceOf<A>, access: ActorAccess): Denial;
}


/** May this membership grant, hold or take away `role` on `unit`? */
export function managesRole(g: Grant, unit: UnitRef, role: Role): boolean {
  const r = effectiveRole(g);
  switch (role) {
    case 'owner':
      return r === 'owner';
    case 'admin':
      return r === 'owner' || r === 'admin';
    // Managers of U are appointed from above U: a manager appoints managers strictly inside.
    case 'manager':
      return managesInside(g, unit.path);
    case 'member':
      return managesAt(g, unit.path);
  }
}

const managesExactly = (access: ActorAccess, unit: UnitRef) =>
  access.memberships.some((g) => isManager(g) && g.unitPath === unit.path);

const onlyTenantAdmins = (what: string): Rule<Action> => ({
  grants: (g) => isTenantWide(g),
  deny: () => ({ reason: 'tenantRoleRequired', message: `Only owners and admins can ${what}.` }),
});

/** rename / delete: strictly inside a managed unit. */
function unitEdit(verb: string): Rule<'unit.rename' | 'unit.delete'> {
  return {
    grants: (g, { unit }) => managesInside(g, unit.path),
    deny: ({ unit }, access) =>
      managesExactly(access, unit)
        ? {
            reason: 'managedUnitItself',
            message: `You manage ${label(unit)}, which lets you change what is inside it; to ${verb} ${label(unit)} itself you need to manage a unit above it.`,
          }
        : { reason: 'notManager', message: `You need to manage a unit above ${label(unit)} to ${verb} it.` },
  };
}

/** What a membership change is, for messages: "Only an owner can <verb> an owner", "… to <purpose>". */
type RoleChange = { unit: UnitRef; roles: Role[]; verb: string; purpose: string };

/** The denial for a membership change touching `roles` on `unit`; the strictest missing piece first. */
function membershipDenial(access: ActorAccess, { unit, roles, verb, purpose }: RoleChange): Denial {
  const holds = (check: (g: Grant) => boolean) => access.memberships.some(check);
  if (roles.includes('owner') && !holds((g) => effectiveRole(g) === 'owner')) {
    return { reason: 'ownerRequired', message: `Only an owner can ${verb} an owner.` };
  }
  if (roles.includes('admin') && !holds(isTenantWide)) {
    return { reason: 'tenantRoleRequired', message: `Only owners and admins can ${verb} an admin.` };
  }
  if (roles.includes('manager') && managesExactly(access, unit) && !holds((g) => managesInside(g, unit.path))) {
    return {
      reason: 'managedUnitItself',
      message: `Managers of ${label(unit)} are appointed by an admin or by a manager of a unit above it.`,
    };
  }
  return { reason: 'notManager', message: `You need to manage ${orAbove(unit)} to ${purpose}.` };
}

/**
 * A manager changes the line of someone they manage wherever that person is (every unit of theirs
 * inside one managed subtree, so one membership is the decision's fact) and never their own; the
 * chosen manager must be someone the actor can see. At most this many of the person's units are
 * bound into the write as facts, so a manager's decision about a person in more units is an admin's.
 */
export const LINE_UNITS_BOUND = 10;

/** One of the chosen manager's units the actor sees (members.read there): a manager's decision stands on it. */
export const visibleManagerUnit = (managerUnits: UnitRef[], access: ActorAccess): UnitRef | undefined =>
  managerUnits.find((u) => access.memberships.some((h) => covers(h, u.path)));

const reportingLineRule: Rule<'reportingLine.change'> = {
  grants: (g, { userId, units, managerUnits, clearing }, access) =>
    isTenantWide(g) ||
    (isManager(g) && userId !== access.userId && units.length > 0 && units.length <= LINE_UNITS_BOUND &&
      units.every((u) => covers(g, u.path)) &&
      (clearing || visibleManagerUnit(managerUnits, access) !== undefined)),
  deny: ({ userId, units, managerUnits }, access) => {
    if (userId === access.userId) return { reason: 'notManager', message: 'Your own manager is changed by an admin or by a manager above you.' };
    const managesAll = access.memberships.some((g) => isManager(g) && units.every((u) => covers(g, u.path)));
    if (!managesAll || units.length > LINE_UNITS_BOUND) {
      return { reason: 'notManager', message: "You need to manage every unit this person is in to change their manager; ask an admin." };
    }
    return { reason: 'notVisible', message: 'Choose as manager someone in the units you can see.' };
  },
};

export const RULES: { [A in Action]: Rule<A> } = {
  'tree.read': {
    grants: (g, { unit }) => covers(g, unit.path),
    deny: ({ unit }) => ({ reason: 'notVisible', message: `You need to belong to ${orAbove(unit)} to see it.` }),
  },
  'members.read': {
    grants: (g, { unit }) => covers(g, unit.path),
    deny: ({ unit }) => ({
      reason: 'notVisible',
      message: `You need to belong to ${orAbove(unit)} to see its members.`,
    }),
  },
  'unit.create': {
    grants: (g, { parent }) => managesAt(g, parent.path),
    deny: ({ parent }) => ({
      reason: 'notManager',
      message: `You need to manage ${orAbove(parent)} to add a unit under it.`,
    }),
  },
  'unit.rename': unitEdit('rename'),
  'unit.delete': unitEdit('delete'),
  'unit.move': {
    // One membership must hold both ends, so a manager can never carry a unit out of their
    // subtree or bring one in from outside, even when they manage two separate subtrees.
    grants: (g, { unit, destination }) => managesInside(g, unit.path) && managesAt(g, destination.path),
    deny: ({ unit, destination }, access) => {
      if (access.memberships.some((g) => managesInside(g, unit.path))) {
        return {
          reason: 'moveAcrossSubtrees',
          message: `You can move ${label(unit)} only within the units you manage, and ${destination.name ?? 'the unit you chose'} is outside them.`,
        };
      }
      return unitEdit('move').deny({ unit }, access);
    },
  },
  'membership.add': {
    grants: (g, { unit, role }) => managesRole(g, unit, role),
    deny: ({ unit, role }, access) => membershipDenial(access, { unit, roles: [role], verb: 'add', purpose: 'add people to it' }),
  },
  'membership.changeRole': {
    grants: (g, { unit, from, to }) => managesRole(g, unit, from) && managesRole(g, unit, to),
    deny: ({ unit, from, to }, access) => membershipDenial(access, { unit, roles: [from, to], verb: 'change the role of', purpose: "change its members' roles" }),
  },
  'membership.remove': {
    grants: (g, { unit, role }) => managesRole(g, unit, role),
    deny: ({ unit, role }, access) => membershipDenial(access, { unit, roles: [role], verb: 'remove', purpose: 'remove its members' }),
  },
  'invitation.create': {
    grants: (g, { unit, role }) => managesRole(g, unit, role),
    deny: ({ unit, role }, access) => membershipDenial(access, { unit, roles: [role], verb: 'invite', purpose: 'invite people to it' }),
  },
  'invitation.revoke': {
    grants: (g, { unit, role }) => managesRole(g, unit, role),
    deny: ({ unit, role }, access) => membershipDenial(access, { unit, roles: [role], verb: 'cancel the invitation of', purpose: 'cancel its invitations' }),
  },
  'audit.read': {
    grants: (g, { unit }) => (unit ? managesAt(g, unit.path) : isTenantWide(g)),
    deny: ({ unit }) =>
      unit
        ? { reason: 'notManager', message: `You need to manage ${orAbove(unit)} to see its history.` }
        : { reason: 'tenantRoleRequired', message: "Only owners and admins can see the organization's history." },
  },
  'tenant.settings.read': onlyTenantAdmins("see the organization's settings"),
  'tenant.settings.update': onlyTenantAdmins("change the organization's settings"),
  'sso.manage': onlyTenantAdmins('manage single sign-on and directory sync'),
  'integrations.manage': onlyTenantAdmins('manage API keys and webhooks'),
  'members.list': onlyTenantAdmins('list everyone in the organization'),
  'tenant.export': onlyTenantAdmins('export the organization'),
  'tenant.import': onlyTenantAdmins('import into the organization'),
  'access.explain': {
    // Anyone may ask about their own access where they can see; about others, managers only.
    grants: (g, { unit, userId }, access) => managesAt(g, unit.path) || (userId === access.userId && covers(g, unit.path)),
    deny: ({ unit }) => ({
      reason: 'notManager',
      message: `You need to manage ${orAbove(unit)} to see who can administer it.`,
    }),
  },
  // Every member sees the organization's name and where its tree starts (names only; the
  // settings themselves are tenant.settings.read).
  'tenant.read': {
    grants: () => true,
    deny: () => ({ reason: 'notMember', message: 'You are not a member of this organization.' }),
  },
  // Erasure cannot be undone and removes a person everywhere in the organization, owners
  // included: the one decision kept to owners alone (admins can remove people, not erase them).
  'person.erase': {
    grants: (g) => isTenantWide(g) && effectiveRole(g) === 'owner',
    deny: () => ({ reason: 'ownerRequired', message: "Only an owner can erase a person's data from the organization." }),
  },
  'tenant.delete': {
    grants: (g) => isTenantWide(g) && effectiveRole(g) === 'owner',
    deny: () => ({ reason: 'ownerRequired', message: 'Only an owner can delete the organization or cancel its deletion.' }),
  },
  // Whoever may explain someone's access somewhere may ask the check API; each check is then
  // decided as access.explain at its unit (custom roles holding it: custom-grants.ts).
  'checks.run': {
    grants: (g) => isTenantWide(g) || isManager(g),
    deny: () => ({
      reason: 'permissionNotHeld',
      message: "Asking Arbor's check API needs a role that explains access somewhere: an owner, an admin, a manager, or a role holding access.explain.",
    }),
  },
  ...CHANGE_SET_RULES,
  ...ROLE_RULES,
  'reportingLine.change': reportingLineRule,
  // Reviews and audit streams are what an organization shows its auditors: owners alone run them.
  'accessReview.manage': {
    grants: (g) => isTenantWide(g) && effectiveRole(g) === 'owner',
    deny: () => ({ reason: 'ownerRequired', message: 'Only an owner can run access reviews.' }),
  },
  // The item's reviewer judges it, never its subject, and only while they still could be given
  // it: administering its unit (or above), or for a tenant-wide item as an owner or admin.
  'accessReview.decide': {
    grants: (g, { reviewerId, subjectId, unit }, access) =>
      reviewerId !== null && access.userId === reviewerId && access.userId !== subjectId && (unit ? managesAt(g, unit.path) : isTenantWide(g)),
    deny: ({ reviewerId, subjectId, unit }, access) => {
      if (access.userId === subjectId) return { reason: 'ownAccess', message: 'Nobody reviews their own access.' };
      if (reviewerId === null || access.userId !== reviewerId) {
        return { reason: 'notReviewer', message: reviewerId ? 'This item is assigned to someone else.' : 'Nobody can review this item.' };
      }
      return unit
        ? { reason: 'notManager', message: `You need to manage ${orAbove(unit)} to judge this item; ask an owner to hand it to someone who does.` }
        : { reason: 'tenantRoleRequired', message: 'Only owners and admins can judge this item; ask an owner to hand it to one of them.' };
    },
  },
  'auditStreams.manage': {
    grants: (g) => isTenantWide(g) && effectiveRole(g) === 'owner',
    deny: () => ({ reason: 'ownerRequired', message: 'Only an owner can stream the audit log to other systems.' }),
  },
};
