// /members: everyone in the organization with pending invitations flagged, sorted by email, name
// or joining date, or searched by name or email prefix (lib/search searchPeople). Owners and
// admins only (`members.list`). Each view's requests: docs/data-model.md ("Screen budgets").
import 'server-only';
import { can, type ActorAccess, type UnitRef } from '../authz';
import { batchGet, keys } from '../db';
import { listPeople, listUnitMembers, ROLE_RANK, toTenantUser, type PeopleSort, type Role, type TenantMemberRow, type TenantUser } from '../members';
import type { Invitation } from '../invitations';
import { search, searchPeople } from '../search';
import { pathIds, rootPath } from '../org/unit-item';
import { getTenantSettings } from '../tenants';
import { mailEnabled } from '../mail';
import { unitLabels, type UnitLabel } from '../org/unit-labels';
import type { ScreenContext } from './screen-context';
import { unitPermissions } from './unit-members';

export interface MemberListMember {
  kind: 'member';
  userId: string;
  name: string;
  email: string;
  /** How many units they belong to. */
  units: number;
  /** Their units and roles, highest role first, named (at most MEMBER_UNITS_NAMED; `units` counts all). */
  unitRoles: { unitId: string; unitName: string; role: Role }[];
  joinedAt?: string;
  lastSignInAt?: string;
}

export interface MemberListInvitation {
  kind: 'invitation';
  id: string;
  email: string;
  role: Role;
  unitId: string;
  /** "a deleted unit" when the unit is gone. */
  unitName: string;
  expiresAt: string;
  invitedBy: string;
  version: number;
  /** Email a new link, or make one to copy (re-inviting takes what inviting takes). */
  canRenew: boolean;
  canRevoke: boolean;
}

export type MemberListRow = MemberListMember | MemberListInvitation;

export interface MembersPageView {
  rows: MemberListRow[];
  nextCursor?: string;
  /** The search the page answers ('' for the whole list). */
  query: string;
  /** The listing the page answers (a search is ordered by name, then email). */
  view: PeopleView;
}

/** How the people list is ordered and narrowed (the address's ?sort=&role=&unit=). */
export interface PeopleView {
  sort: PeopleSort;
  role?: Role;
  /** Members of this unit only (T6), with its name. */
  unit?: { id: string; name: string };
}

export interface MembersScreen {
  page: MembersPageView;
  /** The top unit, where invitations start by default. */
  root: { id: string; path: string; name: string };
  /** Roles the actor may invite to the top unit (empty: may not invite there). */
  inviteRoles: Role[];
  /** Whether this Arbor sends mail (else a pending invitation offers only a link to copy). */
  mailEnabled: boolean;
}

/** Rows per stream per page of a search (searchPeople): a page holds up to twice this. */
const PAGE = 25;
const LIST_PAGE = 50;

/**
 * Units named per row: with 50 rows, at most 100 unit ids, so one BatchGetItem names them all;
 * the person's page lists every unit.
 */
export const MEMBER_UNITS_NAMED = 2;

const namedUnits = (u: TenantUser) =>
  Object.entries(u.units)
    .sort(([a, ra], [b, rb]) => ROLE_RANK[rb] - ROLE_RANK[ra] || a.localeCompare(b))
    .slice(0, MEMBER_UNITS_NAMED);

const memberRow = (u: TenantUser, labels: Map<string, UnitLabel>): MemberListMember => ({
  kind: 'member', userId: u.userId, name: u.name, email: u.email, units: u.membershipCount,
  unitRoles: namedUnits(u).map(([unitId, role]) => ({ unitId, unitName: labels.get(unitId)?.name ?? 'a deleted unit', role })),
  ...(u.joinedAt ? { joinedAt: u.joinedAt } : {}),
  ...(u.lastSignInAt ? { lastSignInAt: u.lastSignInAt } : {}),
});

function invitationRow(access: ActorAccess, i: Invitation, labels: Map<string, UnitLabel>): MemberListInvitation {
  const unit = labels.get(i.unitId);
  const ref = unit && { id: i.unitId, ...unit };
  // A deleted unit's invitation can never be accepted (no new link); tenant admins may still clear it.
  const canRevoke = ref ? can(access, 'invitation.revoke', { unit: ref, role: i.role }) : can(access, 'members.list', {});
  return {
    kind: 'invitation', id: i.id, email: i.email, role: i.role, unitId: i.unitId, unitName: unit?.name ?? 'a deleted unit',
    expiresAt: i.expiresAt, invitedBy: i.invitedBy.email, version: i.version,
    canRenew: ref ? can(access, 'invitation.create', { unit: ref, role: i.role }) : false, canRevoke,
  };
}

async function withInvitationNames(ctx: ScreenContext, rows: TenantMemberRow[]): Promise<MemberListRow[]> {
  // One BatchGetItem names the invitations' units and the units shown on the people's rows.
  const ids = rows.flatMap((r) => (r.kind === 'invitation' ? [r.invitation.unitId] : namedUnits(r.user).map(([id]) => id)));
  const labels = await unitLabels(ctx.db, ids);
  return rows.map((r) => (r.kind === 'member' ? memberRow(r.user, labels) : invitationRow(ctx.actor, r.invitation, labels)));
}

/**
 * One page of the people list: everyone in the chosen order or, with a query, a page of
 * lib/search's searchPeople (people by name or email, invitations included); then the names of
 * the units the rows show.
 */
