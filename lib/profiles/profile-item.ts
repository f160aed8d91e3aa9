// A person's profile in a tenant (T#<t>#USER#<u> / PROFILE): who they are there, how many
// memberships they hold and a summary of them. Written with their first membership, deleted with
// their last; the people list, search and sign-in read it. A leaf area: lib/members and lib/org
// both write it, and it imports neither.
import 'server-only';
import { z } from 'zod';
import { itemParser, keys, sortKeys } from '../db';
import type { Role } from '../authz/roles';
import { searchKey } from '../validation';
import { storedSummary, summaryOf, toSummary, type MembershipSummary } from './profile-summary';

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
    // The people list sorted by joined date; the time leads, the id breaks ties.
    GSI1PK: keys.gsi1.membersByJoined(u.tenantId),
    GSI1SK: sortKeys.joined(u.joinedAt, u.userId),
    GSI2PK: keys.gsi2.emails(u.tenantId),
    GSI2SK: u.email,
    GSI3PK: keys.gsi3.names(u.tenantId),
    GSI3SK: searchKey(u.name || u.email),
    GSI4PK: keys.gsi4.userTenants(u.userId),
    GSI4SK: u.tenantId,
  };
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
