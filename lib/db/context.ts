// What a repository receives: a client, the table, and (for tenant data) the tenant it is
// scoped to. Repositories never create clients; lib/tenancy hands out tenant-scoped ones.
import type { DocumentClient } from './client';
import type { WriteGuards } from './write-guards';

/** Access to one tenant's items through that tenant's scoped credentials. */
export interface TenantDb {
  client: DocumentClient;
  tableName: string;
  tenantId: string;
  /** Set by an entry point once it has authorized: the facts every transaction is conditioned on. */
  guards?: WriteGuards;
  /**
   * The id of the locks this db's writes may pass through (e.g. a change set being applied, which
   * holds its units with its own id): a unit locked by this id is writable, any other lock refuses.
   */
  lockHolder?: string;
}

/** Access to the platform items (P1–P4) through the platform credentials. */
export interface PlatformDb {
  client: DocumentClient;
  tableName: string;
}

/** Who performs a mutation, for the audit trail. */
export interface AuditActor {
  userId: string;
  email: string;
  /** Display name, so audit lines read "Alice renamed …". */
  name?: string;
}

/**
 * Only the identity of an actor, for storing. Callers may pass a richer object (a request's
 * actor also holds its database client, memberships and profile), and none of that belongs in
 * an item.
 */
export const actorIdentity = (a: AuditActor): AuditActor => ({ userId: a.userId, email: a.email, ...(a.name ? { name: a.name } : {}) });

/** The same db, writing as the holder of `holderId`'s locks (see TenantDb.lockHolder). */
export const holdingLocks = <D extends TenantDb>(db: D, holderId: string): D => ({ ...db, lockHolder: holderId });
