// The members section of a unit page: direct members (T6) or everyone in the subtree (T7), one
// page at a time, with what the actor may do to each row, as plain serializable views. Used by
// the unit page loader (first page) and GET /api/v1/members/units/[unitId] (later pages).
import 'server-only';
import { can, type ActorAccess, type RoleCatalogue, type UnitRef } from '../authz';
import type { TenantDb } from '../db';
import { listUnitInvitations, type Invitation } from '../invitations';
import { mailEnabled } from '../mail';
import { isRootPath, listSubtreeMembers, listUnitMembers, ROLES, TENANT_ROLES, type Membership, type Role } from '../members';
import type { UnitLabel } from '../org/unit-labels';
import { readRoleCatalogue } from '../roles';
import { getTenantSettings } from '../tenants/settings';
import type { ScreenContext } from './screen-context';

/** The unit as the members section needs it (from the unit the page already read). */
export interface UnitSummary {
  id: string;
  path: string;
  name: string;
  version: number;
}

export type MemberScope = 'direct' | 'subtree';

export interface MemberRowView {
  unitId: string;
  /** The unit's name ("a deleted unit" never appears here: rows come from the unit's own items). */
  unitName: string;
  userId: string;
  name: string;
  email: string;
  role: Role;
  /** Custom role keys held beside `role` (docs/roles.md); absent when none. */
  roles?: string[];
  /** Sent back with a role change or removal (optimistic locking). */
  version: number;
  /** Roles the actor may set on this row, in ROLES order, the current one included; just it when none. */
  roleOptions: Role[];
  canRemove: boolean;
  /**
   * The organization's only owner: no other role and no removal is offered (the write would be
   * refused, membership.lastOwner), and the row says why.
   */
  lastOwner?: boolean;
  /** The row is the actor. */
  isSelf: boolean;
  /** Directory sync made this membership and keeps it: its next sync may undo a change. */
  managedBy?: 'directory';
  /** The custom roles held beside `role`, by name (a role since deleted shows its key). */
  customRoles: CustomRoleLabel[];
  /** Custom roles the actor may give or take on this row (`role.assign`); empty: no "Edit roles". */
  assignableRoles: CustomRoleLabel[];
}

export interface CustomRoleLabel {
  key: string;
  name: string;
}

export interface UnitMembersPage {
  scope: MemberScope;
  rows: MemberRowView[];
  nextCursor?: string;
}

export interface UnitMembersPermissions {
  /** Roles the actor may give by adding an existing member here (empty: may not add). */
  addRoles: Role[];
  /**
   * Custom roles the actor may give with the membership they add here (role.assign, decided for
   * nobody in particular: the server decides again for the person added). Only on the unit page.
   */
  addCustomRoles?: CustomRoleLabel[];
  /** Roles the actor may invite someone to here (empty: may not invite). */
  inviteRoles: Role[];
}

/** A pending invitation to the unit, with what the actor may do to it. */
export interface PendingInvitationView {
  id: string;
  email: string;
  role: Role;
  expiresAt: string;
  lastSentAt?: string;
  invitedBy: string;
  version: number;
  /** Email a new link, or make one to copy (re-inviting takes what inviting takes). */
  canRenew: boolean;
  canRevoke: boolean;
}

export interface PendingInvitations {
  rows: PendingInvitationView[];
  /** Whether this Arbor sends mail (else only copy-link is offered). */
  mailEnabled: boolean;
  /** More than one page is pending: the rest are listed by email in the people list. */
  more: boolean;
}

export interface UnitMembersView {
  unit: UnitSummary;
  initial: UnitMembersPage;
  permissions: UnitMembersPermissions;
  /** Only for those who may invite here (their invitees' addresses are theirs to see). */
  pending?: PendingInvitations;
}

