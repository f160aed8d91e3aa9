// What a repository receives: a client, the table, and (for tenant data) the tenant it is
// scoped to. Repositories never create clients; lib/tenancy hands out tenant-scoped ones.
import type { BatchGetCommand, GetCommand, QueryCommand, ScanCommand, TransactGetCommand } from '@aws-sdk/lib-dynamodb';
import type { DocumentClient } from './client';
import type { WriteGuards } from './write-guards';

type ReadCommand = GetCommand | QueryCommand | BatchGetCommand | TransactGetCommand | ScanCommand;
type OutputOf<C> = C extends { resolveMiddleware(...args: never[]): (...a: never[]) => Promise<{ output: infer O }> } ? O : never;

/**
 * The client as code outside lib/db holds it: it reads. Every write goes through lib/db's own
 * helpers (writes.ts, batch-writes.ts, transactions.ts), which bind a decision's facts into it;
 * test/db/write-path.test.ts keeps write commands out of the rest of the code.
 */
export interface ReadClient {
  send<C extends ReadCommand>(command: C): Promise<OutputOf<C>>;
}

/** The client behind a db, for lib/db's write helpers only. */
export const writerOf = (db: { client: ReadClient | DocumentClient }): DocumentClient => db.client as DocumentClient;

/** Access to one tenant's items through that tenant's scoped credentials. */
export interface TenantDb {
  client: ReadClient;
  tableName: string;
  tenantId: string;
  /** Set by an entry point once it has authorized: the facts every transaction is conditioned on. */
  guards?: WriteGuards;
  /**
   * The id of the locks this db's writes may pass through (e.g. a change set being applied, which
   * holds its units with its own id): a unit locked by this id is writable, any other lock refuses.
   */
  lockHolder?: string;
  /** The access review whose decisions this db's writes carry out: their audit entries name it. */
  accessReviewId?: string;
}

/** Access to the platform items (P1–P4) through the platform credentials. */
export interface PlatformDb {
  client: ReadClient;
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
