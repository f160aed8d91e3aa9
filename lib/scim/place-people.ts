// Directory people into the tree: what the rules ask for a person (./rules.ts)
// against the memberships they hold, then the difference written with the ordinary membership
// writes (lib/members), as the directory's actor, each marked `managedBy: 'directory'`.
//
// Only memberships the directory made are changed or removed; one an admin made by hand is left
// alone (and satisfies a rule that asks for the same unit). Adds go first, removals last, so a
// person always keeps a membership (the home unit is always asked for). A placement that cannot
// be made (a rule's unit deleted, a department path too deep) is recorded in the status panel
// and skipped: the SCIM request that caused it still succeeds, as the IdP expects.
import 'server-only';
import { isArborError } from '../errors';
import { batchGet, getItem, keys, type AuditActor, type TenantDb, type WriteFact, type WriteGuards } from '../db';
import { addMembership, changeRole, getUserMembershipsAndSessions, removeMembership } from '../members';
import type { Membership } from '../members/membership-items';
import { createUnit, MAX_DEPTH, siblingNameKey, validateUnitName } from '../org';
import { ROLE_LIMITS } from '../authz/role-catalogue';
import type { Role } from '../authz/roles';
import { readRoleCatalogue } from '../roles';
import { recordDirectoryError, type DirectoryConfig } from './directory-config';
import { toDirectoryGroup } from './group-item';
import { placementsFor, roleForUnit, strongest, type Placement, type PlacementTarget } from './rules';
import { linesOnArrival } from './manager-line';
import { toDirectoryUser } from './user-item';
import type { DirectoryUser } from './user-resource';

export interface SyncContext {
  db: TenantDb;
  config: DirectoryConfig;
  actor: AuditActor;
  rootUnitId: string;
  /** Units found or created by name during this request: `<parentId>\n<lower name>` → id. */
  units: Map<string, string>;
  /** False in a preview: units that do not exist are reported, not created. */
  createUnits: boolean;
}

/** Everything about one person the placement decides from: one strongly consistent Query. */
export interface PersonState {
  user: DirectoryUser | undefined;
  memberships: Membership[];
  groupIds: string[];
}

export async function readPerson(db: TenantDb, userId: string): Promise<PersonState> {
  const { memberships, others } = await getUserMembershipsAndSessions(db, userId);
  const scim = others.find((i) => i.type === 'directoryUser');
  return {
    user: scim ? toDirectoryUser(scim) : undefined,
    memberships,
    groupIds: others.filter((i) => i.type === 'userGroup').map((i) => String(i.groupId)),
  };
}

export interface PlannedChange {
  kind: 'add' | 'roleChange' | 'remove';
  unitId: string;
  /** For units a preview would create: their path of names instead of an id. */
  unitPath?: string[];
  role: Role;
  from?: Role;
  /** The custom roles the membership holds after the change (none on a remove). */
  roles: string[];
  /** A role change's custom roles before it. */
  fromRoles?: string[];
  reason: string;
}