export async function membersPage(ctx: ScreenContext, options: MembersPageOptions = {}): Promise<MembersPageView> {
  ctx.authorize('members.list', {});
  const query = options.q?.trim() ?? '';
  const view: PeopleView = { sort: options.sort ?? 'email', ...(options.role ? { role: options.role } : {}) };
  if (options.unitId) return unitPeoplePage(ctx, options.unitId, view, options.cursor);
  if (!query) {
    const page = await listPeople(ctx.db, { sort: view.sort, role: view.role, limit: LIST_PAGE, cursor: options.cursor });
    return { rows: await withInvitationNames(ctx, page.items), query, view, ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) };
  }
  const found = await searchPeople(ctx.db, query, { limit: PAGE, cursor: options.cursor });
  // A search is ordered by its two streams; the role filter narrows what they found.
  const matching = view.role
    ? found.items.filter((r) => (r.kind === 'member' ? r.user.roleCounts[view.role!] > 0 : r.invitation.role === view.role))
    : found.items;
  return { rows: await withInvitationNames(ctx, matching), query, view, ...(found.nextCursor ? { nextCursor: found.nextCursor } : {}) };
}

export interface MembersPageOptions {
  q?: string;
  cursor?: string;
  sort?: PeopleSort;
  role?: Role;
  /** Members of this unit only. */
  unitId?: string;
}

/**
 * The people list narrowed to one unit: its direct members (T6, in user-id order), their profiles
 * (the units and roles on each row) and the units' names. The role filter applies to the role
 * held in this unit.
 */
async function unitPeoplePage(ctx: ScreenContext, unitId: string, view: PeopleView, cursor?: string): Promise<MembersPageView> {
  const page = await listUnitMembers(ctx.db, unitId, { limit: LIST_PAGE, cursor });
  const members = view.role ? page.items.filter((m) => m.role === view.role) : page.items;
  const profiles = members.length ? (await batchGet(ctx.db, members.map((m) => keys.tenantUser(ctx.db.tenantId, m.userId)), { consistent: false })).map(toTenantUser) : [];
  const byId = new Map(profiles.map((p) => [p.userId, p]));
  const rows = members.flatMap((m): TenantMemberRow[] => (byId.has(m.userId) ? [{ kind: 'member', user: byId.get(m.userId)! }] : []));
  const ids = [unitId, ...rows.flatMap((r) => (r.kind === 'member' ? namedUnits(r.user).map(([id]) => id) : []))];
  const labels = await unitLabels(ctx.db, ids);
  return {
    rows: rows.map((r) => memberRow((r as { user: TenantUser }).user, labels)),
    query: '',
    view: { ...view, unit: { id: unitId, name: labels.get(unitId)?.name ?? 'a deleted unit' } },
    ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
  };
}

/** /members first page, with the top unit for the invite dialog (T1), read in parallel. */
export async function loadMembers(ctx: ScreenContext, options: MembersPageOptions = {}): Promise<MembersScreen> {
  ctx.authorize('members.list', {});
  const [settings, page] = await Promise.all([getTenantSettings(ctx.db), membersPage(ctx, options)]);
  const root = { id: settings.rootUnitId, path: rootPath(settings.rootUnitId), name: settings.name };
  return { page, root, inviteRoles: unitPermissions(ctx.actor, root).inviteRoles, mailEnabled: mailEnabled() };
}

export interface PersonOption {
  userId: string;
  name: string;
  email: string;
}

/**
 * People to add to a unit (the add-member combobox): members of the organization whose name or
 * email starts with `q` (T10). Searching the whole organization is
 * members.list (owners and admins); anyone else who may add members to the unit, a unit manager,
 * finds an existing member by their exact email only (docs/authorization.md, "Decisions"), so
 * the picker never lists anyone whose address they did not already know.
 */
export async function pickPeople(ctx: ScreenContext, unit: UnitRef, q: string): Promise<PersonOption[]> {
  ctx.authorize('membership.add', { unit, role: 'member' });
  const exactEmail = can(ctx.actor, 'members.list', {}) ? undefined : q.trim().toLowerCase();
  if (exactEmail !== undefined && !exactEmail.includes('@')) return [];
  const results = await search(ctx.db, q, { limit: 20 });
  return results.flatMap((r) =>
    r.kind === 'member' && (exactEmail === undefined || r.user.email === exactEmail) ? [{ userId: r.user.userId, name: r.user.name, email: r.user.email }] : [],
  );
}

export interface UnitOption {
  id: string;
  name: string;
  /** Names from the top unit down to the parent. */
  parents: string[];
  /** Roles the actor may give there by adding an existing member. */
  addRoles: Role[];
  /** Roles the actor may invite someone to there. */
  inviteRoles: Role[];
}

/**
 * Units to place someone in (invite and add dialogs): units whose name starts with `q` (T10)
 * where the actor may add or invite anyone, with their parents' names.
 */
export async function pickUnits(ctx: ScreenContext, q: string): Promise<UnitOption[]> {
  ctx.authorize('tenant.read', {});
  const results = await search(ctx.db, q, { limit: 20 });
  const units = results.flatMap((r) => (r.kind === 'unit' ? [r.unit] : []));
  const options = units
    .map((u) => ({ unit: u, ...unitPermissions(ctx.actor, { id: u.id, path: u.path, name: u.name }) }))
    .filter((o) => o.addRoles.length > 0 || o.inviteRoles.length > 0);
  const labels = await unitLabels(ctx.db, options.flatMap((o) => pathIds(o.unit.path).slice(0, -1)));
  return options.map(({ unit, addRoles, inviteRoles }) => ({
    id: unit.id, name: unit.name, addRoles, inviteRoles,
    parents: pathIds(unit.path).slice(0, -1).map((id) => labels.get(id)?.name ?? '…'),
  }));
}
