// The two items of a membership (unit → user and user → unit) and the user's profile inside a
// tenant. Both directions are always written together, in one transaction.
import { z } from 'zod';
import { itemParser, keys } from '../db';
import { ROLES, TENANT_ROLES, type Role } from '../authz/roles';
import { badRole, tenantRoleOnRoot } from './errors';
import { searchKey } from '../validation';
import { storedSummary, summaryOf, toSummary, type MembershipSummary } from './profile-summary';

export { ROLES, ROLE_RANK, TENANT_ROLES, type Role } from '../authz/roles';

export function validateRole(raw: unknown): Role {
  if (!ROLES.includes(raw as Role)) throw badRole();
  return raw as Role;
}

export interface Membership {
  tenantId: string;
  unitId: string;
  userId: string;
  role: Role;
  email: string;
  name: string;
  /** Path of the unit, copied so subtree listings (T7) and permission checks need no join. */
  unitPath: string;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export interface TenantUser extends MembershipSummary {
  tenantId: string;
  userId: string;
  email: string;
  name: string;
  membershipCount: number;
  version: number;
  /** When the first membership (and so the profile) was written. */
  joinedAt?: string;
  /** The last completed sign-in to this tenant (lib/auth/complete-sign-in.ts). */
  lastSignInAt?: string;
}

/** A profile written with the person's first membership (or, seeding, all of them). */
export interface NewTenantUser {
  tenantId: string;
  userId: string;
  email: string;
  name: string;
  memberships: { unitId: string; role: Role }[];
  joinedAt: string;
}

/** The unit → user item (T6, T7). */
export function unitMemberItem(m: Membership): Record<string, unknown> {
  return {
    ...keys.unitMember(m.tenantId, m.unitId, m.userId),
    type: 'unitMember',
    ...m,
    GSI1PK: keys.gsi1.memberTree(m.tenantId),
    GSI1SK: `${m.unitPath}${m.userId}`,
  };
}

/** The user → unit item (T8, T9). Carries no names so renames never fan out to it. */
export function userMembershipItem(m: Membership): Record<string, unknown> {
  return {
    ...keys.userMembership(m.tenantId, m.userId, m.unitId),
    type: 'membership',
    tenantId: m.tenantId,
    userId: m.userId,
    unitId: m.unitId,
    role: m.role,
    unitPath: m.unitPath,
    version: m.version,
    createdAt: m.createdAt,
    updatedAt: m.updatedAt,
  };
}

/** The user's profile in the tenant; exists while they hold at least one membership. */
export function tenantUserItem(u: NewTenantUser): Record<string, unknown> {
  return {
    ...keys.tenantUser(u.tenantId, u.userId),
    type: 'tenantUser',
    tenantId: u.tenantId,
    userId: u.userId,
    email: u.email,
    name: u.name,
    membershipCount: u.memberships.length,
    version: 1,
    joinedAt: u.joinedAt,
    ...summaryOf(u.memberships),
    // The directory sorted by joined date; the time leads, the id breaks ties.
    GSI1PK: keys.gsi1.membersByJoined(u.tenantId),
    GSI1SK: `${u.joinedAt}#${u.userId}`,
    GSI2PK: keys.gsi2.emails(u.tenantId),
    GSI2SK: u.email,
    GSI3PK: keys.gsi3.names(u.tenantId),
    GSI3SK: searchKey(u.name || u.email),
    GSI4PK: keys.gsi4.userTenants(u.userId),
    GSI4SK: u.tenantId,
  };
}

/** Either membership item (unit → user or user → unit); only the unit's side carries names. */
const storedMembership = z.object({
  tenantId: z.string(),
  unitId: z.string(),
  userId: z.string(),
  role: z.enum(ROLES),
  email: z.string().optional(),
  name: z.string().optional(),
  unitPath: z.string(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
const parseMembership = itemParser('membership', storedMembership);

export function toMembership(item: Record<string, unknown>): Membership {
  const m = parseMembership(item);
  return { ...m, email: m.email ?? '', name: m.name ?? '' };
}

const storedTenantUser = storedSummary.extend({
  tenantId: z.string(),
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  membershipCount: z.number().optional(),
  version: z.number(),
  joinedAt: z.string().optional(),
  lastSignInAt: z.string().optional(),
});
const parseTenantUser = itemParser('tenantUser', storedTenantUser);

export function toTenantUser(item: Record<string, unknown>): TenantUser {
  const u = parseTenantUser(item);
  return {
    tenantId: u.tenantId,
    userId: u.userId,
    email: u.email,
    name: u.name,
    membershipCount: u.membershipCount ?? 0,
    version: u.version,
    ...(u.joinedAt ? { joinedAt: u.joinedAt } : {}),
    ...(u.lastSignInAt ? { lastSignInAt: u.lastSignInAt } : {}),
    ...toSummary(u),
  };
}

/** A version the caller read (optimistic locking): a whole number from 1. */
/** The root unit's path holds one id; owner and admin roles live only there. */
export const isRootPath = (unitPath: string) => unitPath.split('/').filter(Boolean).length === 1;

export function assertRoleFitsUnit(role: Role, unitPath: string) {
  if (TENANT_ROLES.includes(role) && !isRootPath(unitPath)) {
    throw tenantRoleOnRoot(role);
  }
}

/** The user → unit item as a domain object; names come from the tenant profile. */
export function toUserMembership(item: Record<string, unknown>, profile?: TenantUser): Membership {
  return { ...toMembership(item), email: profile?.email ?? '', name: profile?.name ?? '' };
}
