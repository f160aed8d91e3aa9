// The enforcement half of lib/authz: load what the actor holds (T9) and refuse what they may not
// do with a 403-class error that changes nothing. Server-only.
import type { TenantDb } from '../db';
import { notTenantMember } from '../tenants/errors';
import { denied } from './errors';
import { getUserMemberships } from '../members/get-user-memberships';
import type { TenantUser } from '../members/membership-items';
import type { Action, PlaceOf } from './actions';
import { explainAccess, type Allowed } from './explain-access';
import type { ActorAccess } from './grants';

export interface LoadedAccess extends ActorAccess {
  /** The actor's profile in this tenant (name and email for the audit trail and the UI). */
  profile: TenantUser;
}

/**
 * T9: the actor's memberships in the tenant, from ONE strongly consistent Query of their user
 * partition, so a role removed a moment ago is already gone. Someone holding no membership (for
 * example removed while signed in) is refused here, before any tenant data is read.
 */
export async function loadActorAccess(db: TenantDb, userId: string): Promise<LoadedAccess> {
  const { user, memberships } = await getUserMemberships(db, userId);
  if (!user || memberships.length === 0) {
    throw notTenantMember();
  }
  return { tenantId: db.tenantId, userId, profile: user, memberships };
}

/** An entry point's authorize: decides, and binds the decision's facts into the writes that follow. */
export type Authorize = <A extends Action>(action: A, place: PlaceOf<A>) => Allowed<A>;

/**
 * Returns the grant when the actor may perform the action at the place; otherwise throws
 * `authz.<action>` (lib/authz/errors.ts), saying what is missing. Call it before reading or writing the
 * tenant data the action touches, with places built from stored items, never client input.
 */
export function authorize<A extends Action>(access: ActorAccess, action: A, place: PlaceOf<A>): Allowed<A> {
  const decision = explainAccess(access, action, place);
  if (!decision.allowed) throw denied(decision);
  return decision;
}