export function pendingInvitationRow(access: ActorAccess, unit: UnitRef, i: Invitation): PendingInvitationView {
  return {
    id: i.id, email: i.email, role: i.role, expiresAt: i.expiresAt, version: i.version,
    ...(i.lastSentAt ? { lastSentAt: i.lastSentAt } : {}),
    invitedBy: i.invitedBy.name || i.invitedBy.email,
    canRenew: can(access, 'invitation.create', { unit, role: i.role }),
    canRevoke: can(access, 'invitation.revoke', { unit, role: i.role }),
  };
}

/** Rows per page on screen: one BatchGetItem resolves the unit names of a subtree page. */
export const MEMBERS_SCREEN_PAGE = 50;

const ref = (unit: { id: string; path: string; name?: string }): UnitRef => ({ id: unit.id, path: unit.path, name: unit.name });

/** Roles a unit can hold at all: owner and admin live on the top unit only. */
export const rolesFitting = (unitPath: string): Role[] => ROLES.filter((r) => isRootPath(unitPath) || !TENANT_ROLES.includes(r));

export function unitPermissions(access: ActorAccess, unit: UnitRef): UnitMembersPermissions {
  const fitting = rolesFitting(unit.path);
  return {
    addRoles: fitting.filter((role) => can(access, 'membership.add', { unit, role })),
    inviteRoles: fitting.filter((role) => can(access, 'invitation.create', { unit, role })),
  };
}

// One read of the catalogue per request however many loaders of the screen ask, in parallel or
// not (lib/roles keeps it across requests).
const requestCatalogues = new WeakMap<object, Promise<RoleCatalogue>>();

function requestCatalogue(ctx: ScreenContext): Promise<RoleCatalogue> {
  let catalogue = requestCatalogues.get(ctx.actor);
  if (!catalogue) requestCatalogues.set(ctx.actor, (catalogue = readRoleCatalogue(ctx.db)));
  return catalogue;
}

/** The actor may give custom roles at the unit at all: they manage its members. */
const managesMembersAt = (access: ActorAccess, unit: UnitRef) => can(access, 'membership.add', { unit, role: 'member' });

/**
 * The actor with the tenant's role catalogue attached when these rows or units need it: a row
 * holds a custom role (its name), or the actor manages members where a row or unit is (the roles
 * they may give). One GetItem at most per request, usually none (lib/roles keeps it a few seconds;
 * the actor may carry it already).
 */
export async function withRoleCatalogue(ctx: ScreenContext, memberships: readonly Membership[], units: readonly UnitRef[] = []): Promise<ActorAccess> {
  if (ctx.actor.catalogue) return ctx.actor;
  const needed =
    memberships.some((m) => m.roles?.length || managesMembersAt(ctx.actor, { id: m.unitId, path: m.unitPath })) ||
    units.some((u) => managesMembersAt(ctx.actor, u));
  return needed ? { ...ctx.actor, catalogue: await requestCatalogue(ctx) } : ctx.actor;
}

const roleLabel = (catalogue: RoleCatalogue | undefined, key: string): CustomRoleLabel => ({ key, name: catalogue?.roles[key]?.name ?? key });

/** The catalogue's roles, by name, that the actor may give `userId` at `unit` (role.assign). */
function assignable(access: ActorAccess, unit: UnitRef, userId: string): CustomRoleLabel[] {
  return Object.values(access.catalogue?.roles ?? {})
    .sort((a, b) => a.name.localeCompare(b.name))
    .filter((role) => can(access, 'role.assign', { unit, userId, role }))
    .map((role) => ({ key: role.key, name: role.name }));
}

/** The row's custom roles by name, and the catalogue's roles the actor may give or take there. */
function customRoleColumns(access: ActorAccess, m: Membership, unit: UnitRef) {
  return {
    customRoles: (m.roles ?? []).map((key) => roleLabel(access.catalogue, key)),
    assignableRoles: assignable(access, unit, m.userId),
  };
}

/**
 * One membership as a row, with what the actor may do to it. `ownerCount` (from the tenant's
 * settings) is needed only for owner rows: with one owner left, that row offers nothing.
 */