/** The changes the rules ask for this person (no writes except, when allowed, units created). */
export async function planPerson(ctx: SyncContext, state: PersonState): Promise<{ changes: PlannedChange[]; failures: string[] }> {
  const user = state.user;
  if (!user) return { changes: [], failures: [] };
  const needNames = Boolean(ctx.config.rules.groupNames) && state.groupIds.length > 0;
  const groups = needNames
    ? (await batchGet(ctx.db, state.groupIds.map((g) => keys.directoryGroup(ctx.db.tenantId, g)))).map(toDirectoryGroup).map((g) => ({ groupId: g.groupId, displayName: g.displayName }))
    : state.groupIds.map((groupId) => ({ groupId, displayName: groupId }));
  const placements = placementsFor(ctx.config.rules, ctx.rootUnitId, { department: user.department, groups });
  const failures: string[] = [];
  const customRoles = await customRolesOf(ctx, placements, failures);

  const wanted = new Map<string, { role: Role; roles: string[]; reason: string; unitPath?: string[] }>();
  for (const [i, p] of placements.entries()) {
    let resolved = await resolveTarget(ctx, p.target).catch((e: unknown) => {
      failures.push(`${p.reason}: ${isArborError(e) ? e.message : 'the unit could not be found or created'}`);
      return undefined;
    });
    // The home (the first placement) falls back to the organization: everyone provisioned stays in it.
    if (!resolved && i === 0) resolved = { unitId: ctx.rootUnitId };
    if (!resolved) continue;
    const role = roleForUnit(p.role, resolved.unitId === ctx.rootUnitId);
    const before = wanted.get(resolved.unitId);
    const roles = unionWithin(before?.roles ?? [], customRoles(p.roles), () => failures.push(`${p.reason}: a membership holds at most ${ROLE_LIMITS.rolesPerMembership} custom roles`));
    wanted.set(resolved.unitId, { role: before ? strongest(before.role, role) : role, roles, reason: before?.reason ?? p.reason, ...(resolved.unitPath ? { unitPath: resolved.unitPath } : {}) });
  }

  const held = new Map(state.memberships.map((m) => [m.unitId, m]));
  const changes: PlannedChange[] = [];
  for (const [unitId, w] of wanted) {
    const m = held.get(unitId);
    if (!m) changes.push({ kind: 'add', unitId, role: w.role, roles: w.roles, reason: w.reason, ...(w.unitPath ? { unitPath: w.unitPath } : {}) });
    else if (m.managedBy === 'directory' && (m.role !== w.role || !sameKeys(m.roles ?? [], w.roles))) {
      changes.push({ kind: 'roleChange', unitId, role: w.role, from: m.role, roles: w.roles, fromRoles: m.roles ?? [], reason: w.reason });
    }
  }
  for (const m of state.memberships) {
    if (m.managedBy === 'directory' && !wanted.has(m.unitId)) changes.push({ kind: 'remove', unitId: m.unitId, role: m.role, roles: [], reason: 'no rule asks for it any more' });
  }
  return { changes, failures };
}

/**
 * Plans and writes one person's placement; returns what changed. `known` is their state when the
 * caller has just read it and written only their SCIM User (saves reading the partition again).
 */
export async function placePerson(ctx: SyncContext, userId: string, known?: PersonState): Promise<PlannedChange[]> {
  const state = known ?? (await readPerson(ctx.db, userId));
  if (!state.user || state.user.deleting) return [];
  const { changes, failures } = await planPerson(ctx, state);
  const user = state.user;
  // Every write is also conditioned on the person still being provisioned: a delete that begins
  // meanwhile refuses it, so a placement planned before it can never bring them back.
  const db = { ...ctx.db, guards: withFact(ctx.db.guards, { key: keys.directoryUser(ctx.db.tenantId, userId), expect: { state: 'live' }, changed: 'target' }) };
  const held = new Map(state.memberships.map((m) => [m.unitId, m]));
  const done: PlannedChange[] = [];
  const order = [...changes.filter((c) => c.kind !== 'remove'), ...changes.filter((c) => c.kind === 'remove')];
  for (const c of order) {
    try {
      if (c.kind === 'add') {
        await addMembership(db, ctx.actor, { unitId: c.unitId, role: c.role, roles: c.roles, userId, email: user.email, name: user.displayName, managedBy: 'directory' });
      } else if (c.kind === 'roleChange') {
        await changeRole(db, ctx.actor, { unitId: c.unitId, userId, role: c.role, roles: c.roles, expectedVersion: held.get(c.unitId)!.version });
      } else {
        await removeMembership(db, ctx.actor, { unitId: c.unitId, userId, expectedVersion: held.get(c.unitId)!.version });
      }
      done.push(c);
    } catch (e) {
      if (!isArborError(e)) throw e;
      // The person is being deleted, or the rules were replaced: the newer decision places them.
      if (e.code === 'authz.stale') break;
      // Already there (a concurrent sync of the same person): the same outcome.
      if (e.code === 'membership.exists' || e.code === 'membership.notFound') continue;
      failures.push(`${c.reason}: ${e.message}`);
    }
  }
  // Placed for the first time (a new or returning person): their line, and the lines awaiting them.
  if (state.memberships.length === 0 && done.some((c) => c.kind === 'add')) {
    try {
      await linesOnArrival(ctx, user);
    } catch (e) {
      if (!isArborError(e)) throw e;
      failures.push(`manager: ${e.message}`);
    }
  }
  for (const f of failures) await recordDirectoryError(ctx.db, { request: `place ${user.userName}`, status: 0, detail: f });
  return done;
}

