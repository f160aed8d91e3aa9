// T8 (and the input of T9): one person's profile and every membership they hold in the tenant.
//
// One strongly consistent Query of the user's partition (`T#<t>#USER#<user>`): authorization
// decides from it, so it must reflect the latest committed role, never an index's lagging copy.
// The partition holds a ~250-byte item per membership, so it fits one 1 MB page for thousands of
// memberships; further pages are followed only to stay exact.
//
// The partition also holds the user's live session records (lib/auth/session-records.ts) and,
// for people the company's directory provisions, their SCIM User (lib/scim): the actor's
// resolution takes the live session ids and the account's `active` from this same Query, at no
// extra request.
import 'server-only';
import { z } from 'zod';
import { itemParser, keys, queryAll, type TenantDb } from '../db';
import { validateId } from '../validation';
import { toTenantUser, toUserMembership, type Membership, type TenantUser } from './membership-items';

export interface UserMemberships {
  /** The person's profile in this tenant; undefined when they are not a member. */
  user: TenantUser | undefined;
  /** Their memberships, by unit id; email and name come from the profile. */
  memberships: Membership[];
  /**
   * The company's directory deactivated them (SCIM `active: false`, lib/scim): their
   * memberships are kept for a reactivation but grant nothing.
   */
  deactivated: boolean;
  /** The id the company's directory gave them (SCIM `externalId`), when it provisioned them with one. */
  externalId?: string;
}

export interface UserMembershipsAndSessions extends UserMemberships {
  /** Ids of the sessions recorded as live in this tenant (`session` items of the partition). */
  sessionIds: Set<string>;
  /** Each live session's copy of the person's organizations, where it holds one. */
  sessionOrganizations: Map<string, SessionOrganization[]>;
  /** The partition's items of other areas (directory sync's User and group links), for them to parse. */
  others: Record<string, unknown>[];
}

export interface SessionOrganization {
  tenantId: string;
  name: string;
}

/** A session item (lib/auth/session-records.ts): its id and its copy of the person's organizations. */
const parseSession = itemParser(
  'session',
  z.object({ sessionId: z.string(), organizations: z.array(z.object({ tenantId: z.string(), name: z.string() })).optional() }),
);
/** The person's SCIM User (lib/scim), when the directory provisioned them: only `active` and `externalId` are read here. */
const parseDirectoryAccount = itemParser('directoryUser', z.object({ active: z.boolean(), externalId: z.string().optional() }));

export async function getUserMemberships(db: TenantDb, rawUserId: string): Promise<UserMemberships> {
  const { user, memberships, deactivated, externalId } = await getUserMembershipsAndSessions(db, rawUserId);
  return { user, memberships, deactivated, ...(externalId !== undefined ? { externalId } : {}) };
}

/** The same single Query, also naming the live sessions it found (the actor's resolution). */
export async function getUserMembershipsAndSessions(db: TenantDb, rawUserId: string): Promise<UserMembershipsAndSessions> {
  const userId = validateId(rawUserId, 'user');
  const items = await queryAll(db, {
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.userPartition(db.tenantId, userId) },
    ConsistentRead: true,
  });

  const profileItem = items.find((i) => i.type === 'tenantUser');
  const user = profileItem ? toTenantUser(profileItem) : undefined;
  const memberships = items.filter((i) => i.type === 'membership').map((i) => toUserMembership(i, user));
  const sessions = items.filter((i) => i.type === 'session').map(parseSession);
  const sessionIds = new Set(sessions.map((x) => x.sessionId));
  const sessionOrganizations = new Map(sessions.flatMap((x) => (x.organizations ? [[x.sessionId, x.organizations] as const] : [])));
  const found = items.find((i) => i.type === 'directoryUser');
  const account = found ? parseDirectoryAccount(found) : undefined;
  const deactivated = account ? !account.active : false;
  const others = items.filter((i) => i.type !== 'tenantUser' && i.type !== 'membership' && i.type !== 'session');
  return { user, memberships, sessionIds, sessionOrganizations, deactivated, ...(account?.externalId !== undefined ? { externalId: account.externalId } : {}), others };
}
