// T9: what the actor holds in the tenant, the input of every lib/authz decision. Server-only.
import type { ActorAccess } from '../authz';
import type { TenantDb } from '../db';
import { notTenantMember } from '../tenants/errors';
import { getUserMemberships } from './get-user-memberships';
import type { TenantUser } from './membership-items';

export interface LoadedAccess extends ActorAccess {
  /** The actor's profile in this tenant (name and email for the audit trail and the UI). */
  profile: TenantUser;
}

/**
 * The actor's memberships in the tenant, from ONE strongly consistent Query of their user
 * partition, so a role removed a moment ago is already gone. Someone holding no membership (for
 * example removed while signed in) is refused here, before any tenant data is read.
 */
export async function loadActorAccess(db: TenantDb, userId: string): Promise<LoadedAccess> {
  const { user, memberships } = await getUserMemberships(db, userId);
  if (!user || memberships.length === 0) throw notTenantMember();
  return { tenantId: db.tenantId, userId, profile: user, memberships };
}
