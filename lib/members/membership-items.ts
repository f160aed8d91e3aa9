// The two items of a membership (unit → user and user → unit) and the user's profile inside a
// tenant. Both directions are always written together, in one transaction.
import { z } from 'zod';
import { itemParser, keys, sortKeys } from '../db';
import { ROLES, TENANT_ROLES, type Role } from '../authz/roles';
import { badRole, tenantRoleOnRoot } from './errors';
import type { TenantUser } from '../profiles';

export { ROLES, ROLE_RANK, TENANT_ROLES, type Role } from '../authz/roles';
// The profile item is lib/profiles' (lib/org reads it too); members' callers find it here as well.
export { tenantUserItem, toTenantUser, type NewTenantUser, type TenantUser } from '../profiles';

export function validateRole(raw: unknown): Role {
  if (!ROLES.includes(raw as Role)) throw badRole();
  return raw as Role;
}

export interface Membership {
  tenantId: string;
  unitId: string;
  userId: string;
  role: Role;
  /** Custom role keys held on the unit beside `role` (docs/roles.md); absent or empty = none. */
  roles?: string[];
  email: string;
  name: string;
  /** Path of the unit, copied so subtree listings (T7) and permission checks need no join. */
  unitPath: string;
  version: number;
  createdAt: string;
  updatedAt: string;
  /** Set when directory sync (lib/scim) made it and keeps it: its next sync may undo an edit. */
  managedBy?: 'directory';
}

/** The keys of a membership's two items (unit → user, user → unit), always written together. */
export const membershipKeys = (tenantId: string, unitId: string, userId: string) => [
  keys.unitMember(tenantId, unitId, userId), keys.userMembership(tenantId, userId, unitId),
];

/** The unit → user item (T6, T7). */
export function unitMemberItem(m: Membership): Record<string, unknown> {
  const { roles, ...rest } = m;
  return {
    ...keys.unitMember(m.tenantId, m.unitId, m.userId),
    type: 'unitMember',
    ...rest,
    ...(roles?.length ? { roles } : {}),
    GSI1PK: keys.gsi1.memberTree(m.tenantId),
    GSI1SK: sortKeys.memberInTree(m.unitPath, m.userId),
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
    ...(m.roles?.length ? { roles: m.roles } : {}),
    unitPath: m.unitPath,
    version: m.version,
    createdAt: m.createdAt,
    updatedAt: m.updatedAt,
    ...(m.managedBy ? { managedBy: m.managedBy } : {}),
  };
}

/** Either membership item (unit → user or user → unit); only the unit's side carries names. */
const storedMembership = z.object({
  tenantId: z.string(),
  unitId: z.string(),
  userId: z.string(),
  role: z.enum(ROLES),
  roles: z.array(z.string()).optional(),
  email: z.string().optional(),
  name: z.string().optional(),
  unitPath: z.string(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  managedBy: z.literal('directory').optional(),
});
const parseMembership = itemParser('membership', storedMembership);

export function toMembership(item: Record<string, unknown>): Membership {
  const m = parseMembership(item);
  return { ...m, email: m.email ?? '', name: m.name ?? '' };
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
