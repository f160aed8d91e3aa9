// The vocabulary of authorization: every action a route can ask about, and the place each one
// needs. Action names are stable strings (they appear in error codes `authz.<action>`, the CLI
// and docs/authorization.md); add new ones at the end, never rename.
import type { Role } from './roles';
import type { CustomRole } from './role-catalogue';

/** A unit as the decision needs it. `path` must come from the stored unit, never from the client. */
export interface UnitRef {
  id: string;
  path: string;
  /** Only for messages ("You need to manage Engineering …"). */
  name?: string;
}

/**
 * A change set as a decision needs it: who wrote it and the units its operations touch, as they
 * stand now (lib/change-sets reads them with one BatchGetItem), never as a client says.
 */
export interface ChangeSetRef {
  id: string;
  authorId: string;
  areas: UnitRef[];
}

/** The place each action is asked about. Tenant-wide actions take `{}`. */
export interface Places {
  /** See a unit, its children and subtree (T2–T5). */
  'tree.read': { unit: UnitRef };
  /** See the members of a unit and of its subtree (T6, T7). */
  'members.read': { unit: UnitRef };
  'unit.create': { parent: UnitRef };
  'unit.rename': { unit: UnitRef };
  /** Needs both the unit and the new parent. */
  'unit.move': { unit: UnitRef; destination: UnitRef };
  'unit.delete': { unit: UnitRef };
  /** `role` is the role granted. `userId` is the person added (absent when not known yet). */
  'membership.add': { unit: UnitRef; role: Role; userId?: string };
  /** `from` is the role held now, `to` the role granted. */
  'membership.changeRole': { unit: UnitRef; userId: string; from: Role; to: Role };
  /** `role` is the role held now. */
  'membership.remove': { unit: UnitRef; userId: string; role: Role };
  'invitation.create': { unit: UnitRef; role: Role };
  'invitation.revoke': { unit: UnitRef; role: Role };
  /** Without `unit`: the tenant-wide trail; with it: that unit's trail. */
  'audit.read': { unit?: UnitRef };
  'tenant.settings.read': Record<string, never>;
  'tenant.settings.update': Record<string, never>;
  /** The identity-provider connections: single sign-on and directory sync (SCIM tokens, rules). */
  'sso.manage': Record<string, never>;
  /** API keys and webhook endpoints: how other systems call Arbor and hear from it. */
  'integrations.manage': Record<string, never>;
  /** The tenant-wide people list: member list, pending invitations, search by name/email. */
  'members.list': Record<string, never>;
  'tenant.export': Record<string, never>;
  'tenant.import': Record<string, never>;
  /** "Who can administer this unit, and why" / why a given person can act here. */
  'access.explain': { unit: UnitRef; userId?: string };
  /** The organization's name and top unit id (header, switcher, breadcrumb start): any member. */
  'tenant.read': Record<string, never>;
  /** Erase a person's personal data from the organization (a data-subject request, lib/erasure). */
  'person.erase': Record<string, never>;
  /** Schedule the organization's deletion, or cancel it during the grace period (lib/offboarding). */
  'tenant.delete': Record<string, never>;
  /** See a change set, its operations and its preview (docs/reorganizations.md). */
  'changeSet.read': { set: ChangeSetRef };
  /** Start a change set. */
  'changeSet.draft': Record<string, never>;
  /** Add, import, drop or re-confirm operations; each operation is then decided as the change it makes. */
  'changeSet.change': { set: ChangeSetRef };
  /** Rename the set or change its description. */
  'changeSet.update': { set: ChangeSetRef };
  'changeSet.delete': { set: ChangeSetRef };
  /** Approve or reject its operations. */
  'changeSet.review': { set: ChangeSetRef };
  /** Apply it now, schedule it, or take it off the schedule. */
  'changeSet.apply': { set: ChangeSetRef };
  /** Draft its inverse as a new set (each inverse operation is decided as drafting it). */
  'changeSet.revert': { set: ChangeSetRef };
  /**
   * Define, change and delete the tenant's roles and permissions (docs/roles.md). With
   * `permissions`: the permissions the role will hold, each of which the actor must hold everywhere.
   */
  'roles.manage': { permissions?: readonly string[] };
  /** Give a person a custom role on a unit, or take it away: only what the actor holds there. */
  'role.assign': { unit: UnitRef; userId: string; role: CustomRole };
  /**
   * Ask the check API (docs/checks.md): anyone holding `access.explain` somewhere; each check then
   * needs `access.explain` at its unit about its subject.
   */
  'checks.run': Record<string, never>;
  /**
   * Set or clear a person's manager (docs/org-chart.md#reporting-lines): `units` are every unit the
   * person belongs to, `managerUnits` the chosen manager's, as stored. `clearing`: no manager is
   * chosen (a manager stored without units is still someone to be seen, and is not).
   */
  'reportingLine.change': { userId: string; units: UnitRef[]; managerUnits: UnitRef[]; clearing: boolean };
  /** Start, schedule, complete, cancel and export access reviews, and draft their revert (docs/access-reviews.md). */
  'accessReview.manage': Record<string, never>;
  /**
   * Decide or delegate one review item: `reviewerId` is the item's reviewer as stored, `subjectId`
   * the person whose access it is (absent for keys and rules), `unit` the unit the access is held
   * on where it is now (null for tenant-wide items: keys on the top unit, guests, rules). Nobody
   * judges their own access, and the reviewer must still be able to judge it: administer the unit
   * (or above), or for a tenant-wide item be an owner or admin.
   */
  'accessReview.decide': { reviewerId: string | null; subjectId?: string; unit: UnitRef | null };
  /** Add, change, test and backfill audit streaming destinations (docs/audit-streaming.md). */
  'auditStreams.manage': Record<string, never>;
}

export type Action = keyof Places;
export type PlaceOf<A extends Action> = Places[A];

export const ACTIONS = [
  'tree.read',
  'members.read',
  'unit.create',
  'unit.rename',
  'unit.move',
  'unit.delete',
  'membership.add',
  'membership.changeRole',
  'membership.remove',
  'invitation.create',
  'invitation.revoke',
  'audit.read',
  'tenant.settings.read',
  'tenant.settings.update',
  'sso.manage',
  'integrations.manage',
  'members.list',
  'tenant.export',
  'tenant.import',
  'access.explain',
  'tenant.read',
  'person.erase',
  'tenant.delete',
  'changeSet.read',
  'changeSet.draft',
  'changeSet.change',
  'changeSet.update',
  'changeSet.delete',
  'changeSet.review',
  'changeSet.apply',
  'changeSet.revert',
  'roles.manage',
  'role.assign',
  'checks.run',
  'reportingLine.change',
  'accessReview.manage',
  'accessReview.decide',
  'auditStreams.manage',
] as const satisfies readonly Action[];

/** Actions whose place is the whole tenant. */
export const TENANT_ACTIONS = [
  'tenant.settings.read',
  'tenant.settings.update',
  'sso.manage',
  'integrations.manage',
  'members.list',
  'tenant.export',
  'tenant.import',
  'person.erase',
  'changeSet.draft',
  'roles.manage',
  'checks.run',
  'accessReview.manage',
  'auditStreams.manage',
] as const satisfies readonly Action[];

// Compile-time check that ACTIONS lists every action of Places.
type Exhaustive<T extends never> = T;
export type AllActionsListed = Exhaustive<Exclude<Action, (typeof ACTIONS)[number]>>;

export const isAction = (value: unknown): value is Action => ACTIONS.includes(value as Action);