export function memberRow(access: ActorAccess, m: Membership, unitName: string, ownerCount?: number): MemberRowView {
  const unit: UnitRef = { id: m.unitId, path: m.unitPath, name: unitName };
  const lastOwner = m.role === 'owner' && ownerCount !== undefined && ownerCount <= 1;
  const roleOptions = rolesFitting(m.unitPath).filter(
    (to) => to === m.role || (!lastOwner && can(access, 'membership.changeRole', { unit, userId: m.userId, from: m.role, to })),
  );
  return {
    unitId: m.unitId, unitName, userId: m.userId, name: m.name, email: m.email, role: m.role,
    ...(m.roles?.length ? { roles: m.roles } : {}),
    version: m.version,
    roleOptions,
    canRemove: !lastOwner && can(access, 'membership.remove', { unit, userId: m.userId, role: m.role }),
    ...(lastOwner ? { lastOwner } : {}),
    isSelf: m.userId === access.userId,
    ...(m.managedBy ? { managedBy: m.managedBy } : {}),
    ...customRoleColumns(access, m, unit),
  };
}

/** The tenant's owner count, read (T1, one GetItem) only when owners are among the memberships shown. */
export async function ownerCountFor(db: TenantDb, memberships: Membership[]): Promise<number | undefined> {
  return memberships.some((m) => m.role === 'owner') ? (await getTenantSettings(db)).ownerCount : undefined;
}

/**
 * One page of the unit's members: T6 (one Query) or T7 (one Query + one BatchGetItem of the
 * page's units, which guards the page and names its units). Authorizes `members.read` at the unit first.
 */
export async function unitMembersPage(
  ctx: ScreenContext,
  unit: UnitSummary,
  options: { scope?: MemberScope; cursor?: string } = {},
): Promise<UnitMembersPage> {
  ctx.authorize('members.read', { unit: ref(unit) });
  const scope = options.scope ?? 'direct';
  const page =
    scope === 'direct'
      ? { ...(await listUnitMembers(ctx.db, unit.id, { limit: MEMBERS_SCREEN_PAGE, cursor: options.cursor })), units: new Map<string, UnitLabel>() }
      : await listSubtreeMembers(ctx.db, unit.path, { limit: MEMBERS_SCREEN_PAGE, cursor: options.cursor });
  const [ownerCount, access] = await Promise.all([ownerCountFor(ctx.db, page.items), withRoleCatalogue(ctx, page.items)]);
  const labels = new Map([...page.units, [unit.id, unit]]);
  return {
    scope,
    rows: page.items.map((m) => memberRow(access, m, labels.get(m.unitId)?.name ?? 'a deleted unit', ownerCount)),
    ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
  };
}

/**
 * The unit page's members section: first page of direct members (T6, one Query) and, for those
 * who may invite here, the unit's pending invitations (GSI3, one Query), in parallel.
 */
export async function loadUnitMembers(ctx: ScreenContext, unit: UnitSummary): Promise<UnitMembersView> {
  const summary: UnitSummary = { id: unit.id, path: unit.path, name: unit.name, version: unit.version };
  const permissions = unitPermissions(ctx.actor, ref(summary));
  const [initial, invitations, access] = await Promise.all([
    unitMembersPage(ctx, summary, { scope: 'direct' }),
    permissions.inviteRoles.length > 0 ? listUnitInvitations(ctx.db, summary.id) : undefined,
    withRoleCatalogue(ctx, [], [ref(summary)]),
  ]);
  const addCustomRoles = permissions.addRoles.length > 0 ? assignable(access, ref(summary), '') : [];
  if (addCustomRoles.length > 0) permissions.addCustomRoles = addCustomRoles;
  const pending = invitations && {
    rows: invitations.items.map((i) => pendingInvitationRow(ctx.actor, ref(summary), i)),
    mailEnabled: mailEnabled(),
    more: Boolean(invitations.nextCursor),
  };
  return { unit: summary, initial, permissions, ...(pending ? { pending } : {}) };
}
