// T9: who the actor is in the tenant and what they hold there, the input of every lib/authz
// decision and the actor of every server entry point.
import 'server-only';
import type { ActorAccess } from '../authz';
import type { AuditActor, TenantDb } from '../db';
import { accountDeactivated, notTenantMember, sessionRevoked } from '../tenancy/errors';
import { getUserMembershipsAndSessions, type SessionOrganization } from './get-user-memberships';
import type { Membership, TenantUser } from './membership-items';
import { readRoleCatalogue } from '../roles';

/**
 * The person acting in one tenant: what lib/auth produces for a request and lib/api's entry
 * points consume. It is an ActorAccess (lib/authz decides from it) and an AuditActor (the
 * domain records it).
 */
export interface RequestActor extends ActorAccess, AuditActor {
  email: string;
  name: string;
  /** Every membership they hold in the tenant, read just now. */
  memberships: Membership[];
  /** Their profile in this tenant (none for an API key). */
  profile?: TenantUser;
  /** The session's copy of the person's organizations (lib/auth/session-records.ts), when it holds one. */
  organizations?: SessionOrganization[];
  /** Set when the actor is an API key (lib/api-keys), not a person; a `check` key may call only check operations. */
  apiKey?: { keyId: string; name: string; scope: 'full' | 'check' };
  /** Tenant-scoped database access for this tenant. */
  db: TenantDb;
}

/** The signed-in session the actor comes from: its id must still be recorded as live. */
export interface LiveSession {
  sessionId: string;
  email: string;
  name: string;
}

/**
 * The actor from ONE strongly consistent Query of their user partition, so a role removed a
 * moment ago is already gone. With a session, the same Query holds its record: a signed-out
 * session is refused first (session.revoked), wherever its cookie was copied. Someone holding no
 * membership (never had one, or removed while signed in) is refused (tenant.notMember), and
 * someone the company's directory deactivated (tenant.deactivated), before any tenant data is read.
 */
export async function loadActorAccess(db: TenantDb, userId: string, session?: LiveSession): Promise<RequestActor> {
  const { user, memberships, sessionIds, sessionOrganizations, deactivated } = await getUserMembershipsAndSessions(db, userId);
  if (session && !sessionIds.has(session.sessionId)) throw sessionRevoked();
  if (!user || memberships.length === 0) throw notTenantMember();
  if (deactivated) throw accountDeactivated();
  // The catalogue only when a custom role is held: everyone else's requests pay nothing for it.
  const catalogue = memberships.some((m) => m.roles?.length) ? await readRoleCatalogue(db) : undefined;
  return {
    tenantId: db.tenantId,
    userId,
    email: session?.email ?? user.email,
    name: user.name || session?.name || user.email,
    memberships,
    ...(catalogue ? { catalogue } : {}),
    profile: user,
    ...(session && sessionOrganizations.has(session.sessionId) ? { organizations: sessionOrganizations.get(session.sessionId) } : {}),
    db,
  };
}
