// Turns a session into the actor of a request by re-reading their memberships in the active
// tenant (T8: one strongly consistent Query) on every call: removing someone takes effect on
// their next request, whatever their cookie says. The same Query returns the user's live
// session records, so a signed-out session is refused here too, at no extra request.
// Server-only.
import type { Actor as AuditActor, TenantDb } from '../db';
import { accessRevoked, sessionRevoked } from './errors';
import { getUserMembershipsAndSessions, type Membership, type TenantUser } from '../members';
import type { Session } from './session-token';

/** The signed-in person acting in their active tenant. Usable wherever an audit Actor is. */
export interface Actor extends AuditActor {
  userId: string;
  email: string;
  name: string;
  /** The active tenant, from the session: never from the request. */
  tenantId: string;
  /** Every membership they hold in the tenant, read just now (the input of permission checks, T9). */
  memberships: Membership[];
  profile: TenantUser;
  /** Tenant-scoped database access for this tenant. */
  db: TenantDb;
  session: Session;
}

export interface ActorDeps {
  tenantDb(tenantId: string, options?: { userId?: string }): Promise<TenantDb>;
}

export async function resolveActor(deps: ActorDeps, session: Session): Promise<Actor> {
  const db = await deps.tenantDb(session.tenantId, { userId: session.userId });
  const { user, memberships, sessionIds } = await getUserMembershipsAndSessions(db, session.userId);
  // Before the membership: a signed-out session must sign in again, wherever it was copied.
  if (!sessionIds.has(session.sessionId)) throw sessionRevoked();
  if (!user || memberships.length === 0) {
    throw accessRevoked();
  }
  return {
    userId: session.userId,
    email: session.email,
    name: user.name || session.name,
    tenantId: session.tenantId,
    memberships,
    profile: user,
    db,
    session,
  };
}

export { sessionRevoked };
