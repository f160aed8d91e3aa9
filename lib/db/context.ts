// What a repository receives: a client, the table, and (for tenant data) the tenant it is
// scoped to. Repositories never create clients; lib/tenancy hands out tenant-scoped ones.
import type { DocumentClient } from './client';

/** Access to one tenant's items through that tenant's scoped credentials. */
export interface TenantDb {
  client: DocumentClient;
  tableName: string;
  tenantId: string;
}

/** Access to the platform items (P1–P4) through the platform credentials. */
export interface PlatformDb {
  client: DocumentClient;
  tableName: string;
}

/** Who performs a mutation, for the audit trail. */
export interface Actor {
  userId: string;
  email: string;
  /** Display name, so audit lines read "Alice renamed …". */
  name?: string;
}

/**
 * Only the identity of an actor, for storing. Callers may pass a richer object (a request's
 * actor also holds its database client, memberships and session), and none of that belongs in
 * an item.
 */
export const actorIdentity = (a: Actor): Actor => ({ userId: a.userId, email: a.email, ...(a.name ? { name: a.name } : {}) });