/**
 * The custom roles of a placement that the catalogue still holds. Rules were checked against it
 * when saved; a role deleted since is dropped and said, not given. The catalogue is read only
 * when a rule gives custom roles (one GetItem, shared for a few seconds).
 */
async function customRolesOf(ctx: SyncContext, placements: Placement[], failures: string[]): Promise<(keys: string[]) => string[]> {
  if (!placements.some((p) => p.roles.length > 0)) return () => [];
  const catalogue = await readRoleCatalogue(ctx.db);
  return (keys) => {
    const gone = keys.filter((k) => !Object.hasOwn(catalogue.roles, k));
    for (const k of gone) failures.push(`custom role "${k}" no longer exists and is not given`);
    return keys.filter((k) => Object.hasOwn(catalogue.roles, k));
  };
}

/** `a` then the keys of `b` it lacks, up to the per-membership limit (`onFull` when some do not fit). */
function unionWithin(a: string[], b: string[], onFull: () => void): string[] {
  const out = [...a];
  for (const k of b) {
    if (out.includes(k)) continue;
    if (out.length >= ROLE_LIMITS.rolesPerMembership) {
      onFull();
      break;
    }
    out.push(k);
  }
  return out;
}

const sameKeys = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((k) => b.includes(k));

/** A unit by id, or a path of names under a unit, found (and created when allowed) level by level. */
async function resolveTarget(ctx: SyncContext, target: PlacementTarget): Promise<{ unitId: string; unitPath?: string[] } | undefined> {
  if ('unitId' in target) return { unitId: target.unitId };
  // Nothing is created for a path that could never fit under the depth limit.
  if (target.names.length > MAX_DEPTH) throw new Error(`a path of ${target.names.length} units is deeper than ${MAX_DEPTH}`);
  let parentId = target.parentUnitId;
  for (let i = 0; i < target.names.length; i++) {
    const name = validateUnitName(target.names[i]);
    const cacheKey = `${parentId}\n${name.toLowerCase()}`;
    let id = ctx.units.get(cacheKey) ?? (await findChild(ctx.db, parentId, name));
    if (!id) {
      if (!ctx.createUnits) return { unitId: `new:${target.parentUnitId}:${target.names.slice(0, target.names.length).join('\u0000')}`, unitPath: target.names };
      id = await createOrFind(ctx, parentId, name);
    }
    ctx.units.set(cacheKey, id);
    parentId = id;
  }
  return { unitId: parentId };
}

async function findChild(db: TenantDb, parentId: string, name: string): Promise<string | undefined> {
  const claim = await getItem(db, siblingNameKey(db.tenantId, parentId, name));
  return claim ? String(claim.unitId) : undefined;
}

async function createOrFind(ctx: SyncContext, parentId: string, name: string): Promise<string> {
  try {
    return (await createUnit(ctx.db, ctx.actor, { parentId, name, managedBy: 'directory' })).id;
  } catch (e) {
    // Created by a concurrent sync a moment ago.
    if (isArborError(e) && e.code === 'unit.nameTaken') {
      const id = await findChild(ctx.db, parentId, name);
      if (id) return id;
    }
    throw e;
  }
}


/** The request's guards with one more fact. */
function withFact(outer: WriteGuards | undefined, fact: WriteFact): WriteGuards {
  return { facts: () => [...(outer?.facts() ?? []), fact], sent: () => outer?.sent() };
}
