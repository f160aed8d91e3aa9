// What an actor's memberships grant, and where: the scope arithmetic every rule is built from.
// A membership on unit U covers U and everything below it (a path prefix test); owner and admin
// held on the root cover the whole tenant.
import { depthOf, isWithin, type WriteFact } from '../db';
import { ROLE_RANK, TENANT_ROLES, type Role } from './roles';
import type { RoleCatalogue } from './role-catalogue';

/** The part of a membership that decides anything. `Membership` objects fit it as they are. */
export interface Grant {
  unitId: string;
  unitPath: string;
  role: Role;
  /** Custom role keys held on the same unit beside `role` (docs/roles.md); absent = none. */
  roles?: readonly string[];
  /** In a decision: the custom role that granted it (its key); absent when the built-in role did. */
  customRole?: string;
}

/** Everything the decision core knows about the actor in one tenant (T9: one Query). */
export interface ActorAccess {
  tenantId: string;
  userId: string;
  memberships: readonly Grant[];
  /** The tenant's role catalogue, when a decision needs it (the actor holds a custom role, or assigns one). */
  catalogue?: RoleCatalogue;
  /**
   * The items a grant is held by, when not the actor's own membership item (an API key's grant is
   * its key entry and the unit's current path): what a write decided with it is conditioned on.
   */
  grantFacts?: (grant: Grant) => WriteFact[];
}

/**
 * The access with the tenant's catalogue, for `role.assign` decisions (their rule reads the roles
 * the actor holds; their write stands on the catalogue's version). Unchanged when it has one.
 */
export const withCatalogue = (access: ActorAccess, catalogue: RoleCatalogue | undefined): ActorAccess =>
  catalogue && !access.catalogue ? { ...access, catalogue } : access;

/**
 * The same, in place: for an entry point's `authorize`, which decides on the actor object it was
 * handed (lib/api/actor-entry.ts), so a catalogue read by the handler counts in its decisions.
 */
export function attachCatalogue(access: ActorAccess, catalogue: RoleCatalogue | undefined): void {
  if (catalogue && !access.catalogue) access.catalogue = catalogue;
}

/**
 * The role a membership is honoured as. Owner and admin mean "the whole tenant" only on the root,
 * where the data layer puts them; held anywhere else (which the data layer refuses) they are
 * honoured as a plain membership, so corrupt data can never widen anyone's power.
 */
export function effectiveRole(g: Grant): Role {
  return TENANT_ROLES.includes(g.role) && depthOf(g.unitPath) !== 0 ? 'member' : g.role;
}

export const isTenantWide = (g: Grant) => TENANT_ROLES.includes(effectiveRole(g));

/** A manager of the grant's unit (owners and admins are tenant-wide, not managers). */
export const isManager = (g: Grant) => effectiveRole(g) === 'manager';

/** The grant reaches `path`: tenant-wide, or on `path` itself or one of its ancestors. */
export const covers = (g: Grant, path: string) => isTenantWide(g) || isWithin(path, g.unitPath);

/** `path` lies strictly below the grant's unit (never the unit itself). */
export const strictlyBelow = (g: Grant, path: string) => path !== g.unitPath && isWithin(path, g.unitPath);

/** Tenant-wide, or a manager on the unit at `path` or above it. */
export const managesAt = (g: Grant, path: string) => isTenantWide(g) || (isManager(g) && covers(g, path));

/** Tenant-wide, or a manager strictly above `path` (a manager never administers their own unit as a unit). */
export const managesInside = (g: Grant, path: string) => isTenantWide(g) || (isManager(g) && strictlyBelow(g, path));

/** The highest rank the actor holds at `path` (0 when nothing reaches it). */
export function rankAt(access: ActorAccess, path: string): number {
  return access.memberships.reduce((best, g) => (covers(g, path) ? Math.max(best, ROLE_RANK[effectiveRole(g)]) : best), 0);
}

/** The tenant-wide role the actor holds, if any. */
export function tenantRole(access: ActorAccess): Role | undefined {
  const g = access.memberships.find(isTenantWide);
  return g ? effectiveRole(g) : undefined;
}

/** Most specific first (deepest unit), then the higher role: the grant an explanation names. */
export function byNearest(a: Grant, b: Grant): number {
  return b.unitPath.length - a.unitPath.length || ROLE_RANK[effectiveRole(b)] - ROLE_RANK[effectiveRole(a)];
}
